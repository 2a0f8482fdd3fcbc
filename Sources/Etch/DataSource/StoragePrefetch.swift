/// Walks many models in chunks, loading each chunk's storage into the cache before the
/// work on it, so that the cache misses of a chunk overlap instead of following each other.
///
/// A model of a long list, or of a large batch, is rarely in cache, and the work on it (a
/// retain, a release, a read of a field) waits on that miss: some 100 ns each, one after
/// another, since each retain or release is an atomic operation that lets no later load
/// pass it. A pass that only loads a word from each storage has nothing to wait on, so the
/// processor has many of those loads under way at once; the work then finds the storage
/// in cache.
///
/// The loads are summed and the sum handed to a function the optimizer does not look
/// into, which is all that keeps them: their values are of no use.
@usableFromInline
enum StoragePrefetch {
    /// How many models are loaded ahead: enough to keep the processor's outstanding misses
    /// busy, few enough that the first of them is still in the first-level cache when the
    /// work reaches it.
    @inlinable static var chunk: Int { 64 }

    /// Keeps the sum of the words loaded, so that the optimizer keeps the loads: a function
    /// it does not look into.
    @usableFromInline @_optimize(none) @inline(never)
    static func keep(_ sum: UInt) {}

    /// A part of a model's storage to load.
    @usableFromInline
    enum Part {
        /// The storage itself: the reference count that a retain or release changes, the
        /// header, and the values that a read looks at.
        case storage
        /// The array of keys, which a read looks a field up in: the storage points to it,
        /// so it is loaded once the storage is.
        case keys
    }

    /// The addresses that a part of `model`'s storage spans; empty for a union, whose
    /// storage may be made anew on each read.
    @inlinable @inline(__always)
    static func extent<Model: ImmutableModel>(of model: Model, _ part: Part, byStorage: Bool) -> Range<UInt> {
        guard byStorage else { return 0..<0 }
        let storage = model.dictionary.storage
        return storage.withUnsafeMutablePointers { header, values in
            let count = header.pointee.count
            switch part {
            case .storage:
                let start = StorageIdentityTable.identity(of: model)
                return start..<Swift.max(start + 1, UInt(bitPattern: values + count))
            case .keys:
                return header.pointee.keys.withUnsafeBufferPointer { keys in
                    let start = UInt(bitPattern: keys.baseAddress)
                    return start..<(start + UInt(MemoryLayout<String>.stride * count))
                }
            }
        }
    }

    /// Loads every cache line of a part of the storage of the models at `indices`
    /// (`extent` gives the addresses of each part, see ``extent(of:_:byStorage:)``).
    @inlinable @inline(__always)
    static func load(_ indices: Range<Int>, _ part: Part, extent: (Int, Part) -> Range<UInt>) {
        var sum: UInt = 0
        for index in indices {
            let span = extent(index, part)
            guard !span.isEmpty else { continue }
            var address = span.lowerBound
            while address < span.upperBound {
                sum &+= UnsafeRawPointer(bitPattern: address)!.load(as: UInt.self)
                address += 64
            }
            // The last line, which the steps from the start may stop short of.
            sum &+= UnsafeRawPointer(bitPattern: (span.upperBound - 1) & ~7)!.load(as: UInt.self)
        }
        keep(sum)
    }

    /// Calls `body` with chunks of `indices`, in order, having loaded the storage of the
    /// models at a chunk's indices, then their keys, which a read of a field looks at.
    ///
    /// - Parameters:
    ///   - indices: The indices, in the order `body` takes them.
    ///   - loadingKeys: Whether to load the keys too: not for work that only releases.
    ///   - extent: The addresses a part of the storage of the model at an index spans.
    ///   - body: The work on the models of a chunk.
    @inlinable @inline(__always)
    static func forEachChunk(
        in indices: Range<Int>, loadingKeys: Bool = true, extent: (Int, Part) -> Range<UInt>,
        _ body: (Range<Int>) -> Void
    ) {
        var start = indices.lowerBound
        while start < indices.upperBound {
            let end = Swift.min(start + chunk, indices.upperBound)
            load(start..<end, loadingKeys: loadingKeys, extent: extent)
            body(start..<end)
            start = end
        }
    }

    /// Loads the storage of the models at `indices`, then their keys when `loadingKeys`:
    /// one chunk's loads, for a loop that walks the chunks itself.
    @inlinable @inline(__always)
    static func load(_ indices: Range<Int>, loadingKeys: Bool, extent: (Int, Part) -> Range<UInt>) {
        load(indices, .storage, extent: extent)
        if loadingKeys { load(indices, .keys, extent: extent) }
    }
}
