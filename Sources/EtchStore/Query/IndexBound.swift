@_spi(EtchCollections) import Etch

/// One end of a ``QueryPlan/range(model:index:group:lower:upper:)``: a key, and whether
/// objects with exactly that key are in the range.
public struct IndexBound: Sendable, Hashable {
    /// The key at this end of the range.
    public var key: IndexKey
    /// Whether objects whose key equals ``key`` are in the range (`<=`, `>=`, a closed
    /// range), or only those beyond it (`<`, `>`, the end of a half-open range).
    public var isInclusive: Bool

    /// Makes a bound.
    public init(key: IndexKey, isInclusive: Bool) {
        self.key = key
        self.isInclusive = isInclusive
    }

    /// Whether `key` is on the inner side of this bound taken as a lower bound.
    package func admitsFromBelow(_ key: IndexKey) -> Bool {
        isInclusive ? self.key <= key : self.key < key
    }

    /// Whether `key` is on the inner side of this bound taken as an upper bound.
    package func admitsFromAbove(_ key: IndexKey) -> Bool {
        isInclusive ? key <= self.key : key < self.key
    }
}
