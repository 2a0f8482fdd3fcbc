/// A dictionary whose copies share structure: a hash array mapped trie, each node shared by
/// every copy of the map until one of them changes it.
///
/// Copying a map is O(1); changing one key afterwards copies the few nodes on the path to
/// it (each at most 32 entries wide), never the whole map, so a store's snapshot and its
/// next version share every node a commit did not touch.
///
/// Each level of the trie uses five bits of the key's hash; keys whose 64-bit hashes are
/// equal share a node past the last level and are told apart by `==`.
///
/// - Complexity: reads and changes are O(log₃₂ *n*), about four node visits for a million keys.
@_spi(EtchCollections) public struct PersistentMap<Key: Hashable, Value>: @unchecked Sendable {
    // @unchecked: nodes are changed only while uniquely referenced, as PersistentList's are.

    /// The trie's first level.
    @_spi(EtchCollections) public var root = PersistentMapNode<Key, Value>()
    /// The number of keys.
    @_spi(EtchCollections) public var count = 0

    /// An empty map.
    @inlinable @_spi(EtchCollections) public init() {}

    /// Whether the map holds no key.
    @inlinable @_spi(EtchCollections) public var isEmpty: Bool { count == 0 }

    /// The value of `key`, or `nil`; setting `nil` removes the key.
    /// - Complexity: O(log₃₂ *n*), and a copy of each shared node on the path when set.
    @inlinable @_spi(EtchCollections) public subscript(key: Key) -> Value? {
        get { root.value(for: key, hash: UInt64(truncatingIfNeeded: key.hashValue), shift: 0) }
        set {
            if !isKnownUniquelyReferenced(&root) { root = root.copy() }
            count += root.set(newValue, for: key, hash: UInt64(truncatingIfNeeded: key.hashValue), shift: 0)
        }
    }

    /// Calls `body` with every key and value, in no particular order.
    /// - Complexity: O(*n*).
    @inlinable @_spi(EtchCollections) public func forEachEntry(_ body: (Key, Value) throws -> Void) rethrows {
        try root.visit(body)
    }

    /// Every value, in no particular order.
    /// - Complexity: O(*n*).
    @inlinable @_spi(EtchCollections) public var values: [Value] {
        var found: [Value] = []
        found.reserveCapacity(count)
        forEachEntry { _, value in found.append(value) }
        return found
    }

    /// Every key, in no particular order.
    /// - Complexity: O(*n*).
    @inlinable @_spi(EtchCollections) public var keys: [Key] {
        var found: [Key] = []
        found.reserveCapacity(count)
        forEachEntry { key, _ in found.append(key) }
        return found
    }
}

/// One node of a ``PersistentMap``: the entries and the children of one level of the trie,
/// each found through a bitmap of the five hash bits in use, or, past the last level, a
/// list of keys whose hashes are all equal.
///
/// The stored properties skip the runtime's exclusivity checks, as ``PersistentListNode``'s
/// do: a node is written only through the one map holding it, never while it is read.
@_spi(EtchCollections) public final class PersistentMapNode<Key: Hashable, Value> {
    /// Bit *b* is set when an entry's hash bits at this level are *b*.
    @exclusivity(unchecked) @_spi(EtchCollections) public var entryMap: UInt32 = 0
    /// Bit *b* is set when a child's hash bits at this level are *b*.
    @exclusivity(unchecked) @_spi(EtchCollections) public var childMap: UInt32 = 0
    /// The entries, in the order of their bits; past the last level, in no order.
    @exclusivity(unchecked) @_spi(EtchCollections) public var keys: [Key] = []
    /// The entries' values, at their keys' positions.
    @exclusivity(unchecked) @_spi(EtchCollections) public var values: [Value] = []
    /// The children, in the order of their bits.
    @exclusivity(unchecked) @_spi(EtchCollections) public var children: [PersistentMapNode<Key, Value>] = []

    /// An empty node.
    @inlinable @_spi(EtchCollections) public init() {}

