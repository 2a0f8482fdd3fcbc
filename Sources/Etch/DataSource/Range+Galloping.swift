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
