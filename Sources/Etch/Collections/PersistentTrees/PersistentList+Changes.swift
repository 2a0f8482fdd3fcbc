extension PersistentList {
    /// Inserts `element` at `position`, from 0 through ``count``.
    /// - Complexity: O(log *n*), and a copy of each shared node on the path.
    @inlinable @_spi(EtchCollections) public mutating func insert(_ element: Element, at position: Int) {
        precondition(position >= 0 && position <= count, "position out of range")
        guard root != nil else {
            root = PersistentListNode(elements: [element])
            return
        }
        Self.makeUnique(&root!)
        if let split = root!.insert(element, at: position) {
            root = PersistentListNode(children: [root!, split])
        }
    }

    /// Removes and returns the element at `position`, which must be below ``count``.
    /// - Complexity: O(log *n*), and a copy of each shared node on the path.
    @discardableResult
    @inlinable @_spi(EtchCollections) public mutating func remove(at position: Int) -> Element {
        precondition(position >= 0 && position < count, "position out of range")
        Self.makeUnique(&root!)
        let removed = root!.remove(at: position)
        if root!.count == 0 {
            root = nil
        } else if !root!.isLeaf, root!.children.count == 1 {
            root = root!.children[0]
        }
        return removed
    }

    /// Replaces the element at `position`, which must be below ``count``.
    /// - Complexity: O(log *n*), and a copy of each shared node on the path.
    @inlinable @_spi(EtchCollections) public mutating func replace(at position: Int, with element: Element) {
        precondition(position >= 0 && position < count, "position out of range")
        Self.makeUnique(&root!)
        root!.replace(at: position, with: element)
    }

    /// Copies `node` unless this list holds the only reference to it.
    @inlinable @_spi(EtchCollections) public static func makeUnique(_ node: inout PersistentListNode<Element>) {
        if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    }
}

extension PersistentListNode {
    /// Inserts under this node, which the caller holds uniquely; returns the node split off
    /// its end when it grew past the maximum width.
    @inlinable @_spi(EtchCollections) public func insert(_ element: Element, at position: Int) -> PersistentListNode<
        Element
    >? {
        count += 1
        if isLeaf {
            elements.insert(element, at: position)
            guard elements.count > PersistentList<Element>.maximumWidth else { return nil }
            let half = elements.count / 2
            let right = PersistentListNode(elements: Array(elements[half...]))
            elements.removeSubrange(half...)
            count = elements.count
            return right
        }
        // An insertion at a child's end goes into that child, so the last position of the
        // node goes into its last child.
        var child = 0
        var offset = position
        while child < children.count - 1, offset > counts[child] {
            offset -= counts[child]
            child += 1
        }
        PersistentList<Element>.makeUnique(&children[child])
        let split = children[child].insert(element, at: offset)
        // The child's first element changed only when the insertion went to its front.
        refresh(child, first: offset == 0)
        if let split {
            children.insert(split, at: child + 1)
            counts.insert(split.count, at: child + 1)
            firsts.insert(split.first, at: child + 1)
        }
        guard children.count > PersistentList<Element>.maximumWidth else { return nil }
        let half = children.count / 2
        let right = PersistentListNode(children: Array(children[half...]))
        children.removeSubrange(half...)
        counts.removeSubrange(half...)
        firsts.removeSubrange(half...)
        count -= right.count
        return right
    }

    /// Removes under this node, which the caller holds uniquely, merging a child that grew
    /// small with a neighbour when the two fit in one node.
    @inlinable @_spi(EtchCollections) public func remove(at position: Int) -> Element {
        count -= 1
        if isLeaf { return elements.remove(at: position) }
        var offset = position
        let child = child(containing: &offset)
        PersistentList<Element>.makeUnique(&children[child])
        let removed = children[child].remove(at: offset)
        if children[child].count == 0 {
            children.remove(at: child)
            counts.remove(at: child)
            firsts.remove(at: child)
            return removed
        }
        refresh(child, first: offset == 0)
        if children[child].width < PersistentList<Element>.minimumWidth {
            mergeIfSmall(child)
        }
        return removed
    }

    /// Replaces under this node, which the caller holds uniquely.
    @inlinable @_spi(EtchCollections) public func replace(at position: Int, with element: Element) {
        if isLeaf {
            elements[position] = element
            return
        }
        var offset = position
        let child = child(containing: &offset)
        PersistentList<Element>.makeUnique(&children[child])
        children[child].replace(at: offset, with: element)
        if offset == 0 { firsts[child] = element }
    }

    /// Updates the count kept for a changed child, and its first element unless the caller
    /// knows it did not change (copying an element retains what it holds).
    @inlinable @_spi(EtchCollections) public func refresh(_ child: Int, first: Bool = true) {
        counts[child] = children[child].count
        if first { firsts[child] = children[child].first }
    }

    /// Merges a small child into its left or right neighbour when the two fit in one node.
    @inlinable @_spi(EtchCollections) public func mergeIfSmall(_ child: Int) {
        let maximum = PersistentList<Element>.maximumWidth
        let neighbour: Int
        if child > 0, children[child - 1].width + children[child].width <= maximum {
            neighbour = child - 1
        } else if child + 1 < children.count, children[child + 1].width + children[child].width <= maximum {
            neighbour = child + 1
        } else {
            return
        }
        let left = min(child, neighbour)
        let right = left + 1
        PersistentList<Element>.makeUnique(&children[left])
        let absorbed = children[right]
        if children[left].isLeaf {
            children[left].elements.append(contentsOf: absorbed.elements)
        } else {
            children[left].children.append(contentsOf: absorbed.children)
            children[left].counts.append(contentsOf: absorbed.counts)
            children[left].firsts.append(contentsOf: absorbed.firsts)
        }
        children[left].count += absorbed.count
        children.remove(at: right)
        counts.remove(at: right)
        firsts.remove(at: right)
        refresh(left)
    }
}
