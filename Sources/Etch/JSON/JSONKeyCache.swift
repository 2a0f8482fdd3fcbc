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

    /// What the cache knows of each string it made, by identity: an evicted key keeps its
    /// string. Identity 0, which no string has, stands for "no key" in predictions.
    struct Known {
        var string: String
        /// Where the key first appeared in the input, and its length in bytes.
        var offset: Int
        var length: Int
        /// The identities of the last two keys that followed this one in its object, and of
        /// the first keys of the last two objects that were this key's value, the most recent
        /// first (see ``predictedIDs(after:opensObject:)``); 0 where there is none yet.
        var next = (0, 0)
        var firstNested = (0, 0)
    }

    private var entries: [Entry]
    private let mask: Int
    private var lastID = 0
    var known = [Known(string: "", offset: 0, length: -1)]

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

    /// Caches the string of the key of `length` bytes at `offset` in a free one of its two
    /// slots, or else in place of the key in the first, and returns its new identity.
    @inline(__always)
    mutating func store(_ string: String, forHash hash: Int, offset: Int, length: Int) -> Int {
        let (first, second) = slots(forHash: hash)
        let slot = entries[first].length >= 0 && entries[second].length < 0 ? second : first
        lastID += 1
        // A long key a model declares becomes the field's own string (see `DeclaredKeys`).
        let string = DeclaredKeys.shared(string)
        entries[slot] = Entry(offset: offset, length: length, string: string, id: lastID)
        known.append(Known(string: string, offset: offset, length: length))
        return lastID
    }

    /// The string with identity `id`, which the cache gave out.
    @inline(__always)
    func string(withID id: Int) -> String {
        known[id].string
    }

    /// A hash of a key's bytes from at most two unaligned loads, never reading outside them.
    @inline(__always)
    static func hash(of bytes: UnsafePointer<UInt8>, length: Int) -> Int {
        let (first, last) = edges(of: bytes, length: length)
        // Both halves mixed by multiplication, then the high bits folded down, so the two
        // slots taken from the result do not collide together for keys sharing an edge.
        let mixed = ((first &* 0x9E37_79B9_7F4A_7C15) ^ last ^ UInt64(length)) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
    }

    /// The first and the last eight bytes of a key (overlapping when it is shorter than 16);
    /// for a shorter key, its first and last four bytes, or its bytes one by one below four.
    @inline(__always)
    static func edges(of bytes: UnsafePointer<UInt8>, length: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(bytes)
        if length >= 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self))
        }
        if length >= 4 {
            return (
                UInt64(raw.loadUnaligned(as: UInt32.self)),
                UInt64(raw.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self))
            )
        }
        var word: UInt64 = 0
        for index in 0..<length { word = word << 8 | UInt64(bytes[index]) }
        return (word, 0)
    }

    /// Whether `length` bytes at two places are equal; for keys up to 16 bytes, without a call.
    @inline(__always)
    static func sameBytes(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, length: Int) -> Bool {
        guard length <= 16 else { return memcmp(lhs, rhs, length) == 0 }
        return edges(of: lhs, length: length) == edges(of: rhs, length: length)
    }

    /// The identity of the key of `length` bytes at `offset`, if the cache holds it. Its
    /// string is ``string(withID:)``: the reader keeps only identities while it reads.
    @inline(__always)
    func id(forHash hash: Int, offset: Int, length: Int, in base: UnsafePointer<UInt8>) -> Int? {
        let (first, second) = slots(forHash: hash)
        if entries[first].length == length, Self.sameBytes(base + entries[first].offset, base + offset, length: length)
        {
            return entries[first].id
        }
        if entries[second].length == length,
            Self.sameBytes(base + entries[second].offset, base + offset, length: length)
        {
            return entries[second].id
        }
        return nil
    }
}
