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
    /// touches only the array's own memory, so a merge costs two memory moves of the array
    /// (one pass into a second buffer, one block back), whatever its elements hold. When the
    /// array shares its buffer (a snapshot holds it), the first write copies it once, as any
    /// write to a shared array does.
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
        precondition(order.count <= count, "more appended elements than elements")
        moveMerge(
            MergeWalk(order: order, removing: removals, afterKept: keptBefore, oldCount: count - order.count),
            extent: extent, releasingRemovedTwice: releasingRemovedTwice)
    }

    /// Puts the elements appended last into their places among the others, as `walk`
    /// says, moving every element; see ``moveMerge(appended:removing:afterKept:extent:releasingRemovedTwice:)``.
    ///
    /// - Parameters:
    ///   - walk: The merge's steps; its inserted elements are the appended ones, each by its
    ///     offset among them, a permutation.
    ///   - extent: The addresses an element's storage spans, loaded a chunk ahead of
    ///     releasing the removed elements (see ``StoragePrefetch``); empty for none.
    ///   - releasingRemovedTwice: Whether each removed element holds a second reference
    ///     that the caller forgot (see ``removeLast(_:extent:releasingTwice:)``).
    /// - Complexity: O(*n*) element moves for an array of *n* elements.
    @inlinable
    mutating func moveMerge(
        _ walk: MergeWalk,
        extent: (Element, StoragePrefetch.Part) -> Range<UInt> = { _, _ in 0..<0 },
        releasingRemovedTwice: Bool = false
    ) {
        // Checked before anything moves: a bad index found halfway would leave the buffer
        // half moved.
        precondition(walk.oldCount + walk.order.count == count, "a walk of another array")
        precondition(Self.isPermutation(walk.order), "the order must name each appended element once")
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // The elements in their new order, moved into a second buffer in one pass, then
            // back in one block, the removed ones after them: moving within the array would
            // take two passes (the kept elements towards the front, out of the removed ones'
            // way, then back into the appended ones' gaps), each a call of `memmove` per run.
            let total = buffer.count
            let mergedCount = walk.mergedCount
            let merged = UnsafeMutablePointer<Element>.allocate(capacity: total)
            defer { merged.deallocate() }
            walk.moveKept(from: base, readable: total, into: merged)
            let appended = base + walk.oldCount
            walk.forEachInserted { offset, target in
                (merged + target).moveInitialize(from: appended + offset, count: 1)
            }
            let removed = merged + mergedCount
            for (position, index) in walk.removals.enumerated() {
                (removed + position).moveInitialize(from: base + index, count: 1)
            }
            // The array's count stays right outside the unsafe pass: the removed elements
            // wait at the end, to be released with it.
            base.moveInitialize(from: merged, count: total)
        }
        removeLast(walk.removals.count, extent: extent, releasingTwice: releasingRemovedTwice)
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
        precondition(!releasingTwice || _isBitwiseTakable(Element.self), "only plain bits stand for a second reference")
        var left = count
        // The forgotten references of a chunk, as copies of its elements' bits.
        let twins = UnsafeMutablePointer<Element>.allocate(capacity: releasingTwice ? StoragePrefetch.chunk : 0)
        defer { twins.deallocate() }
        withUnsafeBufferPointer { buffer in
            let first = (buffer.count - Swift.min(StoragePrefetch.chunk, left))..<buffer.count
            StoragePrefetch.load(first, .header) { extent(buffer[$0], $1) }
        }
        while left > 0 {
            let chunk = Swift.min(StoragePrefetch.chunk, left)
            withUnsafeBufferPointer { buffer in
                // The next chunk's headers, then this chunk's storage, whose headers came before.
                let end = buffer.count - chunk
                let next = (end - Swift.min(StoragePrefetch.chunk, left - chunk))..<end
                StoragePrefetch.load(next, .header) { extent(buffer[$0], $1) }
                StoragePrefetch.load(end..<buffer.count, .storage) { extent(buffer[$0], $1) }
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
