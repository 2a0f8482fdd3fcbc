import Foundation

/// Remembers the strings made for object keys, so a key that repeats through a large
/// document (`"id"`, `"created_at"`, …) is made once and shared afterwards.
///
/// Entries point back into the input by offset: a key is found again by comparing its
/// bytes with those of the first occurrence, so the cache holds no bytes of its own. Each
/// key may sit in either of two slots, so two keys that share one slot (7 pairs among
/// twitter.json's 94 keys) do not keep evicting each other and getting new identities.
///
/// Each string the cache makes gets an identity, a number above zero never given to another
/// string of the same document: equal identities mean the same string, so
/// ``JSONShapeCache`` can recognize a sequence of keys by their numbers alone.
struct JSONKeyCache {
    /// Keys longer than this are not cached.
    static let maxLength = 48

    private struct Entry {
        var offset = 0
        var length = -1
        var string = ""
        var id = 0
    }

    private var entries: [Entry]
    private let mask: Int
    private var lastID = 0

    /// Makes a cache; a cache for a small input holds nothing, as making it would cost more
    /// than it saves.
    init(inputSize: Int) {
        let size = inputSize >= 4096 ? 1 << Self.sizeBits : 0
        entries = Array(repeating: Entry(), count: size)
        mask = size - 1
    }

    /// The cache holds 2^sizeBits entries.
    private static let sizeBits = 9

    var isEnabled: Bool { mask >= 0 }

    /// The two slots a key of this hash may sit in, from the high bits of a multiplicative
    /// mix, as the low bits of the byte hash are weak.
    @inline(__always)
    private func slots(forHash hash: Int) -> (Int, Int) {
        let mixed = UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15
        return (Int(truncatingIfNeeded: mixed >> (64 - Self.sizeBits)), Int(truncatingIfNeeded: mixed >> 32) & mask)
    }

    /// The string cached for the key of `length` bytes at `offset`, and its identity, if any.
    @inline(__always)
    func string(forHash hash: Int, offset: Int, length: Int, in base: UnsafePointer<UInt8>) -> (String, id: Int)? {
        let (first, second) = slots(forHash: hash)
        var entry = entries[first]
        if entry.length != length || memcmp(base + entry.offset, base + offset, length) != 0 {
            entry = entries[second]
            guard entry.length == length, memcmp(base + entry.offset, base + offset, length) == 0 else { return nil }
        }
        return (entry.string, entry.id)
    }

    /// Caches the string of the key of `length` bytes at `offset` in a free one of its two
    /// slots, or else in place of the key in the first, and returns its new identity.
    @inline(__always)
    mutating func store(_ string: String, forHash hash: Int, offset: Int, length: Int) -> Int {
        let (first, second) = slots(forHash: hash)
        let slot = entries[first].length >= 0 && entries[second].length < 0 ? second : first
        lastID += 1
        entries[slot] = Entry(offset: offset, length: length, string: string, id: lastID)
        return lastID
    }
}
