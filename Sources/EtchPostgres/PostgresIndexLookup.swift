import Etch

/// The statements that read the objects of one value of an `@index` or `@unique` field whose
/// values SQL compares as Etch does, made once per table rather than on every read.
///
/// The condition compares the field's column, whose index the planner uses. The statements
/// have no `ORDER BY`: the rows come in the index's order and are put in id order in Swift
/// as they come (see ``PostgresObjectReader``), which spares the server a sort of its own, a
/// sort that would hold every row back until the last was found.
///
/// ```swift
/// lookup.statement(for: .string("a1"))
/// // (SELECT object FROM "Album" WHERE ("artist") = $1::text, ["a1"])
/// ```
struct PostgresIndexLookup: Sendable, Equatable {
    /// How the field's values compare in SQL, and so how a value is sent.
    let kind: PostgresValueKind
    /// The objects whose value equals `$1`.
    let equal: String
    /// The objects without a value (`nil`, or the key absent).
    let isNull: String

    /// The lookups of a field of `table` (quoted); `nil` when SQL cannot compare its values
    /// as Etch does.
    init?(_ field: PostgresFieldExpression, table: String) {
        guard let kind = field.kind, let typed = field.typed else { return nil }
        let select = "SELECT object FROM \(table) WHERE "
        self.kind = kind
        self.equal = select + "(\(typed)) = \(kind.placeholder("$1"))"
        self.isNull = select + "(\(typed)) IS NULL"
    }

    /// The statement that reads the objects of a key, and its parameters; `nil` for a key
    /// the field's values cannot equal (a string for a number field, a non-finite number).
    func statement(for key: IndexKey) -> (sql: String, parameters: [String?])? {
        if key == .null { return (isNull, []) }
        guard let parameter = kind.parameter(of: key) else { return nil }
        return (equal, [parameter])
    }
}
