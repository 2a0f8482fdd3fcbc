import Foundation

extension BatchKeys {
    /// How many stored keys ``equalRange(of:inWindowFrom:of:by:)`` compares at once.
    @inlinable static var window: Int { 16 }

    /// The stored keys among the ``window`` keys from `start` that equal `key`, when the
    /// keys are plain values and there are that many; `nil` otherwise. A range that ends at
    /// the window's end may go on past it.
    ///
    /// Counting, in a window of fixed size, the keys that sort before `key` and those that
    /// do not sort after it takes no branch that depends on the keys: a search that stops at
    /// the first key not before (a scan, or a galloping search) costs a mispredicted branch
    /// or more per batch object, which was most of a merge's search for 10k objects into
    /// 100k. Plain values only: comparing a key with more to it (a string) costs more than
    /// the branches it saves.
    @inlinable @inline(__always)
    static func equalRange<Order: KeyOrder>(
        of key: Order.Value, inWindowFrom start: Int, of storedKeys: UnsafeBufferPointer<Order.Value>, by order: Order
    ) -> Range<Int>? {
        guard _isPOD(Order.Value.self), start + window <= storedKeys.count else { return nil }
        // Each result added as its bit: written as a choice of 1 or 0, the compiler turns it
        // back into a branch.
        var before = 0
        var after = 0
        for stored in UnsafeBufferPointer(rebasing: storedKeys[start..<(start + Self.window)]) {
            before &+= Int(unsafeBitCast(order.precedes(stored, key), to: UInt8.self))
            after &+= Int(unsafeBitCast(order.precedes(key, stored), to: UInt8.self))
        }
        let notAfter = Self.window &- after
        // (A key that sorts before one before it, under an order that is not a strict weak
        // one, still leaves a range within the window.)
        return (start + Swift.min(before, notAfter))..<(start + notAfter)
    }

    /// The stored keys in `range` that equal `key`: from the first that does not sort before
    /// it to the first that sorts after it, each found by a scan of ``scanned`` keys and then
    /// a galloping search, the first from the start of `range` by `step`.
    @inlinable @inline(__always)
    static func equalRange<Order: KeyOrder, StoredKeys: RandomAccessCollection<Order.Value>>(
        of key: Order.Value, in range: Range<Int>, firstStep step: Int, of storedKeys: StoredKeys, by order: Order
    ) -> Range<Int> where StoredKeys.Index == Int {
        let start = range.scanningPartitionPoint(scanned: scanned, firstStep: step) {
            order.compare(storedKeys[$0], key) == .orderedAscending
        }
        let end = (start..<range.upperBound).scanningPartitionPoint(scanned: scanned, firstStep: 1) {
            order.compare(storedKeys[$0], key) != .orderedDescending
        }
        return start..<end
    }

    /// The first step of the search for the `done`th of the batch's objects listed in
    /// `sorted`: the expected distance when the rest of them are spread over the stored
    /// objects from `start` to `count`.
    @inlinable @inline(__always)
    static func step(_ start: Int, _ count: Int, _ sorted: [Int], _ done: Int) -> Int {
        (count - start) / Swift.max(1, sorted.count - done + 1)
    }
}
