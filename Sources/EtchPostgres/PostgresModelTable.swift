import Etch

/// A model's table in PostgreSQL, and the statements that make it and its indexes.
///
/// Objects are stored whole as `jsonb` (every key kept, undeclared ones too); the id is a
/// column generated from the object, so the two never disagree. The schema's indexes are
/// expression indexes on the object's keys: `@index` a btree on the value, `@unique` a
/// UNIQUE index on the value with `null` and absent values exempt (the database enforces it
/// for every process), `@sorted` a btree on the value then the id, and
/// `@sorted(groupBy:)` on the group, the value, then the id. Each value is typed as Etch's
/// ``IndexKey`` compares it (see ``PostgresValueKind``: text normalized to NFC and compared
/// by code point, so that `"\u{212A}"` and `"K"` are one value as they are to Swift;
/// numbers as `numeric`), `nil` sorting first; a field of another type is indexed as its
/// `jsonb`. For the test models'
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
///     id jsonb GENERATED ALWAYS AS (object -> 'id') STORED PRIMARY KEY
/// );
/// COMMENT ON TABLE "Album" IS 'Etch model Album, format 1';
/// CREATE INDEX IF NOT EXISTS "Album by artist" ON "Album" ((normalize((object -> 'artist' #>> '{}'), NFC) COLLATE "C"));
/// CREATE INDEX IF NOT EXISTS "Album sorted year by artist" ON "Album" ((normalize((object -> 'artist' #>> '{}'), NFC) COLLATE "C"),
///     (((object -> 'year' #>> '{}'))::numeric) NULLS FIRST, (normalize((object -> 'id' #>> '{}'), NFC) COLLATE "C"));
/// CREATE UNIQUE INDEX IF NOT EXISTS "Album unique catalog" ON "Album" ((normalize((object -> 'catalog' #>> '{}'), NFC) COLLATE "C"));
/// ```
///
/// The table's comment marks it as Etch's: ``create(on:)`` refuses a table of the same
/// name without it rather than write into another program's data.
public struct PostgresModelTable: Sendable, Equatable {
    /// The model's name in the schema.
    public let model: String
    /// The table's name (unquoted): the model's.
    public let table: String
    /// `CREATE TABLE`, then `COMMENT ON TABLE`, then one `CREATE INDEX` per index of the
    /// schema, in schema order.
    public let statements: [String]

    /// The quoted table name, as statements use it.
    let quotedTable: String
    /// The statement that reads the object of an id, `$1` the id's JSON.
    let objectStatement: String
    /// The statements that read the objects of one value of an `@index` or `@unique` field
    /// whose values SQL compares as Etch does, by field name: made once, as every read
    /// would otherwise spell them anew.
    let lookups: [String: PostgresIndexLookup]
    /// The columns and indexes the table must have, checked when the store opens on a table
    /// that exists.
    let shape: PostgresTableShape

    /// The version of the table layout, in the table's comment.
    public static let format = 1

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
        var statements = [
            """
            CREATE TABLE IF NOT EXISTS \(quoted) (
                object jsonb NOT NULL CHECK (jsonb_typeof(object) = 'object'),
                id jsonb GENERATED ALWAYS AS (\(Self.expression(try path(of: "id", index: "id")))) STORED PRIMARY KEY
            )
            """,
            "COMMENT ON TABLE \(quoted) IS \(PostgresSQL.literal(Self.comment(model: schema.name)))",
        ]
        let id = PostgresFieldExpression(idOf: Model.self)
        var lookups: [String: PostgresIndexLookup] = [:]
        var shape = PostgresTableShape()
        for index in Model._indexes {
            // Each value typed as Etch compares it (text normalized, by code point; numbers as
            // numeric), so that the store's statements, which repeat these expressions, use
            // the index; the `jsonb` itself for a type SQL cannot compare so.
            func indexed(_ value: ModelIndex<Model>.Value) throws(PostgresError) -> (sql: String, isTyped: Bool) {
                let path = try path(of: value.name, index: index.name)
                let field = PostgresFieldExpression(
                    name: value.name, path: path, valueType: Swift.type(of: value.keyPath).valueType)
                return field.typed.map { ($0, true) } ?? (field.json, false)
            }
            let value = try indexed(index.value)
            if index.kind != .sorted, index.groupBy == nil, lookups[index.value.name] == nil,
                let lookup = PostgresIndexLookup(
                    PostgresFieldExpression(
                        name: index.value.name, path: try path(of: index.value.name, index: index.name),
                        valueType: Swift.type(of: index.value.keyPath).valueType),
                    table: quoted)
            {
                lookups[index.value.name] = lookup
            }
            switch index.kind {
            case .index:
                let name = "\(table) by \(index.value.name)"
                statements.append(Self.createIndex(name, on: quoted, "(\(value.sql))"))
                shape.indexes.append(.init(name: PostgresSQL.fittingIdentifier(name), isUnique: false, columns: 1))
            case .unique:
                // A typed value is NULL for nil, which a unique index exempts.
                let unique = value.isTyped ? value.sql : "NULLIF(\(value.sql), 'null'::jsonb)"
                let name = "\(table) unique \(index.value.name)"
                statements.append(Self.createIndex(name, unique: true, on: quoted, "(\(unique))"))
                shape.indexes.append(.init(name: PostgresSQL.fittingIdentifier(name), isUnique: true, columns: 1))
            case .sorted:
                var columns = [
                    value.isTyped ? "(\(value.sql)) NULLS FIRST" : "(\(value.sql))", id.typed.map { "(\($0))" } ?? "id",
                ]
                if let group = index.groupBy { columns.insert("(\(try indexed(group).sql))", at: 0) }
                let name = "\(table) sorted \(index.name)"
                statements.append(Self.createIndex(name, on: quoted, columns.joined(separator: ", ")))
                shape.indexes.append(
                    .init(name: PostgresSQL.fittingIdentifier(name), isUnique: false, columns: columns.count))
            }
        }
        self.model = schema.name
        self.table = table
        self.statements = statements
        self.quotedTable = quoted
        self.objectStatement = "SELECT object::text FROM \(quoted) WHERE id = $1::jsonb"
        self.lookups = lookups
        self.shape = shape
    }

    /// The table's comment, which marks it as Etch's.
    static func comment(model: String) -> String {
        "Etch model \(model), format \(format)"
    }

    /// The `jsonb` at a key path of the object: `object -> 'stats' -> 'unread'`.
    static func expression(_ path: [String]) -> String {
        (["object"] + path.map(PostgresSQL.literal)).joined(separator: " -> ")
    }

    /// `CREATE [UNIQUE] INDEX IF NOT EXISTS` of a name cut to PostgreSQL's limit.
    private static func createIndex(_ name: String, unique: Bool = false, on table: String, _ columns: String)
        -> String
    {
        let identifier = PostgresSQL.identifier(PostgresSQL.fittingIdentifier(name))
        return "CREATE \(unique ? "UNIQUE " : "")INDEX IF NOT EXISTS \(identifier) ON \(table) (\(columns))"
    }
}
