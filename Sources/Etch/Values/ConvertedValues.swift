import Synchronization

/// The values a model's getters converted from its storage (arrays and maps), kept with the
/// storage so that reading `issue.labels` again returns the same array instead of building
/// a new one: a getter for an array of models allocates once per model, not once per read.
///
/// One slot per stored value, each set at most once, from any thread, by a compare-and-swap;
/// a slot that is set stays set until the storage is freed or changed in place (which
/// ``ModelStorage`` does only while it is uniquely referenced, dropping the table first). A
/// slot holds a retained ``_ConvertedValueBox``.
@usableFromInline
final class ConvertedValues: ManagedBuffer<Int, UInt> {
    /// Makes a table of `count` empty slots.
    @usableFromInline
    static func make(count: Int) -> ConvertedValues {
        let buffer = ConvertedValues.create(minimumCapacity: count) { _ in count }
        let table = unsafeDowncast(buffer, to: ConvertedValues.self)
        table.withUnsafeMutablePointerToElements { $0.initialize(repeating: 0, count: count) }
        return table
    }

    /// The slot at `position`, below the table's count, read and set atomically.
    @inlinable
    func slot(at position: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
        withUnsafeMutablePointerToElements { elements in
            UnsafeMutableRawPointer(elements + position).assumingMemoryBound(to: Atomic<UInt>.self)
        }
    }

    /// Keeps `box` at `position` unless another thread kept one first; returns the one kept.
    @usableFromInline
    func keep(_ box: _ConvertedValueBox, at position: Int) -> _ConvertedValueBox {
        slot(at: position).pointee.setOnce(box)
    }

    deinit {
        withUnsafeMutablePointers { count, slots in
            for position in 0..<count.pointee {
                guard let pointer = UnsafeRawPointer(bitPattern: slots[position]) else { continue }
                Unmanaged<_ConvertedValueBox>.fromOpaque(pointer).release()
            }
        }
    }
}

/// A converted value kept in ``ConvertedValues``, with the type it was converted to: the same
/// storage can be read as two model types whose fields differ.
@usableFromInline
class _ConvertedValueBox: @unchecked Sendable {
    @usableFromInline let type: ObjectIdentifier

    @usableFromInline
    init(type: ObjectIdentifier) { self.type = type }
}

/// A ``_ConvertedValueBox`` holding a value of one type. Immutable, so sharing it between
/// threads is safe.
@usableFromInline
final class _ConvertedValue<Value>: _ConvertedValueBox, @unchecked Sendable {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
        super.init(type: ObjectIdentifier(Value.self))
    }
}