    /// A node with this one's entries and children, which it shares until either changes.
    @inlinable @_spi(EtchCollections) public func copy() -> PersistentMapNode<Key, Value> {
        let node = PersistentMapNode()
        node.entryMap = entryMap
        node.childMap = childMap
        node.keys = keys
        node.values = values
        node.children = children
        return node
    }

    /// Whether this node lies past the trie's last level, where hashes are used up.
    @inlinable @_spi(EtchCollections) public static func isCollisionLevel(_ shift: UInt64) -> Bool { shift >= 64 }

    /// The bit of `hash` at the level of `shift`.
    @inlinable @_spi(EtchCollections) public static func bit(_ hash: UInt64, _ shift: UInt64) -> UInt32 {
        1 << UInt32(truncatingIfNeeded: (hash >> shift) & 31)
    }

    /// The position among the entries or children of `map` of the one with `bit`.
    @inlinable @_spi(EtchCollections) public static func slot(_ map: UInt32, _ bit: UInt32) -> Int {
        (map & (bit &- 1)).nonzeroBitCount
    }

    /// The value of `key` under this node, whose hashes agree with `hash` below `shift`.
    @inlinable @_spi(EtchCollections) public func value(for key: Key, hash: UInt64, shift: UInt64) -> Value? {
        var node = self
        var shift = shift
        while !Self.isCollisionLevel(shift) {
            let bit = Self.bit(hash, shift)
            if node.entryMap & bit != 0 {
                let slot = Self.slot(node.entryMap, bit)
                // Compared in place: this code is not specialized, and a subscript would copy
                // the key (a retain and a release) to compare it.
                let matches = node.keys.withUnsafeBufferPointer { $0[slot] == key }
                return matches ? node.values[slot] : nil
            }
            guard node.childMap & bit != 0 else { return nil }
            node = node.children[Self.slot(node.childMap, bit)]
            shift += 5
        }
        return node.keys.firstIndex(of: key).map { node.values[$0] }
    }

    /// Sets or removes a key under this node, which the caller holds uniquely; returns the
    /// change in the number of keys.
    @inlinable @_spi(EtchCollections) public func set(_ value: Value?, for key: Key, hash: UInt64, shift: UInt64) -> Int
    {
        if Self.isCollisionLevel(shift) {
            if let position = keys.firstIndex(of: key) {
                if let value {
                    values[position] = value
                    return 0
                }
                keys.remove(at: position)
                values.remove(at: position)
                return -1
            }
            guard let value else { return 0 }
            keys.append(key)
            values.append(value)
            return 1
        }
        let bit = Self.bit(hash, shift)
        if entryMap & bit != 0 {
            let slot = Self.slot(entryMap, bit)
            if keys[slot] == key {
                if let value {
                    values[slot] = value
                    return 0
                }
                keys.remove(at: slot)
                values.remove(at: slot)
                entryMap &= ~bit
                return -1
            }
            guard let value else { return 0 }
            // Two keys share these bits: both move down into a new child.
            let child = PersistentMapNode()
            let otherHash = UInt64(truncatingIfNeeded: keys[slot].hashValue)
            _ = child.set(values[slot], for: keys[slot], hash: otherHash, shift: shift + 5)
            _ = child.set(value, for: key, hash: hash, shift: shift + 5)
            keys.remove(at: slot)
            values.remove(at: slot)
            entryMap &= ~bit
            childMap |= bit
            children.insert(child, at: Self.slot(childMap, bit))
            return 1
        }
        if childMap & bit != 0 {
            let slot = Self.slot(childMap, bit)
            if !isKnownUniquelyReferenced(&children[slot]) { children[slot] = children[slot].copy() }
            let change = children[slot].set(value, for: key, hash: hash, shift: shift + 5)
            let child = children[slot]
            if child.children.isEmpty, child.keys.count <= 1 {
                // A child left with one entry or none gives it back to this level.
                children.remove(at: slot)
                childMap &= ~bit
                if let only = child.keys.first {
                    entryMap |= bit
                    let entry = Self.slot(entryMap, bit)
                    keys.insert(only, at: entry)
                    values.insert(child.values[0], at: entry)
                }
            }
            return change
        }
        guard let value else { return 0 }
        entryMap |= bit
        let slot = Self.slot(entryMap, bit)
        keys.insert(key, at: slot)
        values.insert(value, at: slot)
        return 1
    }

