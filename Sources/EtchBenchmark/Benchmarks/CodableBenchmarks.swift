import Etch
import EtchBenchmarkSupport
import Foundation

/// An Etch model on Foundation's `Codable` path, as when it is a property of a user's own
/// `Codable` type: `JSONDecoder` and `JSONEncoder` on the Etch model against the same
/// coders on the hand-written `Codable` structs with the same fields.
///
/// On twitter.json the two sides do unequal work: the Etch model keeps every key, the
/// undeclared ones and those holding `null`, and writes them back, while the structs drop
/// them. So each row runs twice: on twitter.json, and on the structs' own output, which
/// holds only declared keys and no `null`, where both sides read and write the same keys.
enum CodableBenchmarks {
    static let names = (
        decode: "JSONDecoder: Etch model vs Codable struct, twitter",
        encode: "JSONEncoder: Etch model vs Codable struct, twitter",
        decodeDeclared: "JSONDecoder: Etch model vs Codable struct, declared keys only",
        encodeDeclared: "JSONEncoder: Etch model vs Codable struct, declared keys only"
    )

    /// Runs the `JSONDecoder` and `JSONEncoder` rows.
    static func run(_ runner: inout Runner, data: DataSet) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        try await run(&runner, bytes: data.twitter, names: (names.decode, names.encode), encoder: encoder)
        guard runner.includes(names.decodeDeclared) || runner.includes(names.encodeDeclared) else { return }
        let structs = try JSONDecoder().decode(CodableTwitter.SearchResult.self, from: data.twitter)
        let declared = try encoder.encode(structs)
        try await run(&runner, bytes: declared, names: (names.decodeDeclared, names.encodeDeclared), encoder: encoder)
    }

    /// Runs a `JSONDecoder` and a `JSONEncoder` row on `bytes`.
    private static func run(
        _ runner: inout Runner, bytes: Data, names: (decode: String, encode: String), encoder: JSONEncoder
    ) async throws {
        guard runner.includes(names.decode) || runner.includes(names.encode) else { return }
        let decoder = JSONDecoder()

        let model = try decoder.decode(SearchResult.self, from: bytes)
        let codable = try decoder.decode(CodableTwitter.SearchResult.self, from: bytes)
        try expectSame(model, try SearchResult(jsonData: bytes), "the model JSONDecoder and Etch's reader decode")
        try expectSame(model.statuses.map(\.id), codable.statuses.map(\.id), "status ids")
        try expectSame(model.statuses.map(\.user.screenName), codable.statuses.map(\.user.screenName), "user names")

        try await runner.compare(names.decode) {
            try decoder.decode(SearchResult.self, from: bytes).statuses.count
        } baseline: {
            try decoder.decode(CodableTwitter.SearchResult.self, from: bytes).statuses.count
        }
        try expectSame(
            try SearchResult(jsonData: try encoder.encode(model)), model, "the model after a JSONEncoder round trip")
        let (etchBytes, codableBytes) = (try encoder.encode(model).count, try encoder.encode(codable).count)
        runner.note("\(names.encode) writes \(etchBytes) bytes with Etch, \(codableBytes) with the structs")
        try await runner.compare(names.encode) {
            try encoder.encode(model).count
        } baseline: {
            try encoder.encode(codable).count
        }
    }
}
