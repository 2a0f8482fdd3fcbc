/// Shares the strings and the small arrays of scalars that the small documents read in turn
/// (a store file's records) spell with the same bytes: a label, a date, a list of market
/// codes repeated from object to object is kept once, however many objects hold it.
///
/// ``JSONStringTable`` shares within one document, pointing into its input; the documents
/// here come and go, so an entry compares with a kept string's own bytes, or with a copy of
/// a kept array's. The table is open-addressed with linear probing, at most half full, and
/// doubles up to 2^``maxSizeBits`` slots: a value that finds neither its twin nor a free
/// slot within ``maxProbes`` slots is not shared, so reading stays linear and the table's
/// memory bounded (some 4 MiB at most).
///
/// The stored properties skip the runtime's exclusivity checks (`@exclusivity(unchecked)`),
/// as ``PersistentListNode``'s do: a table is used by one reader at a time, and its methods
/// call nothing that could reach it again, while the checks cost a tenth of a record's read.
final class JSONSharedValues {
    /// Strings shorter than this are stored inside the `String` itself: nothing to share.
    static let minStringLength = 16
    /// Longer strings and arrays are seldom repeated (descriptions, URLs of one object):
    /// they are not looked up, which would cost a hash and a copy each.
    static let maxLength = 64
    /// The slots a value may look at, from the one its hash picks.
    static let maxProbes = 8
    /// The first table has 2^10 slots, the largest 2^maxSizeBits.
    private static let maxSizeBits = 16

    /// Each slot's hash, and the length of its value's bytes (-1 for a free slot): compared
    /// before the bytes, without touching the value.
    @exclusivity(unchecked) private var hashes = [Int](repeating: 0, count: 1 << 10)
    @exclusivity(unchecked) private var lengths = [Int](repeating: -1, count: 1 << 10)
    @exclusivity(unchecked) private var values = [ModelValue](repeating: .null, count: 1 << 10)
    /// A kept array's bytes; empty for a string, whose own bytes are compared.
    @exclusivity(unchecked) private var arrayBytes = [[UInt8]](repeating: [], count: 1 << 10)
    @exclusivity(unchecked) private var sizeBits = 10
    @exclusivity(unchecked) private var kept = 0
    /// For each length of string, the lookups made and the values they found, halved now
    /// and then so that they follow the documents (``isWorthLookingUp(stringOfLength:)``).
    @exclusivity(unchecked) private var lookups = [UInt32](repeating: 0, count: maxLength + 1)
    @exclusivity(unchecked) private var finds = [UInt32](repeating: 0, count: maxLength + 1)
    /// For each length of string, the strings not looked up since the last lookup.
    @exclusivity(unchecked) private var skips = [UInt32](repeating: 0, count: maxLength + 1)

    init() {}

    /// Whether a string of `length` bytes is worth a lookup: no while strings of that
    /// length have seldom been found (unique URLs, titles, codes: under one in eight of the
    /// last lookups), which would cost a hash and a probe each; one in every 64 of those is
    /// still looked up, so that a length whose strings start to repeat is shared again
    /// (``countLookup(stringOfLength:found:)``).
    @inline(__always)
    func isWorthLookingUp(stringOfLength length: Int) -> Bool {
        let (made, found) = (lookups[length], finds[length])
        guard made >= 256, found &* 8 < made else { return true }
        skips[length] &+= 1
        guard skips[length] >= 64 else { return false }
        skips[length] = 0
        return true
    }

    /// Counts a lookup of a string of `length` bytes, and whether it found a value. A value
    /// found by a length no longer looked up starts its counts afresh, so that its strings
    /// are looked up again from the next one on.
    @inline(__always)
    func countLookup(stringOfLength length: Int, found: Bool) {
        if found, lookups[length] >= 256, finds[length] &* 8 < lookups[length] {
            lookups[length] = 0
            finds[length] = 0
            return
        }
        if lookups[length] >= 4_096 {
            lookups[length] /= 2
            finds[length] /= 2
        }
        lookups[length] &+= 1
        if found { finds[length] &+= 1 }
    }

    /// The value spelled by `length` bytes at `start`, if one was kept; else `nil` and the
    /// slot to ``keep(_:at:hash:bytes:length:)`` it in, or -1 when there is none.
    @inline(__always)
    func find(_ start: UnsafePointer<UInt8>, length: Int) -> (value: ModelValue?, slot: Int, hash: Int) {
        let hash = JSONStringTable.hash(of: start, length: length)
        let mask = lengths.count &- 1
        var slot = firstSlot(forHash: hash)
        for _ in 0..<Self.maxProbes {
            let other = lengths[slot]
            if other < 0 { return (nil, slot, hash) }
            if other == length, hashes[slot] == hash, holds(start, length: length, at: slot) {
                return (values[slot], slot, hash)
            }
            slot = (slot &+ 1) & mask
        }
        return (nil, -1, hash)
    }

    /// Whether the value at `slot` is spelled by the `length` bytes at `start`.
    private func holds(_ start: UnsafePointer<UInt8>, length: Int, at slot: Int) -> Bool {
        if case .string(var string) = values[slot] {
            return string.withUTF8 { JSONKeyCache.sameBytes($0.baseAddress!, start, length: length) }
        }
        return arrayBytes[slot].withUnsafeBufferPointer {
            JSONKeyCache.sameBytes($0.baseAddress!, start, length: length)
        }
    }

    /// Keeps `value`, spelled by `length` bytes at `start`, in the slot ``find(_:length:)``
    /// returned.
    func keep(_ value: ModelValue, at slot: Int, hash: Int, bytes start: UnsafePointer<UInt8>, length: Int) {
        var slot = slot
        if (kept + 1) * 2 > lengths.count {
            guard sizeBits < Self.maxSizeBits else { return }
            grow()
            slot = freeSlot(forHash: hash)
        }
        guard slot >= 0 else { return }
        hashes[slot] = hash
        lengths[slot] = length
        values[slot] = value
        if case .array = value { arrayBytes[slot] = Array(UnsafeBufferPointer(start: start, count: length)) }
        kept += 1
    }

    /// The first slot a value of this hash may sit in, from the high bits of a
    /// multiplicative mix.
    @inline(__always)
    private func firstSlot(forHash hash: Int) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - sizeBits))
    }

    /// A free slot for a value of this hash among the slots it may look at, or -1.
    private func freeSlot(forHash hash: Int) -> Int {
        let mask = lengths.count &- 1
        var slot = firstSlot(forHash: hash)
        for _ in 0..<Self.maxProbes {
            if lengths[slot] < 0 { return slot }
            slot = (slot &+ 1) & mask
        }
        return -1
    }

    /// Doubles the table, moving every entry that finds a slot; one that finds none is
    /// found no more.
    private func grow() {
        sizeBits += 1
        let count = 1 << sizeBits
        let old = (hashes, lengths, values, arrayBytes)
        hashes = [Int](repeating: 0, count: count)
        lengths = [Int](repeating: -1, count: count)
        values = [ModelValue](repeating: .null, count: count)
        arrayBytes = [[UInt8]](repeating: [], count: count)
        kept = 0
        for position in old.1.indices where old.1[position] >= 0 {
            let slot = freeSlot(forHash: old.0[position])
            guard slot >= 0 else { continue }
            hashes[slot] = old.0[position]
            lengths[slot] = old.1[position]
            values[slot] = old.2[position]
            arrayBytes[slot] = old.3[position]
            kept += 1
        }
    }
}
