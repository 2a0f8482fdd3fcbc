import Etch
import EtchBenchmarkSupport
import Foundation

/// The heap a decoded document keeps alive: Etch models, which hold every key of the JSON,
/// declared or not, against the hand-written `Codable` structs, which hold only the fields
/// they declare.
enum MemoryBenchmarks {
    static let name = "memory per twitter status"

    /// Runs the memory row: bytes per top-level status, its user, entities and retweeted
    /// status included, over many decoded copies of twitter.json held at once.
    static func run(_ runner: inout Runner, data: DataSet) async throws {
        guard runner.includes(name) else { return }
        let bytes = data.twitter
        let decoder = JSONDecoder()
        let model = try SearchResult(jsonData: bytes)
        let codable = try decoder.decode(CodableTwitter.SearchResult.self, from: bytes)
        try expectSame(model.statuses.map(\.id), codable.statuses.map(\.id), "status ids")
        try expectKeepsEveryKey(model, of: bytes)

        // Per status, 20 copies of twitter.json (2,000 statuses, ~17 MB of Etch models)
        // measure within 0.1% of 40 copies, and the 4 of --quick within 0.5%: what is left
        // of the allocator's noise, spread over more statuses.
        try runner.compareRetainedBytes(
            name, copies: runner.options.quick ? 4 : 20, objects: model.statuses.count, requiredRatio: 1 / 1.3
        ) {
            try SearchResult(jsonData: bytes)
        } baseline: {
            try decoder.decode(CodableTwitter.SearchResult.self, from: bytes)
        }
    }

    /// Throws unless every status holds every key its JSON object has, so the row measures
    /// Etch with the undeclared keys kept, as an app gets it.
    private static func expectKeepsEveryKey(_ model: SearchResult, of bytes: Data) throws {
        let root = try JSONSerialization.jsonObject(with: bytes) as? [String: Any]
        let objects = root?["statuses"] as? [[String: Any]] ?? []
        try expectSame(
            model.statuses.map { $0.dictionary.keys.sorted() }, objects.map { $0.keys.sorted() }, "status keys")
        try expectSame(
            model.statuses.map { $0.user.dictionary.keys.sorted() },
            objects.map { ($0["user"] as? [String: Any])?.keys.sorted() ?? [] }, "user keys")
    }
}
