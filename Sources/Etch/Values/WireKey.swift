import Foundation

/// An object key that compares and hashes by its UTF-8 bytes, as RFC 8259 compares member
/// names.
///
/// Swift's `String ==` counts canonically equivalent strings as equal: `"\u{E9}"` and
/// `"e\u{301}"` (é, composed and decomposed) or `"K"` and the Kelvin sign `"\u{212A}"`.
/// A JSON document that holds both keeps two members, and so must a ``ModelDictionary``,
/// or one of them would be lost on a round trip.
@usableFromInline
struct WireKey: Hashable, Sendable {
    @usableFromInline let string: String

    @inlinable
    init(_ string: String) {
        self.string = string
    }

    @inlinable
    static func == (lhs: WireKey, rhs: WireKey) -> Bool {
        sameBytes(lhs.string, rhs.string)
    }

    @inlinable
    func hash(into hasher: inout Hasher) {
        let utf8 = string.utf8
        hasher.combine(utf8.count)
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil { Array(utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    /// Whether two strings have the same representation, which proves they hold the same
    /// bytes: two small strings (up to 15 bytes, kept inline) with the same contents, or one
    /// native string's storage twice. Getters compare a field's key with the stored one this
    /// way, inlined, so a read that hits its hint makes no call.
    @inlinable @inline(__always)
    static func sameRepresentation(_ lhs: String, _ rhs: String) -> Bool {
        unsafeBitCast(lhs, to: (UInt64, UInt64).self) == unsafeBitCast(rhs, to: (UInt64, UInt64).self)
    }

    /// Whether two strings have the same UTF-8 bytes.
    ///
    /// - Complexity: O(1) when the lengths differ (native strings know their length in
    ///   bytes), else one comparison of the bytes; no allocation.
    @inlinable
    static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        if sameRepresentation(lhs, rhs) { return true }
        let count = lhs.utf8.count
        guard count == rhs.utf8.count else { return false }
        let same = lhs.utf8.withContiguousStorageIfAvailable { lhsBytes in
            rhs.utf8.withContiguousStorageIfAvailable { rhsBytes in
                count == 0 || memcmp(lhsBytes.baseAddress!, rhsBytes.baseAddress!, count) == 0
            }
        }
        if let same = same ?? nil { return same }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }
}
