extension Array {
    /// Puts `new` at `to` in place of the element at `from`, shifting the elements between
    /// by one with a single memory move.
    ///
    /// - Complexity: O(|`to` - `from`|) element moves.
    @inlinable
    mutating func move(from: Int, to: Int, replacingWith new: Element) {
        precondition(indices.contains(from) && indices.contains(to), "move out of bounds")
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            _ = (base + from).move()
            if from < to {
                (base + from).moveInitialize(from: base + from + 1, count: to - from)
            } else {
                (base + to + 1).moveInitialize(from: base + to, count: from - to)
            }
            (base + to).initialize(to: new)
        }
    }

    /// Removes the elements at `removals` and inserts `insertions` among the others, in
    /// place, moving the kept elements instead of copying them.
    ///
    /// A copy of an element that refers to an object costs a retain now and a release when
    /// the old array goes, and each of those touches the object, which for a long array is
    /// usually a cache miss. Moving the kept elements touches only the array's own memory,
    /// so rebuilding a long array costs two memory moves of it, whatever its elements hold.
    /// When the array shares its buffer (a snapshot holds it), the first write copies it
    /// once, as any write to a shared array does.
    ///
    /// ```swift
    /// var letters = ["a", "b", "c", "d"]
    /// letters.moveMerge(removing: [1], inserting: ["x", "y"], afterKept: [0, 2])
    /// // letters == ["x", "a", "c", "y", "d"]
    /// ```
    ///
    /// - Parameters:
    ///   - removals: Indices of elements to remove, ascending, none of them twice.
    ///   - insertions: The elements to insert, in the order they appear in the result.
    ///   - keptBefore: For each insertion, how many kept elements come before it;
    ///     non-decreasing, and at most the number of kept elements.
    /// - Complexity: O(*n* + *k*) element moves for *n* elements and *k* insertions, and one
    ///   copy of each inserted element.
    @inlinable
    mutating func moveMerge<Insertions: RandomAccessCollection<Element>>(
        removing removals: [Int], inserting insertions: Insertions, afterKept keptBefore: [Int]
    ) {
        let oldCount = count
        let kept = oldCount - removals.count
        let newCount = kept + insertions.count
        // Checked before anything moves: a bad index found halfway would leave the buffer
        // half moved.
        precondition(keptBefore.count == insertions.count, "one kept count per insertion")
        precondition(Self.isAscending(removals, strictly: true, in: 0..<oldCount))
        precondition(Self.isAscending(keptBefore, strictly: false, in: 0..<(kept + 1)))
        // The buffer must hold the longer of the old and the new contents, initialized
        // outside the unsafe pass: fillers are appended before it, or written after it and
        // removed, so the array's count is right whenever it is not in the pass.
        if newCount > oldCount {
            append(contentsOf: repeatElement(insertions[insertions.startIndex], count: newCount - oldCount))
        }
        let filler = newCount < oldCount ? self[removals[0]] : nil
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            if newCount > oldCount { (base + oldCount).deinitialize(count: newCount - oldCount) }

            // Compacts the kept elements to the front, dropping the removed ones.
            var write = 0
            var read = 0
            for index in removals {
                (base + write).moveInitialize(from: base + read, count: index - read)
                write += index - read
                (base + index).deinitialize(count: 1)
                read = index + 1
            }
            (base + write).moveInitialize(from: base + read, count: oldCount - read)

            // Spreads them out again from the back, leaving each insertion its gap.
            var end = kept
            var out = newCount
            var insertion = insertions.endIndex
            for keptCount in keptBefore.reversed() {
                out -= end - keptCount
                (base + out).moveInitialize(from: base + keptCount, count: end - keptCount)
                end = keptCount
                out -= 1
                insertions.formIndex(before: &insertion)
                (base + out).initialize(to: insertions[insertion])
            }
            if let filler, newCount < oldCount {
                (base + newCount).initialize(repeating: filler, count: oldCount - newCount)
            }
        }
        if newCount < oldCount { removeLast(oldCount - newCount) }
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
