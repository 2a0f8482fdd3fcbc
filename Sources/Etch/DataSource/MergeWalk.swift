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
    /// For each inserted element in `order`, how many kept elements come before it.
    @usableFromInline let keptBefore: [Int]
    /// The indices of the elements that go, ascending.
    @usableFromInline let removals: [Int]
    /// How many elements the old array holds, not counting the inserted ones.
    @usableFromInline let oldCount: Int

    /// How many elements the merged array holds.
    @inlinable var mergedCount: Int { oldCount - removals.count + order.count }

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
        // Checked before anything moves: a bad index found halfway would leave a buffer
        // half moved, or a read out of bounds.
        precondition(keptBefore.count == order.count, "one kept count per inserted element")
        precondition(
            Self.isAscending(removals, strictly: true, in: 0..<Swift.max(0, oldCount)),
            "removals must ascend, in bounds")
        let kept = oldCount - removals.count
        precondition(Self.isAscending(keptBefore, strictly: false, in: 0..<(kept + 1)), "kept counts must not decrease")
        self.order = order
        self.removals = removals
        self.keptBefore = keptBefore
        self.oldCount = oldCount
        runs.reserveCapacity(order.count + removals.count + 1)
        var read = 0
        var nextRemoval = 0
        var keptDone = 0
        var write = 0
        /// Takes the kept elements up to the `target`th, skipping the removed ones, in runs.
        func keep(upTo target: Int) {
            while keptDone < target {
                while nextRemoval < removals.count && removals[nextRemoval] == read {
                    read += 1
                    nextRemoval += 1
                }
                let end = nextRemoval < removals.count ? removals[nextRemoval] : oldCount
                let length = Swift.min(end - read, target - keptDone)
                runs.append(Run(read: read, write: write, count: length))
                read += length
                keptDone += length
                write += length
            }
        }
        for target in keptBefore {
            keep(upTo: target)
            write += 1
        }
        keep(upTo: kept)
    }

    /// Moves (or copies) the kept elements from `old`, whose first `readable` elements may
    /// be read, to their places in `merged`, which has room for ``mergedCount``. A short
    /// run goes as a block of ``Swift/Array/shortRun`` elements when `wholeShortRuns` (the
    /// elements are plain bits, for a copy, or move as such, for a move): a few vector
    /// moves, no call. What a block writes past its run is a later run's place, or an
    /// inserted element's, written over afterwards; so the inserted elements go in after
    /// this.
    @inlinable
    func takeKept<Element>(
        from old: UnsafeMutablePointer<Element>, readable: Int, into merged: UnsafeMutablePointer<Element>,
        moving: Bool, wholeShortRuns: Bool
    ) {
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
        order.withUnsafeBufferPointer { order in
            keptBefore.withUnsafeBufferPointer { keptBefore in
                for position in order.indices { body(order[position], keptBefore[position] + position) }
            }
        }
    }

    /// Whether `values` ascend (strictly or not) and all lie in `range`.
    @inlinable
    static func isAscending(_ values: [Int], strictly: Bool, in range: Range<Int>) -> Bool {
        var previous = Int.min
        for value in values {
            guard range.contains(value), strictly ? previous < value : previous <= value else { return false }
            previous = value
        }
        return true
    }
}
