/// A model's fields as its `Codable` conformance reads them, worked out once per model
/// (``_ModelSchema`` keeps it): the one-key fields in schema order, and an index that finds
/// the field of a key by the key's bytes (``ModelKeyIndex``).
///
/// A class, as ``ModelCodingKey`` reaches it once per key an object lists: reading it then
/// retains one reference rather than copying each of its arrays.
final class ModelCodingTable: Sendable {
    /// The wire keys of the one-key fields, in schema order: a decoded model keeps them in
    /// this order. Each is the field's own string, so a dictionary that keeps it matches the
    /// field's key by representation, which getters compare first.
    let keys: [String]
    /// The one-key fields, parallel to ``keys``.
    let fields: [any _CodableModelField]
    /// The positions in ``fields`` of the fields whose absence fails their check: no
    /// default, not optional.
    let requiredFields: [Int]
    /// For each of ``fields``, whether its absence passes its check (it has a default, or
    /// is optional), so its key is looked for before it is read.
    let mayBeAbsent: [Bool]
    /// For each of ``fields``, whether `null` passes its check (it is optional), so a
    /// `null` read for it needs no check.
    let acceptsNull: [Bool]
    /// The fields that are not read by their own key (dotted keys), checked after decoding.
    let fieldsCheckedAfterDecoding: [any _AnyModelField]
    /// Finds a key's position in ``keys``.
    let index: ModelKeyIndex
    /// Whether a declared key has a byte above ASCII: then a key of other bytes may still
    /// equal it as a Swift `String` (canonical equivalence), as `Decoder`s compare names.
    let hasNonASCIIKey: Bool
    /// The position in ``keys`` of each key, found by `String` equality (canonical
    /// equivalence) rather than by bytes; see ``positionOfEquivalentKey(_:)``.
    private let positionsByEquality: [String: Int]

    /// Makes the table of a model's fields.
    init(fields: [any _AnyModelField]) {
        var codable: [any _CodableModelField] = []
        var others: [any _AnyModelField] = []
        for field in fields {
            if field.path.count == 1, let field = field as? any _CodableModelField {
                codable.append(field)
            } else {
                others.append(field)
            }
        }
        let keys = codable.map { $0.path[0] }
        self.keys = keys
        self.fields = codable
        let mayBeAbsent = codable.map(\.isValidWhenAbsent)
        self.mayBeAbsent = mayBeAbsent
        self.acceptsNull = codable.map(\.acceptsNull)
        self.requiredFields = codable.indices.filter { !mayBeAbsent[$0] }
        self.fieldsCheckedAfterDecoding = others
        self.index = ModelKeyIndex(keys: keys)
        self.hasNonASCIIKey = keys.contains { !Self.isASCII($0) }
        var positionsByEquality: [String: Int] = [:]
        for (position, key) in keys.enumerated() where positionsByEquality[key] == nil {
            positionsByEquality[key] = position
        }
        self.positionsByEquality = positionsByEquality
    }

    /// For a key an object lists that no declared key matches byte for byte: the position
    /// of a declared key it nevertheless equals as a Swift `String` (`"cafe\u{301}"` and
    /// `"café"`), if any. A `Decoder` asked for the declared key by name would hand over
    /// this key's value; Etch compares keys by their bytes, so that field is absent.
    func positionOfEquivalentKey(_ key: String) -> Int? {
        // Two ASCII strings are equal only when their bytes are.
        guard hasNonASCIIKey || !Self.isASCII(key) else { return nil }
        return positionsByEquality[key]
    }

    /// Whether every byte of `key` is ASCII.
    static func isASCII(_ key: String) -> Bool {
        key.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The position in ``fields`` of the field whose key has `key`'s bytes, if one is declared.
    func position(ofKey key: String) -> Int? {
        index.position(ofKey: key)
    }
}
