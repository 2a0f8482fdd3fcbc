import EtchPostgres
import Testing

@Suite struct PostgresModelTableTests {}

extension PostgresModelTableTests {
    @Test func statementsOfAModelWithEachKindOfIndex() throws {
        let table = try PostgresModelTable(for: Album.self)
        #expect(table.table == "Album")
        #expect(
            table.statements == [
                """
                CREATE TABLE IF NOT EXISTS "Album" (
                    object jsonb NOT NULL CHECK (jsonb_typeof(object) = 'object'),
                    id text COLLATE "C" PRIMARY KEY,
                    "artist" text COLLATE "C",
                    "year" numeric,
                    "catalog" text COLLATE "C"
                )
                """,
                #"COMMENT ON TABLE "Album" IS 'Etch model Album, format 2'"#,
                #"COMMENT ON COLUMN "Album"."artist" IS 'Etch field artist'"#,
                #"COMMENT ON COLUMN "Album"."year" IS 'Etch field year'"#,
                #"COMMENT ON COLUMN "Album"."catalog" IS 'Etch field catalog'"#,
                #"CREATE INDEX IF NOT EXISTS "Album by artist" ON "Album" ("artist")"#,
                #"CREATE INDEX IF NOT EXISTS "Album sorted year by artist" ON "Album" ("artist", "year" NULLS FIRST, id)"#,
                #"CREATE UNIQUE INDEX IF NOT EXISTS "Album unique catalog" ON "Album" ("catalog")"#,
            ])
    }

    @Test func modelWithoutIndexesHasATableOnly() throws {
        let table = try PostgresModelTable(for: Note.self)
        #expect(table.statements.count == 2)
        // A number id is a numeric column, compared exactly.
        #expect(table.statements[0].contains("id numeric PRIMARY KEY"))
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func creatingTwiceMakesOneTableAndItsIndexes() throws {
        let schema = try TemporarySchema()
        let connection = try PostgresConnection(connectionString: schema.connectionString)
        let table = try PostgresModelTable(for: Album.self)
        try table.create(on: connection)
        try table.create(on: connection)
        let indexes = try connection.execute(
            "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1 ORDER BY 1",
            ["Album"])
        #expect(
            indexes.values.map { $0[0] } == [
                "Album by artist", "Album sorted year by artist", "Album unique catalog", "Album_pkey",
            ])
        #expect(connection.isIdle)
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func uniqueIndexIsEnforcedByTheDatabaseWithNilExempt() throws {
        let schema = try TemporarySchema()
        let connection = try PostgresConnection(connectionString: schema.connectionString)
        try PostgresModelTable(for: Album.self).create(on: connection)
        let insert = #"INSERT INTO "Album" (id, object, catalog) VALUES ($1, $2::jsonb, $3)"#
        try connection.execute(insert, ["a", #"{"id": "a", "catalog": "CAT-1"}"#, "CAT-1"])
        try connection.execute(insert, ["b", #"{"id": "b", "catalog": null}"#, nil])
        try connection.execute(insert, ["c", #"{"id": "c", "catalog": null}"#, nil])
        try connection.execute(insert, ["d", #"{"id": "d"}"#, nil])
        let error = try #require(throws: PostgresError.self) {
            try connection.execute(insert, ["f", #"{"id": "f", "catalog": "CAT-1"}"#, "CAT-1"])
        }
        guard case .serverError(let sqlState, _, _, let constraint, _) = error else {
            Issue.record("expected a server error, got \(error)")
            return
        }
        #expect(sqlState == "23505")
        #expect(constraint == "Album unique catalog")
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func tableMadeBySomethingElseIsRefusedAndLeftAlone() throws {
        let schema = try TemporarySchema()
        let connection = try PostgresConnection(connectionString: schema.connectionString)
        try connection.execute(#"CREATE TABLE "Album" (title text)"#)
        try connection.execute(#"INSERT INTO "Album" VALUES ($1)"#, ["theirs"])
        #expect(throws: PostgresError.foreignTable(table: "Album", model: "Album", found: "empty")) {
            try PostgresModelTable(for: Album.self).create(on: connection)
        }
        #expect(try connection.execute(#"SELECT title FROM "Album""#).values == [["theirs"]])
        #expect(connection.isIdle)
    }
}

/// A table that carries Etch's comment but not the shape Etch makes it in.
struct MisshapenTable: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// The statements that change Etch's table (or make one of its name).
    let statements: [String]
    /// The problems opening it names.
    let problems: [String]

    static let all = [
        MisshapenTable(
            testDescription: "a table without the id column",
            statements: [
                #"DROP TABLE "Album""#, #"CREATE TABLE "Album" (object jsonb NOT NULL)"#,
                #"COMMENT ON TABLE "Album" IS 'Etch model Album, format 2'"#,
            ],
            problems: ["the column id is missing", "the primary key is missing, not (id)"]),
        MisshapenTable(
            testDescription: "a unique index made again without UNIQUE",
            statements: [
                #"DROP INDEX "Album unique catalog""#,
                #"CREATE INDEX "Album unique catalog" ON "Album" ((object -> 'catalog'))"#,
            ],
            problems: [#"the index "Album unique catalog" is not UNIQUE"#]),
        MisshapenTable(
            testDescription: "an index's name taken by a table",
            statements: [#"DROP INDEX "Album by artist""#, #"CREATE TABLE "Album by artist" (artist text)"#],
            problems: [#"the index "Album by artist" is missing (its name is taken by another relation)"#]),
        MisshapenTable(
            testDescription: "a field's column of another type",
            statements: [
                #"DROP INDEX "Album sorted year by artist""#,
                #"ALTER TABLE "Album" ALTER COLUMN "year" TYPE text"#,
            ],
            problems: [#"the column "year" is text, not numeric"#]),
        MisshapenTable(
            testDescription: "a text column of another collation",
            statements: [
                #"DROP INDEX "Album by artist", "Album sorted year by artist""#,
                #"ALTER TABLE "Album" ALTER COLUMN "artist" TYPE text COLLATE "POSIX""#,
            ],
            problems: [#"the column "artist" is not COLLATE "C""#]),
        MisshapenTable(
            testDescription: "the object column made text",
            statements: [
                #"DROP INDEX "Album by artist", "Album sorted year by artist", "Album unique catalog""#,
                #"ALTER TABLE "Album" DROP COLUMN id, DROP CONSTRAINT "Album_object_check""#,
                #"ALTER TABLE "Album" ALTER COLUMN object TYPE text"#,
            ],
            problems: [
                "the column object is text, not jsonb", "the column id is missing",
                "the primary key is missing, not (id)",
            ]),
    ]
}

extension PostgresModelTableTests {
    @Test(.enabled(if: PostgresTestServer.isConfigured), arguments: MisshapenTable.all)
    func tableWithEtchsCommentButAnotherShapeIsRefusedAndLeftAlone(_ misshapen: MisshapenTable) throws {
        let schema = try TemporarySchema()
        let connection = try PostgresConnection(connectionString: schema.connectionString)
        let table = try PostgresModelTable(for: Album.self)
        try table.create(on: connection)
        for statement in misshapen.statements { try connection.execute(statement) }
        let columns =
            "SELECT string_agg(attname::text, ',' ORDER BY attnum) FROM pg_attribute "
            + #"WHERE attrelid = '"Album"'::regclass AND attnum > 0 AND NOT attisdropped"#
        let before = try connection.execute(columns).values
        #expect(throws: PostgresError.tableShape(table: "Album", model: "Album", problems: misshapen.problems)) {
            try table.create(on: connection)
        }
        #expect(try connection.execute(columns).values == before)
        #expect(connection.isIdle)
        // The error says what is wrong and what to do.
        let description = PostgresError.tableShape(table: "Album", model: "Album", problems: misshapen.problems)
            .description
        #expect(description.contains("Album") && description.contains(misshapen.problems[0]))
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func tableEtchMadeOpensAgain() throws {
        let schema = try TemporarySchema()
        let connection = try PostgresConnection(connectionString: schema.connectionString)
        let table = try PostgresModelTable(for: Album.self)
        try table.create(on: connection)
        try table.create(on: connection)
        // An index dropped is made again, as an index the schema added would be.
        try connection.execute(#"DROP INDEX "Album by artist""#)
        try table.create(on: connection)
        let indexes = try connection.execute(
            "SELECT count(*) FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'Album'")
        #expect(indexes.singleValue == "4")
    }
}
