import Etch
import EtchBenchmarkSupport
import Foundation

/// Decoding and encoding the same twitter.json (and canada.json) bytes with Etch and with
/// Foundation.
enum CodingBenchmarks {
    /// Runs the decode, parse and encode rows.
    static func run(_ runner: inout Runner, data: DataSet) async throws {
        let names = ["decode twitter", "parse twitter (untyped)", "encode twitter", "encode twitter (untyped)"]
        if names.contains(where: runner.includes) { try await twitter(&runner, bytes: data.twitter) }
        if let bytes = data.canada, runner.includes("decode canada") { try await canada(&runner, bytes: bytes) }
    }

    private static func twitter(_ runner: inout Runner, bytes: Data) async throws {
        let decoder = JSONDecoder()
        // Etch does not escape `/` by default; neither do the baselines, for equal output.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes

        // Both sides must read the same document before their speed means anything.
        let model = try SearchResult(jsonData: bytes)
        let codable = try decoder.decode(CodableTwitter.SearchResult.self, from: bytes)
        try expectSame(model.statuses.map(\.id), codable.statuses.map(\.id), "status ids")
        try expectSame(model.statuses.map(\.user.screenName), codable.statuses.map(\.user.screenName), "user names")
        try expectSame(
            model.statuses.map { $0.retweetedStatus?.entities.userMentions.count },
            codable.statuses.map { $0.retweetedStatus?.value.entities.userMentions.count }, "retweet mentions")

        try await runner.compare("decode twitter") {
            try SearchResult(jsonData: bytes).dictionary.count
        } baseline: {
            try decoder.decode(CodableTwitter.SearchResult.self, from: bytes).statuses.count
        }
        try await runner.compare("parse twitter (untyped)") {
            guard case .object(let object) = try ModelValue(jsonData: bytes) else { return 0 }
            return object.count
        } baseline: {
            (try JSONSerialization.jsonObject(with: bytes) as? [String: Any])?.count ?? 0
        }

        if runner.includes("encode twitter") {
            let (etchBytes, codableBytes) = (try model.jsonData().count, try encoder.encode(codable).count)
            runner.note("encode twitter writes \(etchBytes) bytes with Etch, \(codableBytes) with JSONEncoder")
        }
        try await runner.compare("encode twitter") {
            try model.jsonData().count
        } baseline: {
            try encoder.encode(codable).count
        }
        let value = try ModelValue(jsonData: bytes)
        let object = try JSONSerialization.jsonObject(with: bytes)
        try await runner.compare("encode twitter (untyped)") {
            try value.jsonData().count
        } baseline: {
            try JSONSerialization.data(withJSONObject: object, options: .withoutEscapingSlashes).count
        }
    }

    private static func canada(_ runner: inout Runner, bytes: Data) async throws {
        let decoder = JSONDecoder()
        let model = try FeatureCollection(jsonData: bytes)
        let codable = try decoder.decode(CodableCanada.FeatureCollection.self, from: bytes)
        try expectSame(
            model.features.map(\.geometry.coordinates), codable.features.map(\.geometry.coordinates), "coordinates")

        try await runner.compare("decode canada") {
            try FeatureCollection(jsonData: bytes).dictionary.count
        } baseline: {
            try decoder.decode(CodableCanada.FeatureCollection.self, from: bytes).features.count
        }
    }
}
