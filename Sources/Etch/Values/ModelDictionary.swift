import CEtchPrefetch

/// The immutable storage of a model: wire keys and their values, in the order they arrived.
///
/// Every key a model decodes is kept here, declared or not, and written back out in the
/// same order, so a newer server's fields survive an older app's round trip. Small
/// dictionaries (the usual model) are searched linearly, which beats hashing for a few
/// dozen short keys; larger ones carry a hash index.
///
/// Keys are compared by their UTF-8 bytes, as RFC 8259 compares member names: `"\u{E9}"`
/// and `"e\u{301}"` are two keys here, although Swift's `String ==` counts them equal.
///
/// ```swift
/// var dictionary: ModelDictionary = ["id": "u1", "name": "Ada"]
/// dictionary["name"]            // .string("Ada")
/// dictionary["mood"] = "happy"
/// dictionary.keys               // ["id", "name", "mood"]
/// ```
@_eagerMove
public struct ModelDictionary: @unchecked Sendable {
    /// The keys, in order.
    public var keys: [String] { storedKeys }
    /// The values, parallel to ``keys``, copied into an array.
    ///
    /// - Complexity: O(*n*): the values are kept in the model's own buffer, not in an array.
    public var values: [ModelValue] {
        Array(UnsafeBufferPointer(start: storage.elements, count: count))
    }

    /// The keys, the index and the values, in one buffer shared by copies.
    @usableFromInline var storage: ModelStorage

    /// The keys, in order.
    @inlinable var storedKeys: [String] { storage.headerAddress.pointee.keys }
    /// Position of each key, present only above ``indexThreshold`` keys.
    @inlinable var index: [WireKey: Int]? { storage.headerAddress.pointee.index }

    /// Above this many keys, lookups go through a hash index.
    @usableFromInline static let indexThreshold = 48

    /// An empty dictionary.
    public init() {
        storage = .make(keys: [], index: nil, capacity: 0)
    }

    /// Makes a dictionary from keys already known to be distinct, with the index they need
    /// (present exactly when there are more than ``indexThreshold`` keys). The JSON reader
    /// uses it for objects whose key sequence it has checked before, so objects of one shape
    /// share one key array and one index.
    init(checkedKeys: [String], values: [ModelValue], index: [WireKey: Int]?) {
        assert(checkedKeys.count == values.count && (index != nil) == (checkedKeys.count > Self.indexThreshold))
        storage = .make(keys: checkedKeys, index: index, values: values)
    }

    /// Makes a dictionary as ``init(checkedKeys:values:index:)`` does, moving the values out
    /// of `source` (left uninitialized) instead of copying an array.
    init(checkedKeys: [String], movingValuesFrom source: UnsafeMutablePointer<ModelValue>, index: [WireKey: Int]?) {
        assert((index != nil) == (checkedKeys.count > Self.indexThreshold))
        storage = .make(keys: checkedKeys, index: index, movingFrom: source, count: checkedKeys.count)
    }

    /// The value at `position`, which must be below ``count``.
    @inlinable
    func value(at position: Int) -> ModelValue {
        storage.elements[position]
    }

    /// Makes a dictionary from key-value pairs; when a key repeats, the last value wins
    /// and the key keeps its first position.
    ///
    /// - Complexity: O(*n*) for up to ``indexThreshold`` distinct keys, amortized O(*n*) above.
    public init(_ pairs: some Sequence<(String, ModelValue)>) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// Makes a dictionary from parallel arrays of keys and values, as a parser produces them.
    /// When a key repeats, the last value wins. As `zip` does, it pairs them up to the
    /// shorter array's length: keys without a value, or values without a key, are left out.
    public init(keys: [String], values: [ModelValue]) {
        guard keys.count == values.count else {
            let count = Swift.min(keys.count, values.count)
            self.init(keys: Array(keys.prefix(count)), values: Array(values.prefix(count)))
            return
        }
        if keys.count <= 1 {
            self.init(checkedKeys: keys, values: values, index: nil)
            return
        }
        // Fast path: no repeated key, which is what well-formed JSON holds.
        if keys.count <= Self.indexThreshold {
            if !Self.hasRepeatedKey(keys) {
                self.init(checkedKeys: keys, values: values, index: nil)
                return
            }
        } else {
            var positions: [WireKey: Int] = [:]
            positions.reserveCapacity(keys.count)
            var unique = true
            for (position, key) in keys.enumerated() where positions.updateValue(position, forKey: WireKey(key)) != nil
            {
                unique = false
                break
            }
            if unique {
                self.init(checkedKeys: keys, values: values, index: positions)
                return
            }
        }
        self.init(zip(keys, values))
    }