    /// Calls `body` with every entry under this node.
    @inlinable @_spi(EtchCollections) public func visit(_ body: (Key, Value) throws -> Void) rethrows {
        for position in keys.indices { try body(keys[position], values[position]) }
        for child in children { try child.visit(body) }
    }
}

extension PersistentMap {
    /// Calls `body` with the value of `key` in place, first adding `make()` when the key has
    /// none; a value changed in place is not copied, so a value that is itself shared
    /// structure (a ``PersistentList``) changes in place too.
    /// - Complexity: O(log₃₂ *n*), and a copy of each shared node on the path.
    @inlinable @_spi(EtchCollections) public mutating func modify<Result>(
        _ key: Key, default make: () -> Value, _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        if let result = try modifyIfPresent(key, body) { return result }
        self[key] = make()
        return try root.modify(key, hash: UInt64(truncatingIfNeeded: key.hashValue), shift: 0, body)
    }

    /// Calls `body` with the value of `key` in place when the map holds the key, as
    /// ``modify(_:default:_:)`` does; returns `nil` without calling it when the map does not.
    /// One walk down the trie, copying no value.
    /// - Complexity: O(log₃₂ *n*), and a copy of each shared node on the path.
    @inlinable @_spi(EtchCollections) public mutating func modifyIfPresent<Result>(
        _ key: Key, _ body: (inout Value) throws -> Result
    ) rethrows -> Result? {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        return try root.modifyIfPresent(key, hash: UInt64(truncatingIfNeeded: key.hashValue), shift: 0, body)
    }
}

extension PersistentMapNode {
    /// Calls `body` with the value of a key the node holds, in place; the caller holds this
    /// node uniquely.
    @inlinable @_spi(EtchCollections) public func modify<Result>(
        _ key: Key, hash: UInt64, shift: UInt64, _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        if shift >= 64 { return try body(&values[keys.firstIndex(of: key)!]) }
        let bit: UInt32 = 1 << UInt32(truncatingIfNeeded: (hash >> shift) & 31)
        if entryMap & bit != 0 { return try body(&values[(entryMap & (bit &- 1)).nonzeroBitCount]) }
        let slot = (childMap & (bit &- 1)).nonzeroBitCount
        if !isKnownUniquelyReferenced(&children[slot]) { children[slot] = children[slot].copy() }
        return try children[slot].modify(key, hash: hash, shift: shift + 5, body)
    }

    /// Calls `body` with the value of `key` in place when the node holds the key, else
    /// returns `nil`; the caller holds this node uniquely.
    @inlinable @_spi(EtchCollections) public func modifyIfPresent<Result>(
        _ key: Key, hash: UInt64, shift: UInt64, _ body: (inout Value) throws -> Result
    ) rethrows -> Result? {
        if shift >= 64 {
            guard let position = keys.firstIndex(of: key) else { return nil }
            return try body(&values[position])
        }
        let bit: UInt32 = 1 << UInt32(truncatingIfNeeded: (hash >> shift) & 31)
        if entryMap & bit != 0 {
            let position = (entryMap & (bit &- 1)).nonzeroBitCount
            guard keys[position] == key else { return nil }
            return try body(&values[position])
        }
        guard childMap & bit != 0 else { return nil }
        let slot = (childMap & (bit &- 1)).nonzeroBitCount
        if !isKnownUniquelyReferenced(&children[slot]) { children[slot] = children[slot].copy() }
        return try children[slot].modifyIfPresent(key, hash: hash, shift: shift + 5, body)
    }
}

