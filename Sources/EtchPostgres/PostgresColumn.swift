/// A column of a model's table (format 2) that holds a field's value as Etch's ``IndexKey``
/// compares it: the id, or a field an `@index`, `@unique` or `@sorted` index uses. The store
/// writes it as a parameter beside the object (text normalized to NFC in Swift), so that the
/// server indexes plain values and computes nothing per row.
///
/// ```swift
/// column.definition  // "artist" text COLLATE "C"
/// column.parameter   // $3::text
/// ```
struct PostgresColumn: Sendable, Equatable {
    /// The field's name in the schema (`id` for the id).
    let field: String
    /// The column's name, unquoted (see ``PostgresModelTable/columnName(of:)``).
    let name: String
    /// How its values compare; `nil` for an id of a type SQL cannot compare as Etch does,
    /// which the column holds as its `jsonb`.
    let kind: PostgresValueKind?
    /// SQL that computes the value from the row's `object`, which fills the column of the
    /// rows written before it was added (a table of format 1, an index added to the schema).
    let computed: String

    /// The column's name as statements spell it: quoted, but for the id's, `id`.
    var quoted: String { name == "id" ? name : PostgresSQL.identifier(name) }

    /// The column's type: `text COLLATE "C"`, `numeric`, `boolean`, or `jsonb`.
    var type: String { kind?.columnType ?? "jsonb" }

    /// The column's type as `format_type` prints it, which a table found at open must have.
    var printedType: String { kind?.name ?? "jsonb" }

    /// `"name" type`, as `CREATE TABLE` and `ADD COLUMN` spell it.
    var definition: String { "\(quoted) \(type)" }

    /// The column's comment, which marks it as Etch's and written: `Etch field artist`.
    var comment: String { Self.comment(field: field) }

    /// The comment of a field's column that Etch writes.
    static func comment(field: String) -> String { "Etch field \(field)" }

    /// What a column's comment becomes when the schema no longer indexes its field, so
    /// that writes no longer keep it: refilled from the objects if the field is indexed again.
    static let notWrittenSuffix = ", not written"

    /// `COMMENT ON COLUMN` of the column of `table` (quoted).
    func commentStatement(table: String, comment: String? = nil) -> String {
        "COMMENT ON COLUMN \(table).\(quoted) IS \(PostgresSQL.literal(comment ?? self.comment))"
    }

    /// A placeholder cast to the column's type: `$3::text`.
    func placeholder(_ placeholder: String) -> String {
        "\(placeholder)::\(printedType)"
    }
}
