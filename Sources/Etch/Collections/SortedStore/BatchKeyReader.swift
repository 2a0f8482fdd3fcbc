import Foundation

/// Reads one ``SortKey`` of a batch's objects as ``SortedStore``'s merge meets them, then
/// makes their ``BatchKeys``.
///
/// The merge reads each object's keys on a copy of it that it owns: reading an object
/// through a closure from memory that it does not own would retain and release it, two
/// atomic operations per read (see ``SortedStore/readBatch(_:keepingLocalValues:)``).
@usableFromInline
struct BatchKeyReader<Element> {
    /// Reads the key of the batch's object for `slot`: the next slot, or one read before
    /// when an object with the same id comes again (the last one wins).
    @usableFromInline let read: (_ element: Element, _ slot: Int) -> Void
    /// The keys read, compared with the stored objects through the keys of their column (a
    /// comparator compares the objects).
    @usableFromInline let batchKeys: (_ stored: [Element], _ columnKeys: Any) -> BatchKeys<Element>

    /// Reads the objects themselves, for a comparator.
    @usableFromInline
    init(comparingBy compare: @escaping @Sendable (Element, Element) -> ComparisonResult) {
        let read = BatchKeyBuffer<Element>()
        self.read = { element, slot in read.set(element, at: slot) }
        batchKeys = { stored, _ in BatchKeys(comparing: read.keys, with: stored, by: compare) }
    }

    /// Reads the key with `readKey`. Inlinable so that it is specialized where the key's
    /// type is known.
    @inlinable
    init<Order: KeyOrder>(reading readKey: @escaping (Element) -> Order.Value, order: Order) {
        let read = BatchKeyBuffer<Order.Value>()
        self.read = { element, slot in read.set(readKey(element), at: slot) }
        batchKeys = { _, columnKeys in
            BatchKeys(
                keys: read.keys, storedKeys: SortKeyColumn<Element>.typed(columnKeys, Order.Value.self), order: order)
        }
    }
}

/// The keys a ``BatchKeyReader`` has read so far, by slot.
@usableFromInline
final class BatchKeyBuffer<Value> {
    // Unchecked: the merge calls the readers one at a time, and a checked access would
    // cost a call into the runtime per object.
    @usableFromInline @exclusivity(unchecked) var keys: [Value] = []

    @inlinable
    init() {}

    /// Sets the key of `slot`, the next one or one set before.
    @inlinable
    func set(_ key: Value, at slot: Int) {
        if slot == keys.count {
            keys.append(key)
        } else {
            keys[slot] = key
        }
    }
}
