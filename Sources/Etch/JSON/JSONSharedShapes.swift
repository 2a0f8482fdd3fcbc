/// The key arrays of the objects read from many small documents in turn, so that objects of
/// one key sequence share one array across documents, as ``JSONShapeCache`` makes them share
/// one within a large document.
///
/// A store's file holds each object as its own small document (a few hundred bytes), too
/// small for the reader's caches, which key their entries by offsets into one input. Without
/// sharing, each of 100k albums would keep its own array of 18 keys (336 bytes). Keys are
/// matched by their UTF-8 bytes, as ``ModelDictionary`` compares them, after a comparison of
/// the strings' bits that settles the usual small keys at once.
///
/// The shapes are bounded (``capacity``, most recently learned first) and the object is
/// used by one reader at a time: it is not `Sendable`.
final class JSONSharedShapes {
    /// The most shapes kept; a new one replaces the oldest.
    static let capacity = 16

    /// A key sequence known to hold no key twice, with the index it needs.
    struct Shape {
        let keys: [String]
        let index: [WireKey: Int]?
    }

    /// Unchecked for exclusivity at run time, as ``JSONSharedValues``'s tables.
    @exclusivity(unchecked) private var shapes: [Shape] = []

    init() {}

    /// The known shape whose keys are `keys`, in order, if any.
    @inline(__always)
    func shape(matching keys: UnsafeBufferPointer<String>) -> Shape? {
        for shape in shapes where shape.keys.count == keys.count {
            let same = shape.keys.withUnsafeBufferPointer { known in
                for position in 0..<keys.count where !Self.sameKey(known[position], keys[position]) { return false }
                return true
            }
            if same { return shape }
        }
        return nil
    }

    /// Remembers the keys of a dictionary made from a document, unless a key repeated in it
    /// (`keyCount` keys were read and fewer kept), or it has no keys.
    func learn(_ dictionary: ModelDictionary, keyCount: Int) {
        guard keyCount > 0, dictionary.count == keyCount else { return }
        if shapes.count == Self.capacity { shapes.removeLast() }
        shapes.insert(Shape(keys: dictionary.storedKeys, index: dictionary.index), at: 0)
    }

    /// Whether two keys have the same UTF-8 bytes: the same bits (a small string's bytes are
    /// its bits), or equal bytes.
    @inline(__always)
    private static func sameKey(_ lhs: String, _ rhs: String) -> Bool {
        let (left, right) = (
            unsafeBitCast(lhs, to: (UInt64, UInt64).self), unsafeBitCast(rhs, to: (UInt64, UInt64).self)
        )
        if left == right { return true }
        return lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8)
    }
}