extension PersistentMap {
    /// A map of distinct `keys` and their `values`, at the same positions, built level by
    /// level: each node is made once, where inserting one key at a time copies the path of
    /// each insertion.
    /// - Complexity: O(*n* log₃₂ *n*).
    @inlinable @_spi(EtchCollections) public init(distinctKeys keys: [Key], values: [Value]) {
        precondition(keys.count == values.count, "a value per key")
        let hashes = keys.map { UInt64(truncatingIfNeeded: $0.hashValue) }
        // Sorted by the hash bits of each level in turn, the entries of every node of the
        // trie lie side by side, so each node is made from one run of positions.
        let order = RadixSort.sortedPositions(of: hashes.map { PersistentMapNode<Key, Value>.levelOrder($0) })
        root = order.withUnsafeBufferPointer { order in
            PersistentMapNode(building: order, hashes: hashes, keys: keys, values: values, shift: 0)
        }
        count = keys.count
    }
}

extension PersistentMapNode {
    /// How many levels ``levelOrder(_:)`` orders by: the levels whose five bits all fit.
    @inlinable @_spi(EtchCollections) public static var orderedLevels: UInt64 { 12 }

    /// A hash with its five-bit level groups reversed, the first level's bits highest, so
    /// that ascending order sorts by the first level, then the second, and so on.
    @inlinable @_spi(EtchCollections) public static func levelOrder(_ hash: UInt64) -> UInt64 {
        var ordered: UInt64 = 0
        for level in 0..<orderedLevels { ordered = ordered << 5 | (hash >> (5 * level)) & 31 }
        return ordered
    }

    /// The node of the entries at `positions` of `keys` and `values`, whose hashes agree
    /// below `shift`: positions sorted by ``levelOrder(_:)``, which puts the entries of each
    /// child next to each other, except past the ordered levels, where they are sorted here.
    @inlinable @_spi(EtchCollections) public convenience init(
        building positions: UnsafeBufferPointer<Int>, hashes: [UInt64], keys: [Key], values: [Value], shift: UInt64
    ) {
        self.init()
        guard shift < 64 else {
            for position in positions {
                self.keys.append(keys[position])
                self.values.append(values[position])
            }
            return
        }
        guard shift >= 5 * Self.orderedLevels else {
            fill(runs: positions, hashes: hashes, keys: keys, values: values, shift: shift)
            return
        }
        let sorted = positions.sorted { (hashes[$0] >> shift) & 31 < (hashes[$1] >> shift) & 31 }
        sorted.withUnsafeBufferPointer { fill(runs: $0, hashes: hashes, keys: keys, values: values, shift: shift) }
    }

    /// Adds the entries at `runs`, sorted by their bits at `shift`: each bit's one entry, or
    /// a child holding its several.
    @inlinable @_spi(EtchCollections) public func fill(
        runs: UnsafeBufferPointer<Int>, hashes: [UInt64], keys: [Key], values: [Value], shift: UInt64
    ) {
        func runEnd(from start: Int) -> Int {
            let bits = (hashes[runs[start]] >> shift) & 31
            var end = start + 1
            while end < runs.count, (hashes[runs[end]] >> shift) & 31 == bits { end += 1 }
            return end
        }
        var (entries, childCount, start) = (0, 0, 0)
        while start < runs.count {
            let end = runEnd(from: start)
            if end - start == 1 { entries += 1 } else { childCount += 1 }
            start = end
        }
        self.keys.reserveCapacity(entries)
        self.values.reserveCapacity(entries)
        children.reserveCapacity(childCount)
        start = 0
        while start < runs.count {
            let end = runEnd(from: start)
            let bits = (hashes[runs[start]] >> shift) & 31
            if end - start == 1 {
                entryMap |= 1 << UInt32(bits)
                self.keys.append(keys[runs[start]])
                self.values.append(values[runs[start]])
            } else {
                childMap |= 1 << UInt32(bits)
                children.append(
                    PersistentMapNode(
                        building: UnsafeBufferPointer(rebasing: runs[start..<end]), hashes: hashes, keys: keys,
                        values: values, shift: shift + 5))
            }
            start = end
        }
    }
}
