import Etch
import EtchPostgres
import Foundation
import Testing

@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresObjectTests {}

extension PostgresObjectTests {
    /// A pool on a schema of its own, whose Album and Note tables are made.
    final class Library {
        let schema: TemporarySchema
        let pool: PostgresConnectionPool
        let albums: PostgresModelTable
        let notes: PostgresModelTable

        init() async throws {
            schema = try TemporarySchema()
            pool = try PostgresConnectionPool(connectionString: schema.connectionString, size: 2)
            albums = try PostgresModelTable(for: Album.self)
            notes = try PostgresModelTable(for: Note.self)
            try await pool.withConnection { [albums, notes] connection in
                try albums.create(on: connection)
                try notes.create(on: connection)
            }
        }

        /// Writes albums through the pool.
        func put(_ objects: [Album]) async throws {
            try await pool.withConnection { [albums] connection in
                for object in objects { try albums.put(object, on: connection) }
            }
        }
    }

    @Test func objectRoundTripsByIDThroughThePool() async throws {
        let library = try await Library()
        let album = Album(
            id: "it's \"1\"", title: #"Back\slash 'n' — 日本語 🎸"#, artist: "O'Brien", year: 1999, catalog: "CAT-1",
            tags: ["a\\b", "c'd"])
        try await library.put([album])
        let read = try await library.pool.withConnection { [albums = library.albums] in
            try albums.object(withID: "it's \"1\"", as: Album.self, on: $0)
        }
        #expect(read == album)

        let renamed = album.copyWith(title: "Renamed")
        try await library.put([renamed])
        let (count, reread) = try await library.pool.withConnection { [albums = library.albums] connection in
            let count = try connection.execute(#"SELECT count(*) FROM "Album""#).singleValue
            return (count, try albums.object(withID: album.id, as: Album.self, on: connection))
        }
        #expect(count == "1")
        #expect(reread?.title == "Renamed")

        let deleted = try await library.pool.withConnection { [albums = library.albums] connection in
            (
                try albums.delete(id: album.id, of: Album.self, on: connection),
                try albums.object(withID: album.id, as: Album.self, on: connection),
                try albums.delete(id: album.id, of: Album.self, on: connection)
            )
        }
        #expect(deleted.0)
        #expect(deleted.1 == nil)
        #expect(!deleted.2)
    }

    @Test func numericIDFindsItsObject() async throws {
        let library = try await Library()
        let note = Note(id: 7, text: "seven")
        let read = try await library.pool.withConnection { [notes = library.notes] connection in
            try notes.put(note, on: connection)
            try notes.put(Note(id: 70, text: "seventy"), on: connection)
            return try notes.object(withID: 7, as: Note.self, on: connection)
        }
        #expect(read == note)
    }

    @Test func undeclaredKeysAreKept() async throws {
        let library = try await Library()
        let json = #"{"id":"x","title":"T","artist":"A","year":1,"future":{"list":[1,2.5,"three"],"flag":true}}"#
        let album = try Album(jsonData: Data(json.utf8))
        try await library.put([album])
        let (read, future) = try await library.pool.withConnection { [albums = library.albums] connection in
            (
                try albums.object(withID: "x", as: Album.self, on: connection),
                try connection.execute(#"SELECT object -> 'future' ->> 'flag' FROM "Album""#).singleValue
            )
        }
        #expect(read == album)
        #expect(future == "true")
    }

    @Test func indexAndUniqueLookupsUseTheirIndexes() async throws {
        let library = try await Library()
        try await library.put([
            Album(id: "a", title: "A", artist: "X", year: 1, catalog: "CAT-A"),
            Album(id: "b", title: "B", artist: "Y", year: 2, catalog: nil),
            Album(id: "c", title: "C", artist: "X", year: 3),
        ])
        try await library.pool.withConnection { [albums = library.albums] connection in
            #expect(try albums.objects(where: \Album.artist, equals: "X", on: connection).map(\.id) == ["a", "c"])
            #expect(try albums.objects(where: \Album.catalog, equals: "CAT-A", on: connection).map(\.id) == ["a"])
            #expect(try albums.objects(where: \Album.catalog, equals: nil, on: connection).isEmpty)
            #expect(try albums.objects(where: \Album.artist, equals: "Z", on: connection).isEmpty)
            #expect(throws: PostgresError.self) {
                try albums.objects(where: \Album.title, equals: "A", on: connection)
            }

            // The lookups compare the fields' columns, which the indexes are on.
            try connection.execute("SET enable_seqscan = off")
            let byArtist = try connection.execute(
                #"EXPLAIN SELECT object FROM "Album" WHERE "artist" = $1::text"#,
                ["X"])
            // Either index on the artist serves: the grouped sorted one leads with it.
            let artistIndexes = ["Album by artist", "Album sorted year by artist"]
            #expect(
                byArtist.values.contains { row in artistIndexes.contains { row[0]?.contains("on \"\($0)\"") == true } })
            let byCatalog = try connection.execute(
                #"EXPLAIN SELECT object FROM "Album" WHERE "catalog" = $1::text"#,
                ["CAT-A"])
            #expect(byCatalog.values.contains { $0[0]?.contains("Album unique catalog") == true })
            try connection.execute("RESET enable_seqscan")
        }
    }

    @Test func secondObjectWithAUniqueValueIsRefusedByTheDatabase() async throws {
        let library = try await Library()
        try await library.put([Album(id: "a", title: "A", artist: "X", year: 1, catalog: "CAT-1")])
        let error = await #expect(throws: PostgresError.self) {
            try await library.put([Album(id: "b", title: "B", artist: "X", year: 2, catalog: "CAT-1")])
        }
        guard case .serverError(let sqlState, _, _, let constraint, _) = error else {
            Issue.record("expected a unique violation, got \(String(describing: error))")
            return
        }
        #expect(sqlState == "23505")
        #expect(constraint == "Album unique catalog")
    }
}
