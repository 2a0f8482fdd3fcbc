/// A list with positional access in O(log *n*) whose copies share structure: a B+tree of
/// small arrays, each node shared by every copy of the list until one of them changes it.
///
/// Copying a list is O(1); changing one element afterwards copies the nodes on the path to
/// it (a few arrays of at most ``maximumWidth`` entries), never the whole list. This is
/// what lets a store hand out an immutable snapshot of a table after every commit while
/// the next commit changes the table: the snapshot and the table share every node the
/// commit did not touch.
///
/// Elements are kept in the order they are inserted at; a sorted list is one whose caller
/// inserts each element where ``partitionIndex(where:)`` says it goes.
///
/// - Complexity: positional reads, inserts, removals and replacements are O(log *n*); a
///   walk of *k* consecutive elements is O(log *n* + *k*).
///
/// The persistent trees are `@_spi(EtchCollections) public`, not `package`: Swift 6.3 does
/// not inline or specialize an `@inlinable package` declaration in another module of the
/// package (a two-module package showed a concrete call still going to the unspecialized
/// generic), so EtchStore's trees of held objects ran through value witnesses and metadata
/// lookups. As SPI they are specialized where the store uses them, and no user sees them.
@_spi(EtchCollections) public struct PersistentList<Element>: @unchecked Sendable {
    // @unchecked: nodes are changed only while uniquely referenced (`makeUnique`), so a
    // node reachable from two lists is never written; `Element` is `Sendable` wherever a
    // list crosses an isolation boundary (the store's tables hold `Sendable` models).

    /// The root, or `nil` when the list is empty.
    @_spi(EtchCollections) public var root: PersistentListNode<Element>?

    /// The most entries a node holds: elements in a leaf, children in an inner node.
    @inlinable @_spi(EtchCollections) public static var maximumWidth: Int { 64 }
    /// Below this many entries a node is merged with a neighbour when the two fit in one.
    @inlinable @_spi(EtchCollections) public static var minimumWidth: Int { 16 }

    /// An empty list.
    @inlinable @_spi(EtchCollections) public init() {}

    /// A list of `elements`, in their order, built bottom-up in one pass.
    /// - Complexity: O(*n*).
    @inlinable @_spi(EtchCollections) public init(_ elements: some Collection<Element>) {
        guard !elements.isEmpty else { return }
        var level: [PersistentListNode<Element>] = []
        level.reserveCapacity(elements.count / Self.buildWidth + 1)
        var start = elements.startIndex
        while start != elements.endIndex {
            let end =
                elements.index(start, offsetBy: Self.buildWidth, limitedBy: elements.endIndex) ?? elements.endIndex
            level.append(PersistentListNode(elements: Array(elements[start..<end])))
            start = end
        }
        root = Self.root(over: level)
    }

    /// A list of `count` elements, the one at each position made by `element`, built
    /// bottom-up in one pass: each element goes straight into its leaf, with no array of
    /// them all to copy from and free.
    /// - Complexity: O(*n*).
    @inlinable @_spi(EtchCollections) public init(count: Int, element: (Int) -> Element) {
        guard count > 0 else { return }
        var level: [PersistentListNode<Element>] = []
        level.reserveCapacity(count / Self.buildWidth + 1)
        var start = 0
        while start < count {
            let length = Swift.min(Self.buildWidth, count - start)
            let elements = [Element](unsafeUninitializedCapacity: length) { buffer, initialized in
                for offset in 0..<length { (buffer.baseAddress! + offset).initialize(to: element(start + offset)) }
                initialized = length
            }
            level.append(PersistentListNode(elements: elements))
            start += length
        }
        root = Self.root(over: level)
    }

    /// How full a built list's nodes are: three quarters, which leaves room to insert
    /// without splitting at once.
    @inlinable static var buildWidth: Int { maximumWidth * 3 / 4 }

    /// The root over `level`, a row of nodes in order, one or more: inner nodes built above
    /// it until one is left.
    @inlinable static func root(over level: [PersistentListNode<Element>]) -> PersistentListNode<Element> {
        var level = level
        while level.count > 1 {
            var upper: [PersistentListNode<Element>] = []
            upper.reserveCapacity(level.count / buildWidth + 1)
            var first = 0
            while first < level.count {
                let last = Swift.min(first + buildWidth, level.count)
                upper.append(PersistentListNode(children: Array(level[first..<last])))
                first = last
            }
            level = upper
        }
        return level[0]
    }

    /// The number of elements.
    /// - Complexity: O(1).
    @inlinable @_spi(EtchCollections) public var count: Int { root?.count ?? 0 }

