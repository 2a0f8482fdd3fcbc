@_spi(EtchCollections) import Etch
import Foundation

extension IndexKey {
    /// How `lhs` orders against `rhs`, as `<` and `==` order them, in one comparison.
    ///
    /// Integers, the common kind of ids and keys, are compared here, inline; any other pair
    /// goes through `IndexKey`'s operators, calls into another module that copy both keys,
    /// which made a sort of entries cost some 50 ns per comparison.
    @inline(__always)
    static func compare(_ lhs: IndexKey, _ rhs: IndexKey) -> ComparisonResult {
        if case .int(let left) = lhs, case .int(let right) = rhs {
            return left < right ? .orderedAscending : left == right ? .orderedSame : .orderedDescending
        }
        return lhs == rhs ? .orderedSame : lhs < rhs ? .orderedAscending : .orderedDescending
    }
}
