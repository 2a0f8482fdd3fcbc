@_spi(EtchCollections) import Etch

/// What a store's open reads of each object it holds as its JSON bytes: every declared
/// field's member, checked as the model checks it, and the id's and indexes' keys read from
/// them; the undeclared members are checked as JSON and not built. A `String` field that no
/// index reads is checked by its kind alone (any string reads as a `String`), so its string
/// is not built either. The object is read whole the first time it is asked for.
struct IndexedMembers<Model: IdentifiedModel>: Sendable {
    /// The top-level wire keys read.
    let keys: JSONMemberKeys

    /// The members of the model's declared fields, when the id and every index of `indexes`
    /// read a declared field; nil when one reads something else (a computed value), which
    /// only the whole object can answer.
    init?(indexes: [ModelIndex<Model>]) {
        let declared = Model._schema.fields
        let names = ["id"] + indexes.flatMap { [$0.value.name] + ($0.groupBy.map { [$0.name] } ?? []) }
        var read: Set<String> = []
        for name in names {
            guard let field = declared.first(where: { $0.name == name }), let key = field.path.first else { return nil }
            read.insert(key)
        }
        var keys: [String] = []
        var anyString: Set<String> = []
        for field in declared {
            guard let key = field.path.first else { continue }
            if !keys.contains(key) { keys.append(key) }
            if field.path.count == 1, !read.contains(key), ["String", "Optional<String>"].contains(field.valueTypeName)
            {
                anyString.insert(key)
            }
        }
        // A key two fields share (a field and a nested field's parent) is read whole.
        for key in anyString where declared.filter({ $0.path.first == key }).count > 1 { anyString.remove(key) }
        self.keys = JSONMemberKeys(keys, anyString: anyString)
    }

    /// The members of the object in `bytes`, the rest of it checked as JSON; nil when
    /// `bytes` do not start as an object, which the model's own read reports.
    ///
    /// - Throws: ``JSONError`` when `bytes` are not JSON.
    func read(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> ModelDictionary? {
        for byte in bytes where byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 {
            guard byte == UInt8(ascii: "{") else { return nil }
            break
        }
        return try JSONObjectBytes.readMembers(of: bytes, wanted: keys)
    }

    /// The model of the members read, checked as the model checks a whole object.
    ///
    /// - Throws: ``ModelError`` naming the model, for the first field in schema order that
    ///   does not read as its type, as the model's own check throws.
    func model(of members: ModelDictionary) throws(ModelError) -> Model {
        try Model(dictionary: members)
    }
}
