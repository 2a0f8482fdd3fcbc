@_spi(EtchCollections) import Etch
import Foundation

/// What ``Store/plan(for:)`` says a query will cost: how its candidates are found, how many
/// it expects, what is tested of each, and whether the results come in index order or are
/// sorted after — as SQLite's `EXPLAIN QUERY PLAN` says `USE TEMP B-TREE FOR ORDER BY`.
///
/// ```swift
/// try await store.plan(for: StoreQuery<Album>(
///     predicate: #Predicate { $0.genre == rock }, sortBy: [SortDescriptor(\.year, order: .reverse)],
///     fetchLimit: 20))
/// // walk Album.year by genre == "rock" in reverse order, stopping after 20 matches (of 9,091)
/// try await store.plan(for: StoreQuery<Album>(predicate: #Predicate { $0.title.starts(with: "A") }))
/// // scan Album (100,000 candidates), testing each with Foundation's evaluation of the predicate, then sort by id
/// ```
public struct QueryExplanation: Sendable, Hashable, CustomStringConvertible {
    /// How the candidates are found: an index's lookup or range, or a scan.
    public let access: QueryPlan
    /// How the results are ordered.
    public let order: Order
    /// How many candidates the access gives at most, from the indexes' counts now.
    public let expectedCandidates: Int
    /// Whether each candidate is tested further (the index does not guarantee the whole
    /// predicate).
    public let testsCandidates: Bool
    /// The plan in words.
    public let description: String

    /// How a query's results come in order.
    public enum Order: Sendable, Hashable {
        /// The access gives them in id order already: no sort.
        case idOrder
        /// The sorted index is walked in the query's order, forward or in reverse, and the
        /// walk stops after `stopsAfter` matches (`nil`: it reads the whole range).
        case indexWalk(reversed: Bool, stopsAfter: Int?)
        /// Every match is collected, then sorted by the descriptors (and id).
        case sort(by: [String])
    }

    init(
        access: QueryPlan, order: Order, expectedCandidates: Int, filter: String?, keyText: (String, IndexKey) -> String
    ) {
        self.access = access
        self.order = order
        self.expectedCandidates = expectedCandidates
        self.testsCandidates = filter != nil
        let candidates = expectedCandidates.formatted(.number.grouping(.automatic))
        var text: String
        switch order {
        case .indexWalk(let reversed, let stopsAfter):
            var range = Self.describe(access, keyText).dropFirst("range ".count)
            if range.hasSuffix(" in (…, …)") { range = range.dropLast(" in (…, …)".count) }
            text = "walk " + range
            text += reversed ? " in reverse order (ties by id ascending)" : " in order"
            text +=
                stopsAfter.map { ", stopping after \($0) matches (of \(candidates))" } ?? " (\(candidates) candidates)"
        case .idOrder, .sort:
            text = Self.describe(access, keyText) + " (\(candidates) candidate\(expectedCandidates == 1 ? "" : "s"))"
        }
        if let filter { text += ", testing each with a \(filter)" }
        if case .sort(let names) = order {
            text += ", then sort by " + (names + ["id"]).joined(separator: ", ") + " (a full sort of the matches)"
        }
        self.description = text
    }

    /// The access in words, each key as its field's Swift value.
    static func describe(_ plan: QueryPlan, _ keyText: (String, IndexKey) -> String) -> String {
        switch plan {
        case .scan, .empty:
            return plan.description
        case .lookup(let model, let index, let keys):
            return "lookup \(model).\(index) in [\(keys.map { keyText(index, $0) }.joined(separator: ", "))]"
        case .range(let model, let index, let group, let lower, let upper):
            let start = lower.map { "\($0.isInclusive ? "[" : "(")\(keyText(index, $0.key))" } ?? "(…"
            let end = upper.map { "\(keyText(index, $0.key))\($0.isInclusive ? "]" : ")")" } ?? "…)"
            let groupText = group.map { " == \(keyText(index + " group", $0))" } ?? ""
            return "range \(model).\(index)\(groupText) in \(start), \(end)"
        case .union(let plans):
            return "union of: \(plans.map { describe($0, keyText) }.joined(separator: " | "))"
        }
    }

    /// Whether the plan's access is `plan`, so a test can write `store.plan(for: query) == .empty`.
    public static func == (lhs: QueryExplanation, rhs: QueryPlan) -> Bool { lhs.access == rhs }
}
