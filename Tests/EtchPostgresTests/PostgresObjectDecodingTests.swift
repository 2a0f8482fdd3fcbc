import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// The store's reads decode each row's `jsonb` text (PostgreSQL's own spelling: its key
/// order, a space after each `:` and `,`) where libpq holds it, with the decoder the
/// connection keeps across its reads: every object must read as the text decodes alone.
@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresObjectDecodingTests {}

extension PostgresObjectDecodingTests {
    /// A JSON object to store, with a readable id.
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let json: String
        var testDescription: String { id }
    }

    /// Objects of every kind of value, with undeclared keys beside the declared ones.
    static let cases: [Case] = [
        Case(
            id: "escapes",
            json: #"""
                {"id":"escapes","title":"quote \" backslash \\ slash \/ tab \t line \n bell \u0007 end",
                "artist":"O'Brien","year":1,"note":"\b\f\r"}
                """#),
        Case(
            id: "unicode",
            json: #"""
                {"id":"unicode","title":"日本語 🎸 café e\u0301 \ud83d\ude00","artist":"Ørjan","year":2,
                "tags":["ß","\u00e9","中文字幕"],"ключ":"значение"}
                """#),
        Case(
            id: "nested",
            json: #"""
                {"id":"nested","title":"T","artist":"A","year":3,
                "future":{"list":[1,2.5,"three",null,[true,{"a":{}}]],"empty":[],"deep":{"x":{"y":{"z":[[]]}}}}}
                """#),
        Case(
            id: "nulls",
            json: #"{"id":"nulls","title":"T","artist":"A","year":4,"catalog":null,"maybe":null,"list":[null,null]}"#
        ),
        Case(
            id: "numbers",
            json: #"""
                {"id":"numbers","title":"T","artist":"A","year":-5,"zero":0,"negativeZero":-0,"big":1e300,
                "small":-1.5e-7,"wide":12345678901234567890,"tenth":0.1,"one":1.0,"pi":3.14159265358979323846,
                "minInt":-9223372036854775808,"list":[0,-1,1E3,2.50]}
                """#),
        Case(
            id: "long strings",
            json: #"""
                {"id":"long strings","title":"\#(String(repeating: "a title that repeats ", count: 10))",
                "artist":"an artist of exactly 32 bytes xx","year":6,
                "url":"https://images.example.com/covers/long-strings/640x640.jpg"}
                """#),
    ]

    /// Stores `albums` in a store of their own, on a schema that lives as long as it is held.
    static func store(with albums: [Album]) async throws -> (TemporarySchema, PostgresStore) {
        let schema = try TemporarySchema()
        let store = try await PostgresStore(connectionString: schema.connectionString, models: [Album.self])
        try await store.write { tx in try tx.insert(contentsOf: albums) }
        return (schema, store)
    }

    /// The object of `id` as its stored text decodes alone, by `Album(jsonString:)`.
    static func decodedAlone(_ id: String, in store: PostgresStore) async throws -> Album? {
        let text = try await store.pool.withConnection { connection in
            try connection.execute(#"SELECT object::text FROM "Album" WHERE id = $1"#, [id]).singleValue
        }
        return try text.map { try Album(jsonString: $0) }
    }

    @Test(arguments: cases) func anObjectReadsAsItsTextDecodesAlone(_ example: Case) async throws {
        let album = try Album(jsonString: example.json)
        let (schema, store) = try await Self.store(with: [album])
        let alone = try #require(try await Self.decodedAlone(album.id, in: store))
        // Twice: the second read decodes with what the connection's decoder kept from the first.
        for _ in 0..<2 {
            let read = try #require(try await store.object(Album.self, id: album.id))
            #expect(read == alone)
            #expect(read == album)
            #expect(read.dictionary.keys.sorted() == album.dictionary.keys.sorted())
        }
        await store.close()
        withExtendedLifetime(schema) {}
    }

    @Test func manyObjectsReadAsTheirTextsDecodeAlone() async throws {
        // More rows than a read decodes one at a time, with values repeated from row to row
        // (which the decoder shares) and keys in several orders and sets.
        var albums = try Self.cases.map { try Album(jsonString: $0.json) }
        for number in 0..<40 {
            let extra = number % 3 == 0 ? #","extra":{"n":\#(number)}"# : ""
            albums.append(
                try Album(
                    jsonString: #"""
                        {"id":"row-\#(number)","title":"a title shared by many rows","artist":"A","year":\#(number),
                        "label":"Blue Harbor Music Ltd.","markets":["US","GB","DE"],"rating":\#(Double(number) / 8)\#(extra)}
                        """#))
        }
        let (schema, store) = try await Self.store(with: albums)
        for _ in 0..<2 {
            let read = try await store.fetch(StoreQuery<Album>())
            #expect(read.count == albums.count)
            for object in read {
                #expect(object == (try await Self.decodedAlone(object.id, in: store)))
            }
            #expect(Set(read.map(\.id)) == Set(albums.map(\.id)))
            let byArtist = try await store.objects(Album.self, where: \.artist, is: "A")
            #expect(byArtist.map(\.id) == albums.filter { $0.artist == "A" }.map(\.id).sorted())
        }
        await store.close()
        withExtendedLifetime(schema) {}
    }
}
