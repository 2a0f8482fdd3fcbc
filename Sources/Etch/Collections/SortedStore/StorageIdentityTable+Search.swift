import CEtchPrefetch

extension StorageIdentityTable {
    /// How many models ``forEachHeld(in:_:)`` sifts before it searches for the ones that
    /// passed: few enough that their indices stay in the first-level cache.
    @inlinable static var siftBlock: Int { 512 }

    /// Calls `body` with the index in `models` of each model whose storage the table holds,
    /// and its position among the identities given, in the order of `models`.
    ///
    /// The models are taken a block at a time. A first pass sifts them by the filter alone,
    /// with no branch: a branch that goes one way for most models and the other way at
    /// random costs a misprediction each time it does. A second asks for the slots where the
    /// searches for the few that passed start, with prefetch hints (see
    /// ``StoragePrefetch``), so that their cache misses overlap (the slots of a table of many
    /// identities are rarely in cache); a last one searches for them there.
    ///
    /// - Complexity: O(*n*) for *n* models.
    @inlinable
    func forEachHeld<Model: ImmutableModel>(
        in models: UnsafeBufferPointer<Model>, _ body: (_ index: Int, _ position: Int) -> Void
    ) {
        // One spare place: the sifting writes each index before it knows whether to keep it.
        var passed = [Int](repeating: 0, count: Self.siftBlock + 1)
        passed.withUnsafeMutableBufferPointer { passed in
            // Plain pointers and masked shifts: the loop over every model is a few
            // instructions with no branch and nothing reloaded.
            let passedBase = passed.baseAddress!
            let filter = filter
            let slots = slots
            var start = 0
            while start < models.count {
                let end = Swift.min(start + Self.siftBlock, models.count)
                var count = 0
                for index in start..<end {
                    let mark = mark(of: Self.identity(of: models[index]))
                    passedBase[count] = index
                    count &+= Int(truncatingIfNeeded: (filter[mark &>> 6] &>> UInt64(mark & 63)) & 1)
                }
                for index in passed[0..<count] {
                    etch_prefetch(slots + mark(of: Self.identity(of: models[index])) >> Self.markBits)
                }
                for index in passed[0..<count] {
                    if let position = position(ofPassed: Self.identity(of: models[index])) { body(index, position) }
                }
                start = end
            }
        }
    }
}
