import EtchTestSupport
import Foundation

/// The bounds, order, limit and offset of one sorted range, asked of a store and of the
/// reference alike.
struct RangeQuery<Value: Sendable>: Sendable, CustomStringConvertible {
    /// The smallest value in the range, or `nil` for none.
    var lower: Value?
    /// The largest value in the range, or `nil` for none; may be below `lower`.
    var upper: Value?
    /// Smallest or largest first.
    var order: SortOrder
    /// At most this many objects, or `nil` for all.
    var limit: Int?
    /// How many objects to skip first.
    var offset: Int

    /// A random query: bounds from `values` or none (so a lower bound above the upper one
    /// happens), each order, and limits and offsets at and around the edges.
    ///
    /// - Parameters:
    ///   - values: The values bounds are picked from.
    ///   - memberCount: About how many objects the range may hold, for limits and offsets beyond it.
    static func random(from values: [Value], memberCount: Int, using random: inout SeededGenerator) -> Self {
        func bound() -> Value? {
            Int.random(in: 0..<4, using: &random) == 0 ? nil : values.randomElement(using: &random)
        }
        let limits: [Int?] = [nil, 0, 1, 20, memberCount, memberCount + 3, Int.random(in: 0...5, using: &random)]
        let offsets = [0, 0, 1, memberCount, memberCount + 2, Int.random(in: 0...4, using: &random)]
        return RangeQuery(
            lower: bound(), upper: bound(), order: Bool.random(using: &random) ? .forward : .reverse,
            limit: limits.randomElement(using: &random)!, offset: offsets.randomElement(using: &random)!)
    }

    /// The query as its arguments, for a failure's message.
    var description: String {
        let bounds = "\(lower.map { "\($0)" } ?? "nil")...\(upper.map { "\($0)" } ?? "nil")"
        let limit = limit.map(String.init) ?? "nil"
        return "\(bounds) \(order == .forward ? "forward" : "reverse") limit \(limit) offset \(offset)"
    }
}
