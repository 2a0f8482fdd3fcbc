import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// Format 2 of a model's table: the id and the indexed fields in columns the store writes,
/// a table of format 1 upgraded in place at open, and Unicode-equivalent text one key.
@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresTableFormatTests {}

extension PostgresTableFormatTests {
    /// The statements of format 1 for `Album`, as Etch made them before format 2.
    static let format1Statements = [
        """
        CREATE TABLE "Album" (
            object jsonb NOT NULL CHECK (jsonb_typeof(object) = 'object'),
            id jsonb GENERATED ALWAYS AS (object -> 'id') STORED PRIMARY KEY
        )
        """,
        #"COMMENT ON TABLE "Album" IS 'Etch model Album, format 1'"#,
        #"CREATE INDEX "Album by artist" ON "Album" ((normalize((object -> 'artist' #>> '{}'), NFC) COLLATE "C"))"#,
        #"CREATE INDEX "Album sorted year by artist" ON "Album" ((normalize((object -> 'artist' #>> '{}'), NFC) COLLATE "C"), (((object -> 'year' #>> '{}'))::numeric) NULLS FIRST, (normalize((object -> 'id' #>> '{}'), NFC) COLLATE "C"))"#,
        #"CREATE UNIQUE INDEX "Album unique catalog" ON "Album" ((normalize((object -> 'catalog' #>> '{}'), NFC) COLLATE "C"))"#,
    ]

    /// Makes `Album`'s table in format 1 holding `albums`, as an older Etch left it.
    static func makeFormat1Table(holding albums: [Album], on connection: PostgresConnection) throws {
        for statement in format1Statements { try connection.execute(statement) }
        for album in albums {
            try connection.execute(
                #"INSERT INTO "Album" (object) VALUES ($1::jsonb)"#,
                [String(decoding: try album.jsonData(), as: UTF8.self)])
        }
    }

