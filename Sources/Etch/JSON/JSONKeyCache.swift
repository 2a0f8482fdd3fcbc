import Foundation

/// Remembers the strings made for object keys, so a key that repeats through a large
/// document (`"id"`, `"created_at"`, …) is made once and shared afterwards.
///
/// Entries point back into the input by offset: a key is found again by comparing its
/// bytes with those of the first occurrence, so the cache holds no bytes of its own.
struct JSONKeyCache {
    /// Keys longer than this are not cached.
    static let maxLength = 48

    private struct Entry {
        var offset = 0
        var length = -1
        var string = ""
    }

    private var entries: [Entry]
    private let mask: Int

    /// Makes a cache; a cache for a small input holds nothing, as making it would cost more
    /// than it saves.
    init(inputSize: Int) {
        let size = inputSize >= 4096 ? 512 : 0
        entries = Array(repeating: Entry(), count: size)
        mask = size - 1
    }

    var isEnabled: Bool { mask >= 0 }

    /// The string cached for the key of `length` bytes at `offset`, if any.
    @inline(__always)
    func string(forHash hash: Int, offset: Int, length: Int, in base: UnsafePointer<UInt8>) -> String? {
        let entry = entries[hash & mask]
        guard entry.length == length, memcmp(base + entry.offset, base + offset, length) == 0 else { return nil }
        return entry.string
    }

    /// Caches the string of the key of `length` bytes at `offset`, replacing any other key
    /// with the same hash slot.
    @inline(__always)
    mutating func store(_ string: String, forHash hash: Int, offset: Int, length: Int) {
        entries[hash & mask] = Entry(offset: offset, length: length, string: string)
    }
}
