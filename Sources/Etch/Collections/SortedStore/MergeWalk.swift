/// The steps of one merge of an array's elements with inserted ones, worked out once for
/// every array that the merge changes: the runs of kept elements, each from where it lies
/// to where it goes, and where each inserted element goes.
///
/// Working out where a run ends takes a branch at each removal and each insertion, and
/// which comes next is a toss-up for the processor: a misprediction each time. A store
/// merges its objects and each of its columns with the same steps, so they are found once
/// here, and each array's pass is then a loop over runs that branches the same way each
/// time (see ``Swift/Array/moveMerge(_:extent:releasingRemovedTwice:)`` and
/// ``Swift/Array/merged(inserting:_:)``).
@usableFromInline
struct MergeWalk: Sendable {
    /// A run of kept elements: `count` of them from `read` in the old array, to `write`
    /// in the merged one.
    @usableFromInline
    struct Run: Sendable {
        /// Where the run starts in the old array.
        @usableFromInline var read: Int
        /// Where it starts in the merged array.
        @usableFromInline var write: Int
        /// How many elements it holds.
        @usableFromInline var count: Int

        /// A run of `count` elements from `read` in the old array to `write` in the merged one.
        @inlinable
        init(read: Int, write: Int, count: Int) {
            self.read = read
            self.write = write
            self.count = count
        }
    }

    /// The runs of kept elements, in order.
    @usableFromInline var runs: [Run] = []
    /// The inserted elements in the order they go in, each by its offset among the inserted.
    @usableFromInline let order: [Int]
    /// For each inserted element in `order`, its index in the merged array.
    @usableFromInline var targets: [Int] = []
    /// The indices of the elements that go, ascending.
    @usableFromInline let removals: [Int]
    /// How many elements the old array holds, not counting the inserted ones.
    @usableFromInline let oldCount: Int
    /// How many elements the merged array holds, so far as the walk has gone.
    @usableFromInline var mergedCount = 0
    /// Where the walk is in the old array: the elements before this are taken or removed.
    @usableFromInline var read = 0
    /// How many of `removals` the walk has taken.
    @usableFromInline var removed = 0

    /// A walk of `oldCount` elements that has taken none yet, for ``keep(upTo:)``,
    /// ``removeNext()`` and ``insertNext()`` to build, in order, and ``finish()`` to end.
    ///
    /// - Parameters:
    ///   - oldCount: How many elements the array holds before the merge.
    ///   - order: The inserted elements in the order they go in, each by its offset among
    ///     the inserted.
    ///   - removals: Indices of elements to remove, ascending, below `oldCount`.
    @inlinable
    init(oldCount: Int, inserting order: [Int], removing removals: [Int]) {
        self.oldCount = oldCount
        self.order = order
        self.removals = removals
        runs.reserveCapacity(order.count + removals.count + 1)
        targets.reserveCapacity(order.count)
    }

    /// The steps of a merge of `oldCount` elements, all but those at `removals`, with the
    /// elements that `order` names.
    ///
    /// - Parameters:
    ///   - order: The inserted elements in the order they go in, each by its offset among
    ///     the inserted.
    ///   - removals: Indices of elements to remove, ascending, below `oldCount`.
    ///   - keptBefore: For each inserted element in `order`, how many kept elements come
    ///     before it; non-decreasing, and at most the number of kept elements.
    ///   - oldCount: How many elements the array holds before the merge.
    /// - Complexity: O(*r* + *k*) for *r* removals and *k* inserted elements.
    @inlinable
    init(order: [Int], removing removals: [Int], afterKept keptBefore: [Int], oldCount: Int) {
        precondition(keptBefore.count == order.count, "one kept count per inserted element")
        self.init(oldCount: oldCount, inserting: order, removing: removals)
        for target in keptBefore {
            // A removal with `target` kept elements or fewer before it goes first: the
            // kept elements up to the insertion are the `target` first.
            while removed < removals.count && removals[removed] - removed <= target { removeNext() }
            keep(upTo: target + removed)
            insertNext()
        }
        finish()
    }

    // MARK: - Building

    /// Keeps the elements from where the walk is up to `end` in the old array, in one run.
    /// Every step is checked as it is taken, so that the runs lie in bounds before
    /// anything moves: a bad index found halfway would leave a buffer half moved.
    @inlinable
    mutating func keep(upTo end: Int) {
        precondition(read <= end && end <= oldCount, "the walk must go forward, in bounds")
        guard end > read else { return }
        runs.append(Run(read: read, write: mergedCount, count: end - read))
        mergedCount += end - read
        read = end
    }