    /// The table's comment.
    static func comment(on connection: PostgresConnection) throws -> String? {
        try connection.execute(#"SELECT obj_description('"Album"'::regclass, 'pg_class')"#).singleValue
    }

    @Test func aTableOfFormat1IsUpgradedInPlaceWhenTheStoreOpens() async throws {
        let schema = try TemporarySchema()
        let connection = try PostgresConnection(connectionString: schema.connectionString)
        // The artist decomposed in one object: one key with the precomposed one.
        let albums = [
            Album(id: "b2", title: "Two", artist: "Cafe\u{301}", year: 1971, catalog: "CAT-2"),
            Album(id: "b1", title: "One", artist: "Caf\u{E9}", year: 1969, catalog: nil),
            Album(id: "b3", title: "Three", artist: "Other", year: 1980, catalog: "CAT-3"),
        ]
        try Self.makeFormat1Table(holding: albums, on: connection)
        let store = try await PostgresStore(connectionString: schema.connectionString, models: [Album.self])
        #expect(try Self.comment(on: connection) == "Etch model Album, format 2")
        let rows = try connection.execute(
            #"SELECT id, "artist", "year"::text, "catalog" FROM "Album" ORDER BY id"#
        ).values
        #expect(
            rows == [
                ["b1", "Caf\u{E9}", "1969", nil], ["b2", "Caf\u{E9}", "1971", "CAT-2"],
                ["b3", "Other", "1980", "CAT-3"],
            ])
        // Every read goes through the columns, and the objects kept every key.
        #expect(try await store.object(Album.self, id: "b2") == albums[0])
        #expect(try await store.objects(Album.self, where: \.artist, is: "Caf\u{E9}").map(\.id) == ["b1", "b2"])
        #expect(try await store.unique(Album.self, \.catalog, "CAT-3")?.id == "b3")
        #expect(
            try await store.sorted(Album.self, by: \.year, inGroup: "Cafe\u{301}", in: SortedRange(from: 1970)).map(
                \.id) == ["b2"])
        try await store.write { tx in
            try tx.insert(Album(id: "b4", title: "Four", artist: "Caf\u{E9}", year: 1975, catalog: "CAT-4"))
        }
        #expect(try await store.objects(Album.self, where: \.artist, is: "Caf\u{E9}").map(\.id) == ["b1", "b2", "b4"])
        await store.close()
        // The indexes are on the columns now: no expression left.
        let definitions = try connection.execute(
            "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'Album'"
        ).values.compactMap { $0.first ?? nil }
        #expect(definitions.count == 4)
        #expect(!definitions.contains { $0.contains("normalize") || $0.contains("object") }, "\(definitions)")
    }

    @Test func aTableOfFormat1WhoseIDsAreOneKeyIsLeftAsItWas() async throws {
        let schema = try TemporarySchema()
        let connection = try PostgresConnection(connectionString: schema.connectionString)
        try Self.makeFormat1Table(
            holding: [
                Album(id: "caf\u{E9}", title: "One", artist: "A", year: 1969, catalog: nil),
                Album(id: "cafe\u{301}", title: "Two", artist: "A", year: 1970, catalog: nil),
            ], on: connection)
        let error = await #expect(throws: PostgresError.self) {
            _ = try await PostgresStore(connectionString: schema.connectionString, models: [Album.self])
        }
        guard case .serverError(let sqlState, _, _, _, _)? = error else {
            Issue.record("expected the primary key's error, got \(String(describing: error))")
            return
        }
        #expect(sqlState == "23505")
        #expect(try Self.comment(on: connection) == "Etch model Album, format 1")
        #expect(try connection.execute(#"SELECT count(*) FROM "Album""#).singleValue == "2")
    }

    @Test func unicodeEquivalentIDsAndValuesAreOneKey() async throws {
        let schema = try TemporarySchema()
        let store = try await PostgresStore(connectionString: schema.connectionString, models: [Album.self])
        let kelvin = "\u{212A}"
        try await store.write { tx in
            try tx.insert(Album(id: "cafe\u{301}", title: "One", artist: "K", year: 1969, catalog: "C\u{E9}T"))
        }
        // The precomposed id is the same id: read, and replaced rather than added.
        #expect(try await store.object(Album.self, id: "caf\u{E9}")?.title == "One")
        try await store.write { tx in
            try tx.insert(Album(id: "caf\u{E9}", title: "Again", artist: "K", year: 1969, catalog: "C\u{E9}T"))
        }
        #expect(try await store.count(Album.self) == 1)
        // Both spellings in one transaction: one row, one change in the history.
        let token = try await store.historyToken
        try await store.write { tx in
            try tx.insert(Album(id: "cafe\u{301}", title: "Three", artist: "K", year: 1969, catalog: "C\u{E9}T"))
            try tx.insert(Album(id: "caf\u{E9}", title: "Four", artist: "K", year: 1969, catalog: "C\u{E9}T"))
        }
        let changes = try await store.history(since: token).first?.changes(of: Album.self)
        #expect(changes?.updated.map(\.title) == ["Four"])
        #expect(changes?.inserted.isEmpty == true)
        let rows = try PostgresConnection(connectionString: schema.connectionString).execute(
            "SELECT count(*) FROM etch_history WHERE token > $1::bigint", [String(token.number)])
        #expect(rows.singleValue == "1")
        // The Kelvin sign is K in NFC.
        #expect(try await store.objects(Album.self, where: \.artist, is: kelvin).map(\.title) == ["Four"])
        #expect(
            try await store.fetch(StoreQuery<Album>(predicate: #Predicate { $0.artist == kelvin })).map(\.title)
                == ["Four"])
        // A @unique value equivalent to one held is held.
        await #expect(throws: StoreError.self) {
            try await store.write { tx in
                try tx.insert(Album(id: "b2", title: "Two", artist: "K", year: 1970, catalog: "Ce\u{301}T"))
            }
        }
        await store.close()
    }

    @Test func aFieldIndexedLaterGetsItsColumnFilledFromTheObjects() async throws {
        let schema = try TemporarySchema()
        let connection = try PostgresConnection(connectionString: schema.connectionString)
        let table = try PostgresModelTable(for: Album.self)
        try table.create(on: connection)
        try table.put(Album(id: "b1", title: "One", artist: "A", year: 1969, catalog: "Cafe\u{301}"), on: connection)
        // The table as a schema without @unique catalog made it.
        try connection.execute(#"ALTER TABLE "Album" DROP COLUMN "catalog""#)
        try table.create(on: connection)
        #expect(try connection.execute(#"SELECT "catalog" FROM "Album""#).values == [["Caf\u{E9}"]])
        let indexes = try connection.execute(
            "SELECT count(*) FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'Album'")
        #expect(indexes.singleValue == "4")
        #expect(connection.isIdle)
    }

    @Test func aColumnNotWrittenForAWhileIsRefilledWhenItsFieldIsIndexedAgain() async throws {
        let schema = try TemporarySchema()
        let connection = try PostgresConnection(connectionString: schema.connectionString)
        let table = try PostgresModelTable(for: Album.self)
        try table.create(on: connection)
        try table.put(Album(id: "b1", title: "One", artist: "A", year: 1969, catalog: "CAT-1"), on: connection)
        // A column of a field an older schema indexed, which this one does not: marked.
        try connection.execute(#"ALTER TABLE "Album" ADD COLUMN "label" text"#)
        try connection.execute(#"COMMENT ON COLUMN "Album"."label" IS 'Etch field label'"#)
        // The catalog's column as a schema without @unique catalog left it: not written.
        try connection.execute(#"UPDATE "Album" SET "catalog" = 'stale'"#)
        try connection.execute(#"COMMENT ON COLUMN "Album"."catalog" IS 'Etch field catalog, not written'"#)
        try table.create(on: connection)
        #expect(try connection.execute(#"SELECT "catalog" FROM "Album""#).values == [["CAT-1"]])
        let comments = try connection.execute(
            #"SELECT col_description('"Album"'::regclass, attnum) FROM pg_attribute "#
                + #"WHERE attrelid = '"Album"'::regclass AND attname IN ('catalog', 'label') ORDER BY attname"#)
        #expect(comments.values == [["Etch field catalog"], ["Etch field label, not written"]])
        #expect(connection.isIdle)
    }
}

extension PostgresTableFormatTests {
    @Test func aBatchKeepsTextTheArrayFormatQuotesAndNormalizesIt() async throws {
        let schema = try TemporarySchema()
        let store = try await PostgresStore(connectionString: schema.connectionString, models: [Album.self])
        // Quotes, backslashes, braces, commas, `NULL` and the empty string are array syntax;
        // a decomposed é is one key with the precomposed one.
        let texts = [#"say "hi""#, #"back\slash"#, "{a,b}", "NULL", "", "Cafe\u{301}", "it's"]
        let albums = texts.enumerated().map { number, text in
            Album(
                id: "\(text) \(number)", title: text, artist: text, year: 1960 + number,
                catalog: number.isMultiple(of: 2) ? nil : "\(text)#")
        }
        try await store.write { tx in try tx.insert(contentsOf: albums) }
        for album in albums {
            #expect(try await store.object(Album.self, id: album.id) == album)
            #expect(try await store.objects(Album.self, where: \.artist, is: album.artist) == [album])
            if let catalog = album.catalog {
                #expect(try await store.unique(Album.self, \.catalog, catalog) == album)
            }
        }
        #expect(try await store.objects(Album.self, where: \.artist, is: "Caf\u{E9}").map(\.title) == ["Cafe\u{301}"])
        #expect(try await store.unique(Album.self, \.catalog, "Caf\u{E9}#")?.year == 1965)
        // The history found each object's row through its key.
        let commits = try await store.history(since: nil)
        #expect(try commits.last?.changes(of: Album.self).inserted.count == albums.count)
        await store.close()
    }
}
