import Foundation

/// Reads one ``SortKey`` of a batch's objects, and of the stored objects they replace, as
/// ``SortedStore``'s merge meets them, then makes their ``BatchKeys``.
///
/// The merge reads each object once, while it is in cache: its id, its keys, and the
/// object it replaces. Reading a model's field is a search of its storage, and an object
/// of a long list is rarely in cache, so a second pass over the batch would cost about as
/// much as the first.
@usableFromInline
struct BatchKeyReader<Element> {
    /// Reads the key of the batch's object for `slot`: the next slot, or one read before
    /// when an object with the same id comes again (the last one wins).
    @usableFromInline let readNew: (_ element: Element, _ slot: Int) -> Void
    /// Reads the key of the next stored object that the batch replaces.
    @usableFromInline let readOld: (_ element: Element) -> Void
    /// The keys read, the batch's objects first, then the replaced ones; compared with the
    /// stored objects through the keys of their column (a comparator compares the objects).
    @usableFromInline let batchKeys: (_ stored: [Element], _ columnKeys: Any) -> BatchKeys<Element>

    /// Reads the objects themselves, for a comparator.
    @usableFromInline
    init(comparingBy compare: @escaping @Sendable (Element, Element) -> ComparisonResult) {
        let read = BatchKeyBuffer<Element>()
        readNew = { element, slot in read.setNew(element, at: slot) }
        readOld = { element in read.old.append(element) }
        batchKeys = { stored, _ in BatchKeys(comparing: read.new + read.old, with: stored, by: compare) }
    }

    /// Reads the key through `keyPath`. Inlinable so that it is specialized where the key's
    /// type is known.
    @inlinable
    init<Order: KeyOrder>(reading keyPath: KeyPath<Element, Order.Value>, order: Order) {
        let read = BatchKeyBuffer<Order.Value>()
        readNew = { element, slot in read.setNew(element[keyPath: keyPath], at: slot) }
        readOld = { element in read.old.append(element[keyPath: keyPath]) }
        batchKeys = { _, columnKeys in
            BatchKeys(
                keys: read.new + read.old, storedKeys: SortKeyColumn<Element>.typed(columnKeys, Order.Value.self),
                order: order)
        }
    }
}

/// The keys a ``BatchKeyReader`` has read so far.
@usableFromInline
final class BatchKeyBuffer<Value> {
    @usableFromInline var new: [Value] = []
    @usableFromInline var old: [Value] = []

    @inlinable
    init() {}

    @inlinable
    func setNew(_ key: Value, at slot: Int) {
        if slot == new.count {
            new.append(key)
        } else {
            new[slot] = key
        }
    }
}
