import Etch

/// One end of a range over a sorted index.
public struct IndexBound: Sendable, Hashable, CustomStringConvertible {
    /// The key at the end.
    public var key: IndexKey
    /// Whether objects with exactly this key are in the range.
    public var isInclusive: Bool

    /// Makes a bound.
    public init(_ key: IndexKey, isInclusive: Bool = true) {
        self.key = key
        self.isInclusive = isInclusive
    }

    /// The key, such as `1990`.
    public var description: String { key.description }
}
