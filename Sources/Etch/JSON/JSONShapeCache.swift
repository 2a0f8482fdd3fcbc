import Foundation

/// Remembers the key sequences ("shapes") of the objects a document has read, so objects of
/// one shape share one key array and the check for repeated keys runs once per shape rather
/// than once per object.
///
/// Documents hold many objects of few shapes (twitter.json: 1,264 objects, 25 shapes). A
/// shape is recognized by the identities ``JSONKeyCache`` gives its keys: equal identities
/// are the same strings, so a match needs no byte comparison and cannot confuse keys that
/// only look alike, such as "é" composed and decomposed. The cache is direct-mapped and
/// bounded: a shape that lands on a taken slot replaces the one there.
struct JSONShapeCache {
    /// The number of slots, a power of two.
    static let capacity = 64
    /// Objects with more keys are not cached, which bounds the memory the cache holds.
    static let maxKeys = 256

    /// A key sequence known to hold no key twice.
    struct Shape {
        /// The key cache's identities of the keys.
        let ids: [Int]
        /// The keys, shared by every object of the shape.
        let keys: [String]
        /// The index of the keys, for shapes above ``ModelDictionary/indexThreshold`` keys.
        let index: [WireKey: Int]?
    }

    private var shapes: [Shape?]

    /// Makes a cache, empty and inert when `isEnabled` is `false`.
    init(isEnabled: Bool) {
        shapes = isEnabled ? Array(repeating: nil, count: Self.capacity) : []
    }

    var isEnabled: Bool { !shapes.isEmpty }

    /// The slot of a key sequence, or `nil` when it cannot be cached: a key without an
    /// identity (escaped, long, or not cached), or too many keys.
    @inline(__always)
    func slot(for ids: UnsafeBufferPointer<Int>) -> Int? {
        guard ids.count <= Self.maxKeys else { return nil }
        var hash = UInt(ids.count)
        for id in ids {
            guard id != 0 else { return nil }
            hash = hash &* 31 &+ UInt(bitPattern: id)
        }
        // Fibonacci hashing spreads nearby identities over the slots.
        return Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - Self.capacity.trailingZeroBitCount))
    }

    /// The shape in `slot`, if it is the one of `ids`.
    @inline(__always)
    func shape(in slot: Int, matching ids: UnsafeBufferPointer<Int>) -> Shape? {
        guard let shape = shapes[slot], shape.ids.count == ids.count else { return nil }
        // An empty buffer may have no base address; the empty shape matches itself.
        if ids.isEmpty { return shape }
        let same = shape.ids.withUnsafeBufferPointer { cached in
            memcmp(cached.baseAddress!, ids.baseAddress!, ids.count * MemoryLayout<Int>.stride) == 0
        }
        return same ? shape : nil
    }

    /// Remembers a shape in `slot`, replacing the one there.
    mutating func store(_ shape: Shape, in slot: Int) {
        shapes[slot] = shape
    }
}
