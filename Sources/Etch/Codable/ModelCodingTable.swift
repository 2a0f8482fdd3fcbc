/// A model's fields as its `Codable` conformance reads them, worked out once per model
/// (``_ModelSchema`` keeps it): the one-key fields in schema order, and a table that finds
/// the field of a key by the key's bytes.
///
/// A `Decoder` hands over an object's keys as strings, in an order of its own (`JSONDecoder`
/// keeps them in a hashed dictionary), so every key is looked up here once. The table hashes
/// only the key's length and its first and last eight bytes, which tells a model's keys
/// apart well enough and costs far less than hashing the whole key with `Hasher`; the key's
/// bytes are then compared, as a ``ModelDictionary`` compares keys.
struct ModelCodingTable: Sendable {
    /// The wire keys of the one-key fields, in schema order: a decoded model keeps them in
    /// this order. Each is the field's own string, so a dictionary that keeps it matches the
    /// field's key by representation, which getters compare first.
    let keys: [String]
    /// The one-key fields, parallel to ``keys``.
    let fields: [any _CodableModelField]
    /// The positions in ``fields`` of the fields whose absence fails their check: no
    /// default, not optional.
    let requiredFields: [Int]
    /// The fields that are not read by their own key (dotted keys), checked after decoding.
    let fieldsCheckedAfterDecoding: [any _AnyModelField]
    /// Open addressing over ``keys``: a key's position plus one, or 0 for an empty slot.
    private let slots: [Int32]
    /// Each key's ``hash(_:)``, parallel to ``keys``.
    private let hashes: [Int]

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
        let hashes = keys.map(Self.hash)
        var slots = [Int32](repeating: 0, count: keys.isEmpty ? 0 : Self.slotCount(for: keys.count))
        for (position, hash) in hashes.enumerated() {
            var slot = hash & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(position + 1)
        }
        self.keys = keys
        self.fields = codable
        self.requiredFields = codable.indices.filter { !codable[$0].isValidWhenAbsent }
        self.fieldsCheckedAfterDecoding = others
        self.slots = slots
        self.hashes = hashes
    }

    /// The position in ``fields`` of the field whose key has `key`'s bytes, if one is declared.
    func position(ofKey key: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if hashes[position] == hash, WireKey.sameBytes(keys[position], key) { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// A power of two at least twice `count`, so probes stay short.
    private static func slotCount(for count: Int) -> Int {
        var slots = 4
        while slots < 2 * count { slots *= 2 }
        return slots
    }

    /// Mixes a key's length with its first and last eight bytes (fewer for a shorter key).
    static func hash(_ key: String) -> Int {
        var key = key
        return key.withUTF8 { bytes in
            let count = bytes.count
            var mixed = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
            if count >= 8 {
                let raw = UnsafeRawPointer(bytes.baseAddress!)
                mixed ^= raw.loadUnaligned(as: UInt64.self)
                mixed = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
                mixed ^= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else {
                for byte in bytes { mixed = (mixed << 8) | UInt64(byte) }
            }
            mixed = (mixed ^ (mixed >> 31)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: mixed ^ (mixed >> 32))
        }
    }
}
