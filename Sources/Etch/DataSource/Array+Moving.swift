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

    /// Puts the elements appended last into their places among the others, removing the
    /// elements at `removals`, in place: every element is moved, none copied.
    ///
    /// A copy of an element that refers to an object costs a retain now and a release later,
    /// and each touches the object, which in a long array is usually a cache miss. Moving
    /// touches only the array's own memory, so a merge costs two memory moves of the array,
    /// whatever its elements hold. When the array shares its buffer (a snapshot holds it),
    /// the first write copies it once, as any write to a shared array does.
    ///
    /// ```swift
    /// var letters = ["a", "b", "c", "d", "y", "x"]   // "y" and "x" appended
    /// letters.moveMerge(appended: [1, 0], removing: [1], afterKept: [0, 2])
    /// // letters == ["x", "a", "c", "y", "d"]
    /// ```
    ///
    /// - Parameters:
    ///   - order: The appended elements in the order they go in, each by its offset among
    ///     the appended (`0` for the first appended): a permutation of `0..<order.count`.
    ///   - removals: Indices of elements to remove, ascending, none of them appended.
    ///   - keptBefore: For each appended element in `order`, how many kept elements come
    ///     before it; non-decreasing, and at most the number of kept elements.
    ///   - extent: The addresses an element's storage spans, loaded a chunk ahead of
    ///     releasing the removed elements (see ``StoragePrefetch``); empty for none.
    ///   - releasingRemovedTwice: Whether each removed element holds a second reference
    ///     that the caller forgot (see ``removeLast(_:extent:releasingTwice:)``).
    /// - Complexity: O(*n*) element moves for an array of *n* elements.
    @inlinable
    mutating func moveMerge(
        appended order: [Int], removing removals: [Int], afterKept keptBefore: [Int],
        extent: (Element, StoragePrefetch.Part) -> Range<UInt> = { _, _ in 0..<0 },
        releasingRemovedTwice: Bool = false
    ) {
        let oldCount = count - order.count
        let kept = oldCount - removals.count
        // Checked before anything moves: a bad index found halfway would leave the buffer
        // half moved.
        precondition(order.count <= count && keptBefore.count == order.count, "one kept count per appended element")
        precondition(Self.isPermutation(order), "the order must name each appended element once")
        precondition(Self.isAscending(removals, strictly: true, in: 0..<Swift.max(0, oldCount)))
        precondition(Self.isAscending(keptBefore, strictly: false, in: 0..<(kept + 1)))
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // The appended elements, in their order, aside, and the removed ones after them.
            let aside = UnsafeMutablePointer<Element>.allocate(capacity: order.count + removals.count)
            defer { aside.deallocate() }
            for (position, offset) in order.enumerated() {
                (aside + position).moveInitialize(from: base + oldCount + offset, count: 1)
            }
            let removed = aside + order.count

            // Compacts the kept elements to the front, taking the removed ones out.
            var write = 0
            var read = 0
            for (position, index) in removals.enumerated() {
                (base + write).moveInitialize(from: base + read, count: index - read)
                write += index - read
                (removed + position).moveInitialize(from: base + index, count: 1)
                read = index + 1
            }
            (base + write).moveInitialize(from: base + read, count: oldCount - read)

            // Spreads them out again from the back, leaving each appended element its gap.
            var end = kept
            var out = kept + order.count
            for position in keptBefore.indices.reversed() {
                let keptCount = keptBefore[position]
                out -= end - keptCount
                (base + out).moveInitialize(from: base + keptCount, count: end - keptCount)
                end = keptCount
                out -= 1
                (base + out).moveInitialize(from: aside + position, count: 1)
            }
            // The array's count stays right outside the unsafe pass: the removed elements
            // wait at the end, to be released with it.
            (base + kept + order.count).moveInitialize(from: removed, count: removals.count)
        }
        removeLast(removals.count, extent: extent, releasingTwice: releasingRemovedTwice)
    }

    /// Removes the last `count` elements, a chunk at a time, loading the storage of each
    /// chunk's elements before releasing them.
    ///
    /// With `releasingTwice`, each element also stands for a second reference to what it
    /// holds, one that its owner forgot instead of releasing (a copy of a value is the same
    /// bits, and one more reference to each object it holds): both are released here, one
    /// right after the other, so that the element's storage is loaded once for the two.
    @inlinable
    mutating func removeLast(
        _ count: Int, extent: (Element, StoragePrefetch.Part) -> Range<UInt>, releasingTwice: Bool = false
    ) {
        var left = count
        // The forgotten references of a chunk, as copies of its elements' bits.
        let twins = UnsafeMutablePointer<Element>.allocate(capacity: releasingTwice ? StoragePrefetch.chunk : 0)
        defer { twins.deallocate() }
        while left > 0 {
            let chunk = Swift.min(StoragePrefetch.chunk, left)
            withUnsafeBufferPointer { buffer in
                StoragePrefetch.load((buffer.count - chunk)..<buffer.count, .storage) { extent(buffer[$0], $1) }
                if releasingTwice, let base = buffer.baseAddress {
                    UnsafeMutableRawPointer(twins).copyMemory(
                        from: base + (buffer.count - chunk), byteCount: MemoryLayout<Element>.stride * chunk)
                    twins.deinitialize(count: chunk)
                }
            }
            removeLast(chunk)
            left -= chunk
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

    /// Whether `values` holds each of `0..<values.count` once.
    @inlinable
    static func isPermutation(_ values: [Int]) -> Bool {
        var seen = [Bool](repeating: false, count: values.count)
        for value in values {
            guard seen.indices.contains(value), !seen[value] else { return false }
            seen[value] = true
        }
        return true
    }
}