    /// Removes the next of the removals, keeping the elements before it.
    @inlinable
    mutating func removeNext() {
        let index = removals[removed]
        keep(upTo: index)
        precondition(index < oldCount, "removal out of bounds")
        read = index + 1
        removed += 1
    }

    /// Puts the next of the inserted elements in.
    ///
    /// - Returns: Its index in the merged array.
    @inlinable @discardableResult
    mutating func insertNext() -> Int {
        precondition(targets.count < order.count, "more insertions than inserted elements")
        let target = mergedCount
        targets.append(target)
        mergedCount += 1
        return target
    }

    /// Takes the removals left, then keeps the elements left.
    @inlinable
    mutating func finish() {
        while removed < removals.count { removeNext() }
        keep(upTo: oldCount)
        precondition(targets.count == order.count, "an inserted element left out")
    }

    // MARK: - Taking the steps

    /// Whether the walk has taken every element: the runs, the removals and the inserted
    /// elements' places are all there, and an array may be moved by them.
    @inlinable var isFinished: Bool {
        read == oldCount && removed == removals.count && targets.count == order.count
    }

    /// Copies the kept elements from `old`, whose first `readable` elements may be read, to
    /// their places in `merged`, which has room for ``mergedCount``; `old` is left as it
    /// was. Elements that are plain bits (`_isPOD`) go a short run at a time as a block of
    /// ``Swift/Array/shortRun`` elements: a few vector moves, no call.
    @inlinable
    func copyKept<Element>(from old: UnsafePointer<Element>, readable: Int, into merged: UnsafeMutablePointer<Element>)
    {
        takeKept(
            from: UnsafeMutablePointer(mutating: old), readable: readable, into: merged, moving: false,
            wholeShortRuns: _isPOD(Element.self))
    }

    /// Moves the kept elements from `old`, whose first `readable` elements may be read, to
    /// their places in `merged`, which has room for ``mergedCount``; the kept elements of
    /// `old` are left uninitialized. Elements that move as plain bits (`_isBitwiseTakable`:
    /// not one holding a `weak` reference, on Apple's platforms) go a short run at a time
    /// as a block of ``Swift/Array/shortRun`` elements.
    @inlinable
    func moveKept<Element>(
        from old: UnsafeMutablePointer<Element>, readable: Int, into merged: UnsafeMutablePointer<Element>
    ) {
        takeKept(
            from: old, readable: readable, into: merged, moving: true, wholeShortRuns: _isBitwiseTakable(Element.self))
    }

    /// The pass of ``copyKept(from:readable:into:)`` and ``moveKept(from:readable:into:)``,
    /// which pair `moving` with the block rule that makes it safe: only plain bits may be
    /// copied past a run, and only elements that move as bits moved past one. What a block
    /// writes past its run is a later run's place, or an inserted element's, written over
    /// afterwards; so the inserted elements go in after this. With `moving` false, nothing
    /// of `old` is written.
    @inlinable
    func takeKept<Element>(
        from old: UnsafeMutablePointer<Element>, readable: Int, into merged: UnsafeMutablePointer<Element>,
        moving: Bool, wholeShortRuns: Bool
    ) {
        precondition(isFinished, "an unfinished walk")
        let shortRun = [Element].shortRun
        let mergedCount = mergedCount
        runs.withUnsafeBufferPointer { runs in
            for run in runs {
                if wholeShortRuns && run.count <= shortRun && run.write + shortRun <= mergedCount
                    && run.read + shortRun <= readable
                {
                    UnsafeMutableRawPointer(merged + run.write).copyMemory(
                        from: old + run.read, byteCount: shortRun * MemoryLayout<Element>.stride)
                } else if moving {
                    (merged + run.write).moveInitialize(from: old + run.read, count: run.count)
                } else {
                    (merged + run.write).initialize(from: old + run.read, count: run.count)
                }
            }
        }
    }

    /// Calls `body` with each inserted element's offset among the inserted and its index
    /// in the merged array, in order.
    @inlinable @inline(__always)
    func forEachInserted(_ body: (_ offset: Int, _ target: Int) -> Void) {
        precondition(isFinished, "an unfinished walk")
        order.withUnsafeBufferPointer { order in
            targets.withUnsafeBufferPointer { targets in
                for position in order.indices { body(order[position], targets[position]) }
            }
        }
    }
}