    /// Whether the list holds no element.
    @inlinable @_spi(EtchCollections) public var isEmpty: Bool { root == nil }

    /// The element at `position`, which must be below ``count``.
    /// - Complexity: O(log *n*).
    @inlinable @_spi(EtchCollections) public subscript(position: Int) -> Element {
        reading(at: position) { $0 }
    }

    /// What `body` reads of the element at `position`, which must be below ``count``: the
    /// element is passed in place, through its leaf's buffer, not copied (a copy retains
    /// every reference it holds, and waits on the cache misses of what they point to).
    /// - Complexity: O(log *n*).
    @inlinable @_spi(EtchCollections) public func reading<Result>(
        at position: Int, _ body: (Element) throws -> Result
    ) rethrows -> Result {
        precondition(position >= 0 && position < count, "position out of range")
        var node = root!
        var offset = position
        while !node.isLeaf {
            let child = node.child(containing: &offset)
            node = node.children[child]
        }
        return try node.elements.withUnsafeBufferPointer { try body($0[offset]) }
    }

    /// The first position whose element is not `isBefore` the place searched for, in a list
    /// where every element that is `isBefore` it comes first: a binary search.
    /// - Complexity: O(log *n*) calls of `isBefore`.
    @inlinable @_spi(EtchCollections) public func partitionIndex(where isBefore: (Element) -> Bool) -> Int {
        guard var node = root else { return 0 }
        var base = 0
        // A node's arrays are asked for whole before the search reads them: a binary search
        // of a cold node waits for one cache miss after another, each probe's address
        // depending on the last, where the hints overlap them (a commit's search of a
        // table's id list and indexes went mostly to these misses).
        while !node.isLeaf {
            node.firsts.prefetchLines()
            node.counts.prefetchLines()
            let after = node.firsts.partitionPoint(where: isBefore)
            if after == 0 { return base }
            for child in 0..<(after - 1) { base += node.counts[child] }
            node = node.children[after - 1]
        }
        node.elements.prefetchLines()
        return base + node.elements.partitionPoint(where: isBefore)
    }

    /// Calls `body` with the elements at `positions`, in order or, when `reversed`, from the
    /// last; stops early when `body` returns `false`.
    /// - Complexity: O(log *n* + *k*) for *k* elements visited.
    @inlinable @_spi(EtchCollections) public func forEach(
        in positions: Range<Int>, reversed: Bool = false, _ body: (Element) throws -> Bool
    )
        rethrows
    {
        let clamped = positions.clamped(to: 0..<count)
        guard let root, !clamped.isEmpty else { return }
        _ = try root.visit(clamped, base: 0, reversed: reversed, body)
    }

    /// Calls `body` with the elements at `positions` in runs, in order: one buffer per leaf
    /// (at most ``maximumWidth`` elements), read in place, so that a caller can ask for what
    /// a run's elements point to before it copies them (see `StoragePrefetch`); stops early
    /// when `body` returns `false`.
    /// - Complexity: O(log *n* + *k*) for *k* elements visited.
    @inlinable @_spi(EtchCollections) public func forEachRun(
        in positions: Range<Int>, _ body: (UnsafeBufferPointer<Element>) throws -> Bool
    ) rethrows {
        let clamped = positions.clamped(to: 0..<count)
        guard let root, !clamped.isEmpty else { return }
        _ = try root.visitRuns(clamped, base: 0, body)
    }

    /// The elements at `positions`, in order, or from the last when `reversed`.
    /// - Complexity: O(log *n* + *k*) for *k* elements returned.
    @inlinable @_spi(EtchCollections) public func elements(in positions: Range<Int>, reversed: Bool = false)
        -> [Element]
    {
        var found: [Element] = []
        found.reserveCapacity(positions.clamped(to: 0..<count).count)
        forEach(in: positions, reversed: reversed) {
            found.append($0)
            return true
        }
        return found
    }

    /// Every element, in order.
    /// - Complexity: O(*n*).
    @inlinable @_spi(EtchCollections) public var all: [Element] { elements(in: 0..<count) }
}

extension Array {
    /// The first position whose element is not `isBefore` the place searched for: a binary
    /// search of an array whose `isBefore` elements come first.
    ///
    /// Elements are passed in place, through the array's buffer: this code is not
    /// specialized, and a subscript would copy each element it passes (a retain and a
    /// release per reference in it).
    @inlinable @_spi(EtchCollections) public func partitionPoint(where isBefore: (Element) throws -> Bool) rethrows
        -> Int
    {
        try withUnsafeBufferPointer { elements in
            var low = 0
            var high = elements.count
            while low < high {
                let middle = (low + high) / 2
                if try isBefore(elements[middle]) { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}
