import CEtchPrefetch

/// A few models' storage identities, found again among many: which of them, if any, a
/// model is, answered with no hashing of its id and no read of the model itself.
///
/// A batch finds the stored objects it replaces this way, in one pass over the store's
/// array: the array and `byID` hold the same model values, so the object that `byID` hands
/// back has the storage of exactly one element of the array. Reading the array costs a
/// load per element where it lies; reading the replaced objects' keys to search for them
/// would cost a cache miss or two per object, and sorting those keys.
///
/// The table owns its memory, freed once when it goes, and is read and written through
/// pointers: a batch inserts into one and looks one up for each of its objects, and an
/// array's write checks each time that its buffer is not shared.
@usableFromInline
struct StorageIdentityTable: ~Copyable {
    /// The identities held and their positions among those given, by slot; an empty slot
    /// has identity 0. An open-addressed hash table at most half full, of `1 << slotBits`
    /// slots.
    @usableFromInline let slots: UnsafeMutablePointer<(identity: UInt, position: Int)>
    /// Eight bits per slot (``markBits``), set for the identities held: most of the models
    /// asked about are not held, and this turns nearly all of them away from a few tens of
    /// kilobytes, without a look at the table, which is larger and rarely in cache.
    @usableFromInline let filter: UnsafeMutablePointer<UInt64>
    /// The bits of a hash that pick a slot: the table has `1 << slotBits` slots.
    @usableFromInline let slotBits: Int

    /// The bits of a mark below its slot, which pick one of the slot's bits of `filter`.
    @inlinable static var markBits: Int { 3 }

    /// An empty table with room for `capacity` identities.
    ///
    /// - Complexity: O(*k*) for a capacity of *k*.
    @inlinable
    init(capacity: Int) {
        var bits = 6
        while 1 << bits < 2 * capacity { bits += 1 }
        slotBits = bits
        slots = .allocate(capacity: 1 << bits)
        slots.initialize(repeating: (0, 0), count: 1 << bits)
        filter = .allocate(capacity: (1 << (bits + Self.markBits)) / 64)
        filter.initialize(repeating: 0, count: (1 << (bits + Self.markBits)) / 64)
    }

    /// Frees the slots and the filter. Inlinable like the rest, which it is inlined into:
    /// Swift 6.3.1's optimizer crashes inlining a deinit that is not into an `@inlinable`
    /// caller ("Should never be inlining a resilient function into a fragile function").
    @inlinable
    deinit {
        slots.deallocate()
        filter.deallocate()
    }

    /// A table of `identities`, each answered by its position in `identities`.
    ///
    /// - Complexity: O(*k*) for *k* identities.
    @inlinable
    init(_ identities: [UInt]) {
        self.init(capacity: identities.count)
        for (position, identity) in identities.enumerated() { insert(identity, at: position) }
    }

    /// Answers `identity` (not 0) with `position` from now on, in place of any position
    /// it had. No more identities than the capacity may go in.
    ///
    /// - Complexity: O(1) on average.
    @inlinable @inline(__always)
    mutating func insert(_ identity: UInt, at position: Int) {
        let mark = mark(of: identity)
        filter[mark &>> 6] |= 1 &<< UInt64(mark & 63)
        var slot = mark >> Self.markBits
        while slots[slot].identity != 0 && slots[slot].identity != identity {
            slot = (slot + 1) & ((1 << slotBits) - 1)
        }
        slots[slot] = (identity, position)
    }

    /// Whether the storage of `Model`'s values is the model's own, the same buffer on every
    /// read, so that its identity names the model: a union's is not when the variant's
    /// storage lacks the tag, and ``ModelUnion/dictionary`` makes a new buffer with it.
    @inlinable
    static func identifiesModels<Model: ImmutableModel>(of _: Model.Type) -> Bool {
        !(Model.self is any ModelUnion.Type)
    }

    /// The identity of a model's storage: its address, which no other live storage shares.
    @inlinable @inline(__always)
    static func identity<Model: ImmutableModel>(of model: Model) -> UInt {
        UInt(bitPattern: ObjectIdentifier(model.dictionary.storage))
    }

    /// The bit of `filter` for `identity`, whose bits above the lowest ``markBits`` are the slot
    /// where its search starts: the top bits of a multiplicative hash of the address (whose
    /// low bits are the same for every allocation).
    @inlinable @inline(__always)
    func mark(of identity: UInt) -> Int {
        Int(
            truncatingIfNeeded: ((identity &>> 4) &* 0x9E37_79B9_7F4A_7C15)
                &>> UInt(UInt.bitWidth - Self.markBits - slotBits))
    }

    /// The position, among the identities given, of the storage of `model`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable @inline(__always)
    func position<Model: ImmutableModel>(of model: Model) -> Int? {
        position(ofIdentity: Self.identity(of: model))
    }

    /// Asks for the slot where an insertion or a search of `identity` starts, with a
    /// prefetch hint (see ``StoragePrefetch``), so that work on many identities in turn
    /// finds their slots in cache: a table for a large batch is larger than the caches
    /// nearest the processor.
    @inlinable @inline(__always)
    func prefetchSlot(of identity: UInt) {
        etch_prefetch(slots + (mark(of: identity) >> Self.markBits))
    }

    /// The position, among the identities given, of `identity`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable @inline(__always)
    func position(ofIdentity identity: UInt) -> Int? {
        let mark = mark(of: identity)
        guard filter[mark &>> 6] & (1 &<< UInt64(mark & 63)) != 0 else { return nil }
        return position(ofPassed: identity)
    }

    /// The position, among the identities given, of `identity`, which passed the filter:
    /// a search of the slots, the filter's bit not read again.
    ///
    /// - Complexity: O(1) on average.
    @inlinable @inline(__always)
    func position(ofPassed identity: UInt) -> Int? {
        var slot = mark(of: identity) >> Self.markBits
        while slots[slot].identity != 0 {
            if slots[slot].identity == identity { return slots[slot].position }
            slot = (slot + 1) & ((1 << slotBits) - 1)
        }
        return nil
    }
}
