import Etch

/// Decodes the stored objects of a statement's rows as they come (the first column an
/// object's JSON), where libpq holds them: the reader of the store's reads, which decodes a
/// row while the server still works on the later ones.
///
/// A reader made `inIDOrder` answers the objects in id order (see
/// ``PostgresModelTable/inIDOrder(_:)``) for a statement without `ORDER BY`: it takes each
/// id's key as its row comes, while the server works on, so that rows that came in id order
/// (as an index's rows often do) cost no step of their own once the last one is in.
struct PostgresObjectReader<Model: IdentifiedModel>: PostgresRowReader {
    /// The statement, for the errors.
    let statement: String
    /// The objects decoded so far, in the rows' order.
    private var objects: [Model] = []
    /// The keys of the objects' ids, when the answer is in id order; `nil` otherwise.
    private var idKeys: [IndexKey]?
    /// Whether the objects decoded so far are in id order.
    private var isInIDOrder = true

    /// A reader of a statement's objects.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - statement: The statement, for the errors.
    ///   - inIDOrder: Whether the answer is put in id order, rather than the rows' order.
    init(_ type: Model.Type, statement: String, inIDOrder: Bool = false) {
        self.statement = statement
        self.idKeys = inIDOrder ? [] : nil
    }

    /// Decodes the rows' objects.
    ///
    /// - Throws: ``PostgresError/unexpectedResult(statement:reason:)`` for a row that does
    ///   not read as the model.
    mutating func read(_ rows: PostgresResult) throws(PostgresError) {
        let start = objects.count
        try PostgresModelTable.decode(rows, as: Model.self, statement: statement, into: &objects)
        guard idKeys != nil else { return }
        for position in start..<objects.count {
            let key = objects[position].id.indexKey
            if isInIDOrder, let last = idKeys?.last, key < last { isInIDOrder = false }
            idKeys?.append(key)
        }
    }

    /// The objects, in id order or in the rows' order.
    consuming func answer() -> [Model] {
        guard let idKeys, !isInIDOrder else { return objects }
        return PostgresModelTable.inIDOrder(objects, keys: idKeys)
    }
}
