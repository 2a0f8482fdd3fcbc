import Etch

/// A model's table in PostgreSQL, and the statements that make it and its indexes.
///
/// Format 2. Objects are stored whole as `jsonb` (every key kept, undeclared ones too). Beside
/// the object, the table has real columns that the store writes as parameters with each
/// object, so that the server indexes plain values and computes nothing per row: `id`, the
/// primary key, and one column per field that an `@index`, `@unique` or `@sorted` index uses
/// (as its value or its group), named as the field (a field named `object` has the column
/// `object (field)`). Each holds the value as Etch's ``IndexKey`` compares it (see
/// ``PostgresValueKind``): text normalized to NFC in Swift and compared by code point
/// (`text COLLATE "C"`), so that `"\u{212A}"` and `"K"` are one value as they are to Swift;
/// numbers as `numeric`, exactly; booleans; a reference as its target's id; `nil` as `NULL`.
/// The indexes are plain btrees on the columns: `@index` on the value, `@unique` a UNIQUE index
/// on the value (`NULL` exempt; the database enforces it for every process), `@sorted` on the
/// value (`NULLS FIRST`) then the id, and `@sorted(groupBy:)` on the group, the value, then
/// the id. A field of a type SQL cannot compare as Etch does (a date, a decimal, a UUID) has
/// no column: its index is on its `jsonb` (`NULLIF(…, 'null')` for `@unique`), and the store
/// compares its values in Swift; an id of such a type is held as its `jsonb`. For the test
/// models'
///
/// ```
/// model Album {
///     let id: String
///     @index var artist: String
///     @sorted(groupBy: artist) var year: Int
///     @unique var catalog: String?
/// }
/// ```
///
/// ``statements`` are
///
/// ```sql
/// CREATE TABLE IF NOT EXISTS "Album" (
///     object jsonb NOT NULL CHECK (jsonb_typeof(object) = 'object'),
///     id text COLLATE "C" PRIMARY KEY,
///     "artist" text COLLATE "C",
///     "year" numeric,
///     "catalog" text COLLATE "C"
/// );
/// COMMENT ON TABLE "Album" IS 'Etch model Album, format 2';
/// COMMENT ON COLUMN "Album"."artist" IS 'Etch field artist';  -- and "year", "catalog"
/// CREATE INDEX IF NOT EXISTS "Album by artist" ON "Album" ("artist");
/// CREATE INDEX IF NOT EXISTS "Album sorted year by artist" ON "Album" ("artist", "year" NULLS FIRST, id);
/// CREATE UNIQUE INDEX IF NOT EXISTS "Album unique catalog" ON "Album" ("catalog");
/// ```
///
/// and an object is written with ``insertStatement``: `INSERT INTO "Album" (id, object,
/// "artist", "year", "catalog") VALUES ($1::text, $2::jsonb, $3::text, $4::numeric, $5::text)
/// ON CONFLICT (id) DO UPDATE SET …`.
///
/// The table's comment marks it as Etch's: ``create(on:)`` refuses a table of the same
/// name without it rather than write into another program's data. A table of format 1 (the
/// id a `jsonb` column generated from the object, expression indexes calling `normalize()`
/// on the object's keys) is upgraded in place when the store opens, in one transaction (see
/// ``upgradeFromFormat1(oid:on:)``); a field that an index of the schema uses for the first
/// time gets its column, filled from the objects, and its index. Each field column's comment
/// (`Etch field artist`) says that Etch writes it; a column whose field the schema no longer
/// indexes is marked `…, not written` at open, and refilled if the field is indexed again.
public struct PostgresModelTable: Sendable, Equatable {
    /// The model's name in the schema.
    public let model: String
    /// The table's name (unquoted): the model's.
    public let table: String
    /// `CREATE TABLE`, then `COMMENT ON TABLE`, then `COMMENT ON COLUMN` per field column,
    /// then one `CREATE INDEX` per index of the schema, in schema order.
    public let statements: [String]

