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
                    id jsonb GENERATED ALWAYS AS (object -> 'id') STORED PRIMARY KEY
                )
                """,
                #"COMMENT ON TABLE "Album" IS 'Etch model Album, format 1'"#,
                #"CREATE INDEX IF NOT EXISTS "Album by artist" ON "Album" ((normalize((object -> 'artist' #>> '{}'), NFC) COLLATE "C"))"#,
                #"CREATE INDEX IF NOT EXISTS "Album sorted year by artist" ON "Album" ((normalize((object -> 'artist' #>> '{}'), NFC) COLLATE "C"), (((object -> 'year' #>> '{}'))::numeric) NULLS FIRST, (normalize((object -> 'id' #>> '{}'), NFC) COLLATE "C"))"#,
                #"CREATE UNIQUE INDEX IF NOT EXISTS "Album unique catalog" ON "Album" ((normalize((object -> 'catalog' #>> '{}'), NFC) COLLATE "C"))"#,
            ])
    }

    @Test func modelWithoutIndexesHasATableOnly() throws {
        let table = try PostgresModelTable(for: Note.self)
        #expect(table.statements.count == 2)
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
        let insert = #"INSERT INTO "Album" (object) VALUES ($1::jsonb)"#
        try connection.execute(insert, [#"{"id": "a", "catalog": "CAT-1"}"#])
        try connection.execute(insert, [#"{"id": "b", "catalog": null}"#])
        try connection.execute(insert, [#"{"id": "c", "catalog": null}"#])
        try connection.execute(insert, [#"{"id": "d"}"#])
        try connection.execute(insert, [#"{"id": "e"}"#])
        let error = try #require(throws: PostgresError.self) {
            try connection.execute(insert, [#"{"id": "f", "catalog": "CAT-1"}"#])
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
