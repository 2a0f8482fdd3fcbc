import Foundation

/// Which objects of a `@sorted` field a ``ModelStore/sorted(_:by:in:)`` read gives: the
/// values between two ends, in an order, paged.
///
/// ```swift
/// try await store.sorted(Album.self, by: \.year, in: SortedRange(from: 1960, order: .reverse, limit: 20))
/// ```
public struct SortedRange<Value: Sendable>: Sendable {
    /// The smallest value in the range, or `nil` for no lower end.
    public var lower: Value?
    /// The largest value in the range, or `nil` for no upper end.
    public var upper: Value?
    /// `.forward` for smallest first, `.reverse` for largest first.
    public var order: SortOrder
    /// The most objects to return; `nil` for no limit.
    public var limit: Int?
    /// How many objects of the range to skip first.
    public var offset: Int

    /// Makes a range.
    ///
    /// - Parameters:
    ///   - lower: The smallest value in the range, or `nil` for no lower end.
    ///   - upper: The largest value in the range, or `nil` for no upper end.
    ///   - order: `.forward` for smallest first, `.reverse` for largest first.
    ///   - limit: The most objects to return; `nil` for no limit.
    ///   - offset: How many objects of the range to skip first.
    public init(
        from lower: Value? = nil, through upper: Value? = nil, order: SortOrder = .forward, limit: Int? = nil,
        offset: Int = 0
    ) {
        self.lower = lower
        self.upper = upper
        self.order = order
        self.limit = limit
        self.offset = offset
    }
}
