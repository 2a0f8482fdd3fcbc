import Foundation

/// Reads one ``SortKey`` of a batch's objects, and of the stored objects they replace, for
/// ``SortedStore``'s merge, then makes their ``BatchKeys``.
///
/// Each read covers all the objects at once: one call per batch rather than per object,
/// and a loop of loads alone, in which the processor fetches several missing objects at a
/// time (see ``SortedStore/readBatch(_:keepingLocalValues:)``).
@usableFromInline
struct BatchKeyReader<Element> {
    /// Reads the keys of the objects that go in, in slot order.
    @usableFromInline let readNew: (_ elements: UnsafeBufferPointer<Element>) -> Void
    /// Reads the keys of the stored objects that the batch replaces: those of `elements` at
    /// `positions`, in that order.
    @usableFromInline let readOld: (_ elements: UnsafeBufferPointer<Element>, _ positions: [Int]) -> Void
    /// The keys read, the batch's objects first, then the replaced ones; compared with the
    /// stored objects through the keys of their column (a comparator compares the objects).
    @usableFromInline let batchKeys: (_ stored: [Element], _ columnKeys: Any) -> BatchKeys<Element>

    /// Reads the objects themselves, for a comparator.
    @usableFromInline
    init(comparingBy compare: @escaping @Sendable (Element, Element) -> ComparisonResult) {
        let read = BatchKeyBuffer<Element>()
        readNew = { elements in read.new = Array(elements) }
        readOld = { elements, positions in read.old = positions.map { elements[$0] } }
        batchKeys = { stored, _ in BatchKeys(comparing: read.new + read.old, with: stored, by: compare) }
    }

    /// Reads the key with `readKey`. Inlinable so that it is specialized where the key's
    /// type is known.
    @inlinable
    init<Order: KeyOrder>(reading readKey: @escaping (Element) -> Order.Value, order: Order) {
        let read = BatchKeyBuffer<Order.Value>()
        readNew = { elements in read.new = elements.indices.map { readKey(elements[$0]) } }
        readOld = { elements, positions in read.old = positions.map { readKey(elements[$0]) } }
        batchKeys = { _, columnKeys in
            BatchKeys(
                keys: read.new + read.old, storedKeys: SortKeyColumn<Element>.typed(columnKeys, Order.Value.self),
                order: order)
        }
    }
}

/// The keys a ``BatchKeyReader`` has read.
@usableFromInline
final class BatchKeyBuffer<Value> {
    @usableFromInline var new: [Value] = []
    @usableFromInline var old: [Value] = []

    @inlinable
    init() {}
}