    /// The quoted table name, as statements use it.
    let quotedTable: String
    /// The id's column.
    let id: PostgresColumn
    /// The columns of the fields the schema's indexes use, in the order the indexes first
    /// use them; the id's not among them.
    let columns: [PostgresColumn]
    /// The statement that reads the object of an id, `$1` the id's parameter
    /// (``idParameter(of:as:)``).
    ///
    /// The store's reads select the `jsonb` column itself, in text format: the text of
    /// `jsonb_out`, the same as `object::text`, whose cast costs the server two more copies
    /// of each object (into a `text` and out of it).
    let objectStatement: String
    /// ``objectStatement`` `FOR UPDATE`: a transaction's read of an object, which locks its
    /// row until the transaction ends.
    let lockingObjectStatement: String
    /// The statement that locks the rows of some ids `FOR KEY SHARE`, `$1` an array of the
    /// ids' parameters: a transaction writing references to them keeps a concurrent one from
    /// deleting them until it ends (see ``PostgresStoreTransaction/lockReferencedObjects(of:old:)``).
    let keySharingStatement: String
    /// The statement that deletes the object of an id, `$1` the id's parameter.
    let deleteStatement: String
    /// The statement that writes a row (``row(of:json:)`` its parameters), replacing the
    /// row of its id.
    let insertStatement: String
    /// The columns a row is written to: `id, object, "artist", …`.
    let insertColumns: String
    /// The placeholders of a row's values, cast to their columns' types, as
    /// ``insertStatement`` writes them: `$1::text, $2::jsonb, $3::text, …`.
    let rowPlaceholders: String
    /// `ON CONFLICT (id) DO UPDATE SET object = EXCLUDED.object, …`, which replaces a row.
    let replacing: String
    /// The statements that read the objects of one value of an `@index` or `@unique` field
    /// whose values SQL compares as Etch does, by field name: made once, as every read
    /// would otherwise spell them anew.
    let lookups: [String: PostgresIndexLookup]
    /// The columns and indexes the table must have, checked when the store opens on a table
    /// that exists.
    let shape: PostgresTableShape

    /// The version of the table layout, in the table's comment.
    public static let format = 2