    /// Whether a short list of keys holds one twice, by their bytes (so canonically
    /// equivalent keys, such as "é" and "e\u{301}", are two keys). Keys are compared only
    /// when their fingerprints collide, which for distinct keys is rare.
    static func hasRepeatedKey(_ keys: [String]) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: keys.count) { fingerprints in
            var seen: (low: UInt64, high: UInt64) = (0, 0)
            for (i, key) in keys.enumerated() {
                let fingerprint = fingerprint(of: key)
                fingerprints[i] = fingerprint
                let bit: UInt64 = 1 << UInt64(fingerprint & 63)
                let isSet = fingerprint < 64 ? seen.low & bit != 0 : seen.high & bit != 0
                if isSet {
                    for j in 0..<i where fingerprints[j] == fingerprint && WireKey.sameBytes(keys[j], key) {
                        return true
                    }
                } else if fingerprint < 64 {
                    seen.low |= bit
                } else {
                    seen.high |= bit
                }
            }
            return false
        }
    }

    /// A 7-bit summary of a key's bytes: keys with equal bytes have equal fingerprints.
    @usableFromInline
    static func fingerprint(of key: String) -> UInt8 {
        let utf8 = key.utf8
        let count = utf8.count
        let first = utf8.first ?? 0
        let last = count > 1 ? utf8[utf8.index(before: utf8.endIndex)] : 0
        return UInt8(truncatingIfNeeded: count &* 37 &+ Int(first) &* 11 &+ Int(last)) & 127
    }

    /// The number of keys.
    @inlinable public var count: Int { storage.headerAddress.pointee.count }

    /// Whether the dictionary has no keys.
    @inlinable public var isEmpty: Bool { storedKeys.isEmpty }

    @inlinable
    func position(of key: String) -> Int? {
        if let index { return index[WireKey(key)] }
        var position = 0
        let end = storedKeys.count
        while position < end {
            if WireKey.sameBytes(storedKeys[position], key) { return position }
            position += 1
        }
        return nil
    }

    /// The value stored under `key`; setting `nil` removes the key.
    ///
    /// - Complexity: O(*n*) for small dictionaries, O(1) on average for large ones;
    ///   removing a key is O(*n*).
    @inlinable
    public subscript(key: String) -> ModelValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return value(at: position)
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    makeUnique(capacity: count)
                    storage.replaceValue(at: position, with: newValue)
                } else {
                    remove(at: position)
                }
            } else if let newValue {
                append(newValue, forKey: key)
            }
        }
    }

    /// Makes the buffer this dictionary's own, with room for `capacity` values.
    @inlinable
    mutating func makeUnique(capacity: Int) {
        if !isKnownUniquelyReferenced(&storage) {
            // Most copies change a value or two (`copyWith`): share the rest with the original.
            storage = storage.sharingCopy(capacity: capacity)
        } else if storage.capacity < capacity {
            storage = storage.copy(capacity: Swift.max(capacity, storage.capacity * 2))
        } else {
            // The values are about to change in place: what getters converted from them goes.
            storage.dropConvertedValues()
        }
    }

    /// Adds a key that is not in the dictionary, with its value, at the end.
    @usableFromInline
    mutating func append(_ value: ModelValue, forKey key: String) {
        let position = count
        makeUnique(capacity: position + 1)
        (storage.elements + position).initialize(to: value)
        storage.headerAddress.pointee.count = position + 1
        storage.headerAddress.pointee.keys.append(key)
        if storage.headerAddress.pointee.index != nil {
            storage.headerAddress.pointee.index![WireKey(key)] = position
        } else if position + 1 > Self.indexThreshold {
            rebuildIndex()
        }
    }

    /// Removes the key at `position` and its value.
    @usableFromInline
    mutating func remove(at position: Int) {
        makeUnique(capacity: count)
        // The values after `position` move, and a shared value is known by its position.
        storage.detachFromParent()
        let elements = storage.elements
        let last = count - 1
        (elements + position).deinitialize(count: 1)
        (elements + position).moveInitialize(from: elements + position + 1, count: last - position)
        storage.headerAddress.pointee.count = last
        storage.headerAddress.pointee.keys.remove(at: position)
        rebuildIndex()
    }

    @usableFromInline
    mutating func rebuildIndex() {
        guard storedKeys.count > Self.indexThreshold else {
            storage.headerAddress.pointee.index = nil
            return
        }
        var positions: [WireKey: Int] = [:]
        positions.reserveCapacity(storedKeys.count)
        for (position, key) in storedKeys.enumerated() { positions[WireKey(key)] = position }
        storage.headerAddress.pointee.index = positions
    }
}

extension ModelDictionary: Sequence {
    /// Iterates key-value pairs in order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: ModelValue)> {
        var position = 0
        return AnyIterator {
            guard position < storedKeys.count else { return nil }
            defer { position += 1 }
            return (storedKeys[position], value(at: position))
        }
    }

    /// The number of keys, which is exact.
    public var underestimatedCount: Int { storedKeys.count }
}

extension ModelDictionary: ExpressibleByDictionaryLiteral {
    /// Makes a dictionary from a literal; when a key repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, ModelValue)...) {
        self.init(elements)
    }
}

/// Asks the processor for the cache line at `address`, without waiting for it: a hint, which
/// never faults. Many asked for before as many retains overlap their cache misses, where
/// retains alone, each an atomic operation no later load passes, take theirs one after another.
@inlinable @inline(__always) @_spi(EtchCollections) public func prefetchAddress(_ address: UnsafeRawPointer) {
    etch_prefetch(address)
}
