/// Shares one string among the string values of a document that are spelled with the same
/// bytes, so that a value repeated through the document (a user's profile URLs, a
/// status's `source` HTML, a retweeted description) is stored once.
///
/// Only strings of at least ``minLength`` bytes are worth sharing: shorter ones are stored
/// inside the `String` itself. Entries point back into the input by offset, as
/// ``JSONKeyCache``'s do, so the table holds no bytes of its own; it lives as long as the
/// reader of one document.
///
/// The table is open-addressed with linear probing, at most half full, and grows by
/// doubling up to 2^``maxSizeBits`` slots. A string looks at no more than ``maxProbes``
/// slots: one that finds neither its twin nor a free slot is simply not shared, so strings
/// with colliding hashes cost a bounded amount of work each, and reading stays linear.
struct JSONStringTable {
    /// Strings of fewer bytes are not shared.
    static let minLength = 16
    /// The slots a string may look at, from the one its hash picks.
    static let maxProbes = 8
    /// The largest table holds 2^maxSizeBits slots (2 MiB); when it is half full, strings
    /// not yet in it stay unshared.
    private static let maxSizeBits = 16

    /// A slot: where a kept string is spelled in the input, and its index in ``strings``.
    /// It holds no reference, so the slots are made, moved and freed as plain memory.
    private struct Entry {
        var hash = 0
        var offset = 0
        /// -1 for a free slot.
        var length = -1
        var index = 0
    }

    private var entries: [Entry] = []
    /// The kept strings, in the order they were kept.
    private var strings: [String] = []
    private var sizeBits = 0
    /// The first table's size: one slot for every 256 bytes of input, between 2^8 and
    /// 2^maxSizeBits slots, so that twitter.json's 1,130 distinct long strings need no growth.
    private let initialSizeBits: Int
    /// Whether strings are shared at all: for a small input, making the table would cost
    /// more than it saves.
    let isEnabled: Bool

    init(inputSize: Int) {
        isEnabled = inputSize >= 4096
        let slots = Swift.max(inputSize / 256, 1)
        initialSizeBits = Swift.min(Swift.max(Int.bitWidth - (slots - 1).leadingZeroBitCount, 8), Self.maxSizeBits)
    }

    /// A hash of all the bytes of a string of at least eight: ``JSONKeyCache``'s hash of its
    /// edges, with every eight bytes between them mixed in.
    @inline(__always)
    static func hash(of bytes: UnsafePointer<UInt8>, length: Int) -> Int {
        var hash = UInt64(UInt(bitPattern: JSONKeyCache.hash(of: bytes, length: length)))
        let raw = UnsafeRawPointer(bytes)
        var offset = 8
        while offset < length &- 8 {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            offset &+= 8
        }
        return Int(truncatingIfNeeded: hash)
    }

    /// The first slot a string of this hash may sit in, from the high bits of a
    /// multiplicative mix.
    @inline(__always)
    private func firstSlot(forHash hash: Int) -> Int {
        let mixed = UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt(64 - sizeBits))
    }

    /// The shared string of the `length` bytes at `offset` if the table holds one; else
    /// `nil` and the free slot to ``store(_:at:hash:offset:length:)`` it in, or -1 if none
    /// is near enough.
    @inline(__always)
    func find(hash: Int, offset: Int, length: Int, in base: UnsafePointer<UInt8>) -> (String?, slot: Int) {
        guard !entries.isEmpty else { return (nil, -1) }
        let mask = entries.count &- 1
        var slot = firstSlot(forHash: hash)
        for _ in 0..<Self.maxProbes {
            let other = entries[slot].length
            if other < 0 { return (nil, slot) }
            if other == length, entries[slot].hash == hash,
                JSONKeyCache.sameBytes(base + entries[slot].offset, base + offset, length: length)
            {
                return (strings[entries[slot].index], slot)
            }
            slot = (slot &+ 1) & mask
        }
        return (nil, -1)
    }

    /// Keeps `string`, made of the `length` bytes at `offset`, for the strings spelled the
    /// same later in the document; `slot` is what ``find(hash:offset:length:in:)`` returned.
    mutating func store(_ string: String, at slot: Int, hash: Int, offset: Int, length: Int) {
        var slot = slot
        if (strings.count &+ 1) &* 2 > entries.count {
            guard sizeBits < Self.maxSizeBits else { return }
            grow()
            slot = freeSlot(forHash: hash)
        }
        guard slot >= 0 else { return }
        entries[slot] = Entry(hash: hash, offset: offset, length: length, index: strings.count)
        strings.append(string)
    }

    /// A free slot for a string of this hash among the slots it may look at, or -1.
    private func freeSlot(forHash hash: Int) -> Int {
        let mask = entries.count &- 1
        var slot = firstSlot(forHash: hash)
        for _ in 0..<Self.maxProbes {
            if entries[slot].length < 0 { return slot }
            slot = (slot &+ 1) & mask
        }
        return -1
    }

    /// Doubles the table (or makes the first one), moving every entry that finds a slot; one
    /// that finds none keeps its string, found no more.
    private mutating func grow() {
        sizeBits = sizeBits == 0 ? initialSizeBits : sizeBits + 1
        var old = Array(repeating: Entry(), count: 1 << sizeBits)
        swap(&old, &entries)
        for entry in old where entry.length >= 0 {
            let slot = freeSlot(forHash: entry.hash)
            if slot >= 0 { entries[slot] = entry }
        }
    }
}
