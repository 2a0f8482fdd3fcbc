/// One node of a ``PersistentList``: a leaf holding elements, or an inner node holding
/// children with the number of elements and the first element under each.
///
/// A node is changed only by a list that holds the one reference to it; a list that
/// shares it copies it first (``copy()``), which copies its arrays' references, not
/// their elements' nodes.
///
/// The stored properties skip the runtime's exclusivity checks (`@exclusivity(unchecked)`):
/// a node is written only through the one list holding it, never while it is read, and the
/// checks' bookkeeping on every access was a tenth of a one-object commit.
@_spi(EtchCollections) public final class PersistentListNode<Element> {
    /// A leaf's elements; empty in an inner node.
    @exclusivity(unchecked) @_spi(EtchCollections) public var elements: [Element]
    /// An inner node's children; empty in a leaf, which is how a leaf is told apart.
    @exclusivity(unchecked) @_spi(EtchCollections) public var children: [PersistentListNode<Element>]
    /// The number of elements under each child.
    @exclusivity(unchecked) @_spi(EtchCollections) public var counts: [Int]
    /// The first element under each child, for searches that descend without visiting
    /// every child.
    @exclusivity(unchecked) @_spi(EtchCollections) public var firsts: [Element]
    /// The number of elements under the node.
    @exclusivity(unchecked) @_spi(EtchCollections) public var count: Int

    /// A leaf.
    @inlinable @_spi(EtchCollections) public init(elements: [Element]) {
        self.elements = elements
        children = []
        counts = []
        firsts = []
        count = elements.count
    }

    /// An inner node over `children`, none of them empty.
    @inlinable @_spi(EtchCollections) public init(children: [PersistentListNode<Element>]) {
        elements = []
        self.children = children
        counts = children.map(\.count)
        firsts = children.map(\.first)
        count = counts.reduce(0, +)
    }

    /// A node with `node`'s entries, sharing its arrays until either changes.
    @inlinable @_spi(EtchCollections) public init(copying node: PersistentListNode<Element>) {
        elements = node.elements
        children = node.children
        counts = node.counts
        firsts = node.firsts
        count = node.count
    }

    /// A node equal to this one that shares its children.
    @inlinable @_spi(EtchCollections) public func copy() -> PersistentListNode<Element> {
        PersistentListNode(copying: self)
    }

    /// Whether the node is a leaf.
    @inlinable @_spi(EtchCollections) public var isLeaf: Bool { children.isEmpty }

    /// The number of entries: elements of a leaf, children of an inner node.
    @inlinable @_spi(EtchCollections) public var width: Int { isLeaf ? elements.count : children.count }

    /// The node's first element; the node must not be empty.
    @inlinable @_spi(EtchCollections) public var first: Element { isLeaf ? elements[0] : firsts[0] }

    /// The child holding the element at `offset` under this inner node; `offset` becomes
    /// the position within that child.
    @inlinable @_spi(EtchCollections) public func child(containing offset: inout Int) -> Int {
        var child = 0
        while offset >= counts[child] {
            offset -= counts[child]
            child += 1
        }
        return child
    }

    /// Calls `body` with the runs of elements at `positions` under this node, whose first
    /// element is at `base`: one buffer per leaf, in order, read in place (no element is
    /// copied before `body` copies it); returns `false` once `body` has.
    @inlinable @_spi(EtchCollections) public func visitRuns(
        _ positions: Range<Int>, base: Int, _ body: (UnsafeBufferPointer<Element>) throws -> Bool
    ) rethrows -> Bool {
        if isLeaf {
            return try elements.withUnsafeBufferPointer { elements in
                try body(
                    UnsafeBufferPointer(
                        rebasing: elements[(positions.lowerBound - base)..<(positions.upperBound - base)]))
            }
        }
        var start = base
        for child in children.indices {
            let end = start + counts[child]
            defer { start = end }
            if end <= positions.lowerBound { continue }
            if start >= positions.upperBound { break }
            let overlap = max(start, positions.lowerBound)..<min(end, positions.upperBound)
            if try !children[child].visitRuns(overlap, base: start, body) { return false }
        }
        return true
    }

    /// Calls `body` with the elements at `positions` under this node, whose first element is
    /// at `base`; returns `false` once `body` has.
    @inlinable @_spi(EtchCollections) public func visit(
        _ positions: Range<Int>, base: Int, reversed: Bool, _ body: (Element) throws -> Bool
    ) rethrows -> Bool {
        guard reversed else {
            return try visitRuns(positions, base: base) { run in
                for element in run where try !body(element) { return false }
                return true
            }
        }
        if isLeaf {
            let local = (positions.lowerBound - base)..<(positions.upperBound - base)
            for position in local.reversed() where try !body(elements[position]) { return false }
            return true
        }
        var end = base + count
        for child in children.indices.reversed() {
            let start = end - counts[child]
            defer { end = start }
            if start >= positions.upperBound { continue }
            if end <= positions.lowerBound { break }
            let overlap = max(start, positions.lowerBound)..<min(end, positions.upperBound)
            if try !children[child].visit(overlap, base: start, reversed: true, body) { return false }
        }
        return true
    }
}

extension Array {
    /// Asks the processor for every cache line of the elements' storage, without waiting
    /// (see ``prefetchAddress(_:)``): before a search whose probes would each wait for one.
    @inlinable @inline(__always) @_spi(EtchCollections) public func prefetchLines() {
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let start = UnsafeRawPointer(base)
            let bytes = buffer.count * MemoryLayout<Element>.stride
            var offset = 0
            while offset < bytes {
                prefetchAddress(start + offset)
                offset += 64
            }
        }
    }
}
