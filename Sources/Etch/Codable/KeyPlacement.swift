/// Where the keys a `Decoder` lists for an object go in a model: for each one-key field,
/// the position of its key among the coding keys; then the positions of the undeclared keys.
///
/// It lives in scratch memory the decoding of one object lends it, as every object needs one.
struct KeyPlacement {
    /// What ``fields`` holds for a field whose key is not in the object.
    static let absent = -1
    /// What ``fields`` holds for a field whose value was read, but whose read does not
    /// prove it fits the field.
    static let unproven = -2

    /// For each field of the table: its key's position among the coding keys, or
    /// ``absent``, or ``unproven``.
    let fields: UnsafeMutableBufferPointer<Int>
    /// The positions among the coding keys of the keys no field declares, in the decoder's order.
    let undeclared: UnsafeMutableBufferPointer<Int>.SubSequence

    /// Places each coding key: `scratch` has room for one position per field and per key.
    init(_ codingKeys: [AnyCodingKey], in table: ModelCodingTable, scratch: UnsafeMutableBufferPointer<Int>) {
        let fieldCount = table.fields.count
        let fields = UnsafeMutableBufferPointer(rebasing: scratch[..<fieldCount])
        fields.update(repeating: Self.absent)
        var undeclaredCount = 0
        for (position, key) in codingKeys.enumerated() {
            if let field = table.position(ofKey: key.stringValue) {
                fields[field] = position
            } else {
                scratch[fieldCount + undeclaredCount] = position
                undeclaredCount += 1
            }
        }
        self.fields = fields
        self.undeclared = scratch[fieldCount..<fieldCount + undeclaredCount]
    }

    /// The keys of the decoded object: the declared ones present, in schema order, then the
    /// undeclared ones. An object with every declared key and no other, the usual one,
    /// shares the table's key array.
    func keys(_ codingKeys: [AnyCodingKey], in table: ModelCodingTable) -> [String] {
        if undeclared.isEmpty, !fields.contains(Self.absent) { return table.keys }
        var keys: [String] = []
        keys.reserveCapacity(fields.count + undeclared.count)
        for (field, state) in fields.enumerated() where state != Self.absent { keys.append(table.keys[field]) }
        for position in undeclared { keys.append(codingKeys[position].stringValue) }
        return keys
    }
}
