/// What decoding one model object found for each of its one-key fields: proven, present
/// but unproven, or absent.
///
/// It lives in scratch memory the decoding of one object lends it, as every object needs one.
struct KeyPlacement {
    /// What ``fields`` holds for a field whose value was read and proven to fit.
    static let proven = 0
    /// What ``fields`` holds for a field whose key is not in the object.
    static let absent = -1
    /// What ``fields`` holds for a field whose value was read, but whose read does not
    /// prove it fits the field.
    static let unproven = -2

    /// For each field of the table: ``proven``, ``absent`` or ``unproven``.
    let fields: UnsafeMutableBufferPointer<Int>

    /// Starts with every field proven: `scratch` has room for one state per field.
    init(fieldCount: Int, scratch: UnsafeMutableBufferPointer<Int>) {
        fields = UnsafeMutableBufferPointer(rebasing: scratch[..<fieldCount])
        fields.update(repeating: Self.proven)
    }

    /// The keys of the decoded object: the declared ones present, in schema order, then the
    /// undeclared ones. An object with every declared key and no other, the usual one,
    /// shares the table's key array.
    func keys(undeclared: [String], in table: ModelCodingTable) -> [String] {
        if undeclared.isEmpty, !fields.contains(Self.absent) { return table.keys }
        var keys: [String] = []
        keys.reserveCapacity(fields.count + undeclared.count)
        for (field, state) in fields.enumerated() where state != Self.absent { keys.append(table.keys[field]) }
        keys.append(contentsOf: undeclared)
        return keys
    }
}
