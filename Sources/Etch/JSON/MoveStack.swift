/// A stack of values that hands its top elements over to new arrays by moving them,
/// without retaining and releasing each element twice.
///
/// The JSON reader keeps the elements of every open container on one shared stack and,
/// when a container closes, moves them into an array of exactly the right size. The owner
/// must call ``deallocate()`` once, on success and on failure alike.
struct MoveStack<Element> {
    private(set) var count = 0
    private var capacity: Int
    private var storage: UnsafeMutablePointer<Element>

    /// A stack with room for `capacity` elements; with 0, it allocates nothing until the
    /// first element arrives.
    init(capacity: Int) {
        guard capacity > 0 else {
            self.capacity = 0
            // Never read or freed while the capacity is 0.
            storage = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
            return
        }
        self.capacity = Swift.max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// The top element, if any.
    @inline(__always)
    var last: Element? {
        count > 0 ? storage[count - 1] : nil
    }

    /// Moves the elements from `start` to the top into a new array and pops them.
    @inline(__always)
    mutating func popArray(from start: Int) -> [Element] {
        let length = count - start
        guard length > 0 else { return [] }
        let source = storage + start
        count = start
        return Array(unsafeUninitializedCapacity: length) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: length)
            initialized = length
        }
    }

    /// Pops the elements from `start` to the top without destroying them, and returns where
    /// they are: the caller moves them out before the stack next changes.
    @inline(__always)
    mutating func popForMoving(from start: Int) -> UnsafeMutablePointer<Element> {
        count = start
        return storage + start
    }

    /// The elements from `start` to the top, valid until the stack next changes.
    @inline(__always)
    func elements(from start: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: storage + start, count: count - start)
    }

    /// Destroys the elements from `start` to the top and pops them.
    @inline(__always)
    mutating func removeAll(from start: Int) {
        (storage + start).deinitialize(count: count - start)
        count = start
    }

    private mutating func grow() {
        let newCapacity = Swift.max(capacity * 2, 16)
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        if capacity > 0 { storage.deallocate() }
        storage = newStorage
        capacity = newCapacity
    }

    /// Destroys the remaining elements and frees the storage.
    func deallocate() {
        guard capacity > 0 else { return }
        storage.deinitialize(count: count)
        storage.deallocate()
    }
}
