import CEtchPrefetch

/// Walks many models in chunks, loading each chunk's storage into the cache before the
/// work on it, so that the cache misses of a chunk overlap instead of following each other.
///
/// A model of a long list, or of a large batch, is rarely in cache, and the work on it (a
/// retain, a release, a read of a field) waits on that miss: some 100 ns each, one after
/// another, since each retain or release is an atomic operation that lets no later load
/// pass it. A pass that only asks for each storage's cache lines has nothing to wait on, so
/// the processor has many of those misses under way at once; the work then finds the
/// storage in cache.
///
/// The pass asks with prefetch hints (`CEtchPrefetch`), not loads: a load, even one whose
/// value is of no use, holds its place in the processor's queue of instructions until its
/// line comes, so a pass of loads had only as many misses under way as that queue holds
/// (some ten models' worth); a hint retires at once, and the next chunk's headers go out
/// while this chunk's storage comes in.
@usableFromInline
enum StoragePrefetch {
    /// How many models are loaded ahead: enough to keep the processor's outstanding misses
    /// busy, few enough that the first of them is still in the first-level cache when the
    /// work reaches it.
    @inlinable static var chunk: Int { 64 }

    /// A part of a model's storage to load.
    @usableFromInline
    enum Part {
        /// The storage's first cache line: its reference count, and the header that the
        /// other parts' extents read, so it is loaded a chunk ahead of them.
        case header
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
            // The header's own extent reads nothing from it: it is what is being asked for.
            switch part {
            case .header:
                let start = StorageIdentityTable.identity(of: model)
                return start..<(start + 1)
            case .storage:
                let start = StorageIdentityTable.identity(of: model)
                return start..<Swift.max(start + 1, UInt(bitPattern: values + header.pointee.count))
            case .keys:
                let count = header.pointee.count
                return header.pointee.keys.withUnsafeBufferPointer { keys in
                    let start = UInt(bitPattern: keys.baseAddress)
                    return start..<(start + UInt(MemoryLayout<String>.stride * count))
                }
            }
        }
    }

    /// Asks for every cache line of a part of the storage of the models at `indices`
    /// (`extent` gives the addresses of each part, see ``extent(of:_:byStorage:)``), with
    /// prefetch hints: nothing waits for them, so the processor has as many under way as
    /// it can take, and the work after finds them in cache.
    @inlinable @inline(__always)
    static func load(_ indices: Range<Int>, _ part: Part, extent: (Int, Part) -> Range<UInt>) {
        for index in indices {
            let span = extent(index, part)
            guard !span.isEmpty else { continue }
            var address = span.lowerBound & ~63
            while address < span.upperBound {
                etch_prefetch(UnsafeRawPointer(bitPattern: address))
                address += 64
            }
        }
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
        load(start..<Swift.min(start + chunk, indices.upperBound), .header, extent: extent)
        while start < indices.upperBound {
            let end = Swift.min(start + chunk, indices.upperBound)
            load(
                start..<end, loadingKeys: loadingKeys, ahead: end..<Swift.min(end + chunk, indices.upperBound),
                extent: extent)
            body(start..<end)
            start = end
        }
    }

    /// Loads the headers of the models at `ahead`, the next chunk, then the storage of the
    /// models at `indices`, whose headers were loaded with the chunk before, then their keys
    /// when `loadingKeys`: one chunk's loads, for a loop that walks the chunks itself (and
    /// loads the first chunk's headers before it starts).
    ///
    /// A storage's extent is read from its header, so loading it waits for the header: the
    /// headers loaded a chunk ahead are in cache by then.
    @inlinable @inline(__always)
    static func load(
        _ indices: Range<Int>, loadingKeys: Bool, ahead: Range<Int>, extent: (Int, Part) -> Range<UInt>
    ) {
        load(ahead, .header, extent: extent)
        load(indices, .storage, extent: extent)
        if loadingKeys { load(indices, .keys, extent: extent) }
    }
}
