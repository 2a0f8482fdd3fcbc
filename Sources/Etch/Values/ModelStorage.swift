/// What a ``ModelStorage`` keeps before its values: the keys (an array that objects of one
/// shape share), the hash index of a large dictionary, how many values there are, and the
/// values its getters converted.
@usableFromInline
struct ModelStorageHeader {
    @usableFromInline var keys: [String]
    /// Position of each key, present only above ``ModelDictionary/indexThreshold`` keys.
    @usableFromInline var index: [WireKey: Int]?
    @usableFromInline var count: Int
    /// A retained ``ConvertedValues``, or 0 until a getter keeps a converted value. Set once
    /// by a compare-and-swap, so it is only read and set through ``ModelStorage/conversionsWord``.
    @usableFromInline var conversions: UInt
    /// A retained ``ModelStorage`` whose values this one shares bit for bit where they are
    /// the same, or 0; see ``ModelStorage/sharingCopy(capacity:)``.
    @usableFromInline var parent: UInt
    /// With a ``parent``: bit *p* is set when the value at position *p* is this buffer's own,
    /// not the parent's, for the positions below 64 that the parent has (others are
    /// compared), so freeing a copy releases its own values without comparing each one with
    /// the parent's. Only ``ModelStorage/replaceValue(at:with:)`` writes such a position.
    @usableFromInline var ownValues: UInt64

    @inlinable
    init(keys: [String], index: [WireKey: Int]?, count: Int) {
        self.keys = keys
        self.index = index
        self.count = count
        self.conversions = 0
        self.parent = 0
        self.ownValues = 0
    }
}

/// The one allocation behind a ``ModelDictionary``: its header, then its values in place.
///
/// A model is one reference to this buffer, so copying a model, or reading a field of a
/// model held in an array, retains once, and a value nested in an object is a pointer
/// wide. The buffer is shared by copies and changed only while it is uniquely referenced
/// (``ModelDictionary`` checks), which is what makes sending it between threads safe, and
/// why ``ModelDictionary`` is `@unchecked Sendable` (`ManagedBuffer` itself is not).
@usableFromInline
final class ModelStorage: ManagedBuffer<ModelStorageHeader, ModelValue> {
    /// Makes a buffer with room for `capacity` values, which the caller initializes before
    /// setting ``ModelStorageHeader/count``.
    @inlinable
    static func make(keys: [String], index: [WireKey: Int]?, capacity: Int) -> ModelStorage {
        let buffer = ModelStorage.create(minimumCapacity: capacity) { _ in
            ModelStorageHeader(keys: keys, index: index, count: 0)
        }
        return unsafeDowncast(buffer, to: ModelStorage.self)
    }

    /// Makes a buffer holding `values`, moved out of `source`, which is left uninitialized.
    @inlinable
    static func make(
        keys: [String], index: [WireKey: Int]?, movingFrom source: UnsafeMutablePointer<ModelValue>, count: Int
    ) -> ModelStorage {
        let storage = make(keys: keys, index: index, capacity: count)
        storage.elements.moveInitialize(from: source, count: count)
        storage.headerAddress.pointee.count = count
        return storage
    }

    /// Makes a buffer holding copies of `values`.
    @inlinable
    static func make(keys: [String], index: [WireKey: Int]?, values: [ModelValue]) -> ModelStorage {
        let storage = make(keys: keys, index: index, capacity: values.count)
        _ = values.withUnsafeBufferPointer { source in
            UnsafeMutableBufferPointer(start: storage.elements, count: source.count).initialize(fromContentsOf: source)
        }
        storage.headerAddress.pointee.count = values.count
        return storage
    }

    /// The header, read and changed through its address: `ManagedBuffer.header` is a stored
    /// property of a class, whose every access Swift checks for exclusivity at run time.
    @inlinable
    var headerAddress: UnsafeMutablePointer<ModelStorageHeader> {
        withUnsafeMutablePointerToHeader { $0 }
    }

    /// The first value; valid while the buffer is alive.
    @inlinable
    var elements: UnsafeMutablePointer<ModelValue> {
        withUnsafeMutablePointerToElements { $0 }
    }

    /// A copy that shares the keys, holds its own retain of every value, and has room for at
    /// least `capacity` values.
    @inlinable
    func copy(capacity: Int) -> ModelStorage {
        let header = headerAddress.pointee
        let count = header.count
        let copy = ModelStorage.make(keys: header.keys, index: header.index, capacity: Swift.max(capacity, count))
        // One element at a time, so the copy is specialized for `ModelValue` rather than
        // going through its value witness for each element.
        let source = elements
        let target = copy.elements
        for position in 0..<count { (target + position).initialize(to: source[position]) }
        copy.headerAddress.pointee.count = count
        return copy
    }

    deinit {
        // One element at a time, specialized, as in ``copy(capacity:)``; values shared with
        // the parent are the parent's to release.
        let count = headerAddress.pointee.count
        let elements = elements
        if let parent = parentValues {
            // A copy's values below the parent's count and 64 are its own by the mask; the
            // rest, by comparing bits.
            let masked = Swift.min(count, parent.count, 64)
            var own = headerAddress.pointee.ownValues
            while own != 0 {
                (elements + own.trailingZeroBitCount).deinitialize(count: 1)
                own &= own - 1
            }
            for position in masked..<count where !Self.value(at: position, of: elements, isSharedWith: parent) {
                (elements + position).deinitialize(count: 1)
            }
        } else {
            for position in 0..<count { (elements + position).deinitialize(count: 1) }
        }
        dropConvertedValues()
        dropParent()
    }
}

/// The elements of an array or the values of an object, read by position, for the code that
/// walks nested values with a stack of frames (writing, hashing, describing).
enum ContainerValues {
    case array([ModelValue])
    case object(ModelDictionary)

    /// How many elements or values there are.
    var count: Int {
        switch self {
        case .array(let elements): elements.count
        case .object(let object): object.count
        }
    }

    /// The element or value at `position`, below ``count``.
    subscript(position: Int) -> ModelValue {
        switch self {
        case .array(let elements): elements[position]
        case .object(let object): object.value(at: position)
        }
    }
}
