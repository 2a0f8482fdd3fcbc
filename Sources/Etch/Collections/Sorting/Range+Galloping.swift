extension Range where Bound == Int {
    /// The first index in the range for which `isBefore` is false, when it is true for a
    /// prefix of the range and false after it: found by steps that double from `firstStep`,
    /// then a binary search, so an answer *d* places from the start costs O(log *d*) calls
    /// of `isBefore`, however long the range.
    ///
    /// When `isBefore` is not so partitioned (a comparator that is not a strict weak
    /// order), the answer is still an index of the range or its end.
    ///
    /// ```swift
    /// let ranks = [1, 3, 3, 5, 8]
    /// (0..<5).gallopingPartitionPoint(firstStep: 1) { ranks[$0] < 4 }   // 3
    /// ```
    @inlinable
    func gallopingPartitionPoint(firstStep: Int, _ isBefore: (Int) -> Bool) -> Int {
        var low = lowerBound
        var step = Swift.max(1, firstStep)
        // The last index probed, which is not before: the answer lies in low...high (high
        // being the end when the steps ran past it).
        var high = low + step - 1
        while high < upperBound, isBefore(high) {
            low = high + 1
            step *= 2
            high = low + step - 1
        }
        return (low..<Swift.min(high, upperBound)).partitionPoint(isBefore)
    }

    /// The first index in the range for which `isBefore` is false, when it is true for a
    /// prefix of the range and false after it: the first `scanned` indices looked at one by
    /// one, then, past them, steps that double from `firstStep` and a binary search (see
    /// ``gallopingPartitionPoint(firstStep:_:)``).
    ///
    /// A search whose answer is usually a few places away costs less by a scan, whose
    /// branch the processor guesses right until the answer, than by steps and halvings, each
    /// a branch it guesses wrong half the time; a longer distance still costs O(log *d*).
    ///
    /// ```swift
    /// let ranks = [1, 3, 3, 5, 8]
    /// (0..<5).scanningPartitionPoint(scanned: 2, firstStep: 1) { ranks[$0] < 4 }   // 3
    /// ```
    @inlinable
    func scanningPartitionPoint(scanned: Int, firstStep: Int, _ isBefore: (Int) -> Bool) -> Int {
        let scanEnd = lowerBound + Swift.min(Swift.max(0, scanned), count)
        var index = lowerBound
        while index < scanEnd {
            if !isBefore(index) { return index }
            index += 1
        }
        return (index..<upperBound).gallopingPartitionPoint(firstStep: firstStep, isBefore)
    }

    /// The first index in the range for which `isBefore` is false, when it is true for a
    /// prefix of the range and false after it: a binary search.
    ///
    /// - Complexity: O(log *n*) calls of `isBefore` for a range of *n* indices.
    @inlinable
    func partitionPoint(_ isBefore: (Int) -> Bool) -> Int {
        var low = lowerBound
        var high = upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if isBefore(middle) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
