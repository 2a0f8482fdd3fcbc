@_spi(EtchCollections) import Etch

/// What a store's open reads of each object it holds as its JSON bytes: every declared
/// field's member, checked as the model checks it, and the id's and indexes' keys read from
/// them; the undeclared members are checked as JSON and not built. A `String` field that no
/// index reads is checked by its kind alone (any string reads as a `String`), so its string
/// is not built either. The object is read whole the first time it is asked for.
struct DeclaredMembers<Model: IdentifiedModel>: Sendable {
    /// The top-level wire keys read.
    let keys: JSONMemberKeys

    /// The members of the model's declared fields, when `indexes` are the schema's own and
    /// the id and each of them read a declared field; nil otherwise (an index added at run
    /// time may read any value, under any name), when only the whole object can answer.
    init?(indexes: [ModelIndex<Model>]) {
        // The schema's indexes are named for the field their key reads; others need not be.
        let schemaIndexes = Model._indexes
        guard indexes.count == schemaIndexes.count,
            zip(indexes, schemaIndexes).allSatisfy({ $0.name == $1.name && $0.kind == $1.kind })
        else { return nil }
        let declared = Model._schema.fields
        let names = ["id"] + indexes.flatMap { [$0.value.name] + ($0.groupBy.map { [$0.name] } ?? []) }
        // Wire keys are compared by their bytes, as objects hold them.
        var read: Set<[UInt8]> = []
        for name in names {
            guard let field = declared.first(where: { $0.name == name }), let key = field.path.first else { return nil }
            read.insert(Array(key.utf8))
        }
        var keys: [String] = []
        var fieldsByKey: [[UInt8]: [any _AnyModelField]] = [:]
        for field in declared {
            guard let key = field.path.first else { continue }
            if fieldsByKey[Array(key.utf8), default: []].isEmpty { keys.append(key) }
            fieldsByKey[Array(key.utf8), default: []].append(field)
        }
        // A string is as good as another under a key only one `String` field reads, and no
        // index: a key two fields share (a field and a nested field's parent) is read whole.
        let anyString = keys.filter { key in
            let bytes = Array(key.utf8)
            guard !read.contains(bytes), let fields = fieldsByKey[bytes], fields.count == 1 else { return false }
            return fields[0].path.count == 1 && ["String", "Optional<String>"].contains(fields[0].valueTypeName)
        }
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