    /// The table of a generated model.
    ///
    /// - Parameter type: The model type.
    /// - Throws: ``PostgresError/unindexableField(model:index:reason:)`` for an index whose
    ///   value or group is not a serialized field of the schema (an index added at run time
    ///   on a computed property), or a model whose id is not a field.
    public init<Model: IdentifiedModel>(for type: Model.Type) throws(PostgresError) {
        let schema = Model._schema
        func path(of name: String, index: String) throws(PostgresError) -> [String] {
            guard let field = schema.fields.first(where: { $0.name == name }) else {
                throw .unindexableField(
                    model: schema.name, index: index,
                    reason: "\(name) is not a serialized field of \(schema.name); index fields of the schema only")
            }
            return field.path
        }
        let table = schema.name
        let quoted = PostgresSQL.identifier(table)
        let idField = PostgresFieldExpression(
            name: "id", path: try path(of: "id", index: "id"), valueType: Model.ID.self, hasColumn: true)
        let id = PostgresColumn(field: "id", name: "id", kind: idField.kind, computed: idField.computed ?? idField.json)
        var columns: [PostgresColumn] = []
        var lookups: [String: PostgresIndexLookup] = [:]
        var shape = PostgresTableShape(id: id)
        var indexStatements: [String] = []
        for index in Model._indexes {
            // A field with a kind is read from its column, written by the store; another
            // (a date, a UUID) is indexed as its `jsonb`, which only Swift compares.
            func indexed(_ value: ModelIndex<Model>.Value) throws(PostgresError) -> PostgresFieldExpression {
                let field = PostgresFieldExpression(
                    name: value.name, path: try path(of: value.name, index: index.name),
                    valueType: Swift.type(of: value.keyPath).valueType, hasColumn: true)
                if let computed = field.computed, value.name != "id",
                    !columns.contains(where: { $0.field == value.name })
                {
                    columns.append(
                        PostgresColumn(
                            field: value.name, name: Self.columnName(of: value.name), kind: field.kind,
                            computed: computed))
                }
                return field
            }
            let value = try indexed(index.value)
            if index.kind != .sorted, index.groupBy == nil, lookups[index.value.name] == nil,
                let lookup = PostgresIndexLookup(value, table: quoted)
            {
                lookups[index.value.name] = lookup
            }
            let term = value.column ?? "(\(value.json))"
            switch index.kind {
            case .index:
                let name = "\(table) by \(index.value.name)"
                indexStatements.append(Self.createIndex(name, on: quoted, term))
                shape.indexes.append(.init(name: PostgresSQL.fittingIdentifier(name), isUnique: false, columns: 1))
            case .unique:
                // A column is NULL for nil, which a unique index exempts.
                let unique = value.column ?? "(NULLIF(\(value.json), 'null'::jsonb))"
                let name = "\(table) unique \(index.value.name)"
                indexStatements.append(Self.createIndex(name, unique: true, on: quoted, unique))
                shape.indexes.append(.init(name: PostgresSQL.fittingIdentifier(name), isUnique: true, columns: 1))
            case .sorted:
                var terms = [value.column.map { "\($0) NULLS FIRST" } ?? term, "id"]
                if let group = index.groupBy {
                    let field = try indexed(group)
                    terms.insert(field.column ?? "(\(field.json))", at: 0)
                }
                let name = "\(table) sorted \(index.name)"
                indexStatements.append(Self.createIndex(name, on: quoted, terms.joined(separator: ", ")))
                shape.indexes.append(
                    .init(name: PostgresSQL.fittingIdentifier(name), isUnique: false, columns: terms.count))
            }
        }
        shape.columns = columns
        let definitions =
            ["object jsonb NOT NULL CHECK (jsonb_typeof(object) = 'object')", "\(id.definition) PRIMARY KEY"]
            + columns.map(\.definition)
        self.model = schema.name
        self.table = table
        self.statements =
            [
                "CREATE TABLE IF NOT EXISTS \(quoted) (\n"
                    + definitions.map { "    " + $0 }.joined(separator: ",\n") + "\n)",
                "COMMENT ON TABLE \(quoted) IS \(PostgresSQL.literal(Self.comment(model: schema.name)))",
            ] + columns.map { $0.commentStatement(table: quoted) } + indexStatements
        self.quotedTable = quoted
        self.id = id
        self.columns = columns
        self.objectStatement = "SELECT object FROM \(quoted) WHERE id = \(id.placeholder("$1"))"
        self.lockingObjectStatement = objectStatement + " FOR UPDATE"
        self.keySharingStatement = "SELECT 1 FROM \(quoted) WHERE id = ANY (\(id.placeholder("$1"))[]) FOR KEY SHARE"
        self.deleteStatement = "DELETE FROM \(quoted) WHERE id = \(id.placeholder("$1"))"
        self.insertColumns = (["id", "object"] + columns.map(\.quoted)).joined(separator: ", ")
        self.replacing =
            "ON CONFLICT (id) DO UPDATE SET "
            + (["object"] + columns.map(\.quoted)).map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ", ")
        var placeholders = [id.placeholder("$1"), "$2::jsonb"]
        for (position, column) in columns.enumerated() { placeholders.append(column.placeholder("$\(position + 3)")) }
        self.rowPlaceholders = placeholders.joined(separator: ", ")
        self.insertStatement = "INSERT INTO \(quoted) (\(insertColumns)) VALUES (\(rowPlaceholders)) \(replacing)"
        self.lookups = lookups
        self.shape = shape
    }

    /// The table's comment, which marks it as Etch's, in this format.
    static func comment(model: String, format: Int = format) -> String {
        "Etch model \(model), format \(format)"
    }

    /// The `jsonb` at a key path of the object: `object -> 'stats' -> 'unread'`.
    static func expression(_ path: [String]) -> String {
        (["object"] + path.map(PostgresSQL.literal)).joined(separator: " -> ")
    }

    /// The name of a field's column: the field's (`object` excepted, which names the object's
    /// column: `object (field)`), cut to PostgreSQL's limit.
    static func columnName(of field: String) -> String {
        PostgresSQL.fittingIdentifier(field == "object" ? "object (field)" : field)
    }

    /// Whether a model's table has a column for a field: the id, and each field an index of
    /// the schema uses (as its value or its group) when SQL compares its values.
    static func hasColumn<Model: IdentifiedModel>(_ field: String, of model: Model.Type) -> Bool {
        field == "id" || Model._indexes.contains { $0.value.name == field || $0.groupBy?.name == field }
    }

    /// `CREATE [UNIQUE] INDEX IF NOT EXISTS` of a name cut to PostgreSQL's limit.
    private static func createIndex(_ name: String, unique: Bool = false, on table: String, _ columns: String)
        -> String
    {
        let identifier = PostgresSQL.identifier(PostgresSQL.fittingIdentifier(name))
        return "CREATE \(unique ? "UNIQUE " : "")INDEX IF NOT EXISTS \(identifier) ON \(table) (\(columns))"
    }
}
