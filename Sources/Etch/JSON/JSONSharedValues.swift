/// Shares the strings and the small arrays of scalars that the small documents read in turn
/// (a store file's records) spell with the same bytes: a label, a date, a list of market
/// codes repeated from object to object is kept once, however many objects hold it.
///
/// ``JSONStringTable`` shares within one document, pointing into its input; the documents
/// here come and go, so each entry keeps a copy of its bytes. The table is open-addressed
/// with linear probing, at most half full, and doubles up to 2^``maxSizeBits`` slots: a
/// value that finds neither its twin nor a free slot within ``maxProbes`` slots is not
/// shared, so reading stays linear and the table's memory bounded (some 3 MiB at most).
final class JSONSharedValues {
    /// Strings shorter than this are stored inside the `String` itself: nothing to share.
    static let minStringLength = 16
    /// Longer strings and arrays are seldom repeated; they are not looked up.
    static let maxLength = 128
    /// The slots a value may look at, from the one its hash picks.
    static let maxProbes = 8
    /// The first table has 2^10 slots, the largest 2^maxSizeBits.
    private static let maxSizeBits = 16

    private struct Entry {
        var hash: Int
        var bytes: [UInt8]
        var value: ModelValue
    }

    private var entries = [Entry?](repeating: nil, count: 1 << 10)
    private var sizeBits = 10
    private var kept = 0

    init() {}

    /// The value spelled by `length` bytes at `start`, if one was kept; else `nil` and the
    /// slot to ``keep(_:at:hash:bytes:)`` it in, or -1 when there is none.
    @inline(__always)
    func find(_ start: UnsafePointer<UInt8>, length: Int) -> (value: ModelValue?, slot: Int, hash: Int) {
        let hash = JSONStringTable.hash(of: start, length: length)
        let mask = entries.count &- 1
        var slot = firstSlot(forHash: hash)
        for _ in 0..<Self.maxProbes {
            guard let entry = entries[slot] else { return (nil, slot, hash) }
            if entry.hash == hash, entry.bytes.count == length,
                entry.bytes.withUnsafeBufferPointer({ JSONKeyCache.sameBytes($0.baseAddress!, start, length: length) })
            {
                return (entry.value, slot, hash)
            }
            slot = (slot &+ 1) & mask
        }
        return (nil, -1, hash)
    }

    /// Keeps `value`, spelled by `length` bytes at `start`, in the slot ``find(_:length:)``
    /// returned.
    func keep(_ value: ModelValue, at slot: Int, hash: Int, bytes start: UnsafePointer<UInt8>, length: Int) {
        var slot = slot
        if (kept + 1) * 2 > entries.count {
            guard sizeBits < Self.maxSizeBits else { return }
            grow()
            slot = freeSlot(forHash: hash)
        }
        guard slot >= 0 else { return }
        entries[slot] = Entry(hash: hash, bytes: Array(UnsafeBufferPointer(start: start, count: length)), value: value)
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
        let mask = entries.count &- 1
        var slot = firstSlot(forHash: hash)
        for _ in 0..<Self.maxProbes {
            if entries[slot] == nil { return slot }
            slot = (slot &+ 1) & mask
        }
        return -1
    }

    /// Doubles the table, moving every entry that finds a slot; one that finds none is
    /// found no more.
    private func grow() {
        sizeBits += 1
        var old = [Entry?](repeating: nil, count: 1 << sizeBits)
        swap(&old, &entries)
        kept = 0
        for case let entry? in old {
            let slot = freeSlot(forHash: entry.hash)
            guard slot >= 0 else { continue }
            entries[slot] = entry
            kept += 1
        }
    }
}
