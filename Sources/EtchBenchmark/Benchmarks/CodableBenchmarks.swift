import Etch
import Foundation

/// An Etch model on Foundation's `Codable` path, as when it is a property of a user's own
/// `Codable` type: `JSONDecoder` and `JSONEncoder` on the Etch model against the same
/// coders on the hand-written `Codable` structs with the same fields.
enum CodableBenchmarks {
    static let names = (
        decode: "JSONDecoder: Etch model vs Codable struct, twitter",
        encode: "JSONEncoder: Etch model vs Codable struct, twitter"
    )

    /// Runs the `JSONDecoder` and `JSONEncoder` rows.
    static func run(_ runner: inout Runner, data: DataSet) async throws {
        guard runner.includes(names.decode) || runner.includes(names.encode) else { return }
        let bytes = data.twitter
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes

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
        try await runner.compare(names.encode) {
            try encoder.encode(model).count
        } baseline: {
            try encoder.encode(codable).count
        }
    }
}
