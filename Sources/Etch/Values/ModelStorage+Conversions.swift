import Synchronization

extension ModelStorage {
    /// The header's ``ModelStorageHeader/conversions`` word, read and set atomically: getters
    /// on several threads may make the table at once.
    @inlinable
    var conversionsWord: UnsafeMutablePointer<Atomic<UInt>> {
        let offset = MemoryLayout<ModelStorageHeader>.offset(of: \.conversions)!
        return (UnsafeMutableRawPointer(headerAddress) + offset).assumingMemoryBound(to: Atomic<UInt>.self)
    }

    /// The converted values kept so far, if any.
    @inlinable
    var convertedValues: ConvertedValues? {
        let word = conversionsWord.pointee.load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
        return Unmanaged<ConvertedValues>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The table of converted values, made now if no getter made it before.
    @usableFromInline
    func makeConvertedValues() -> ConvertedValues {
        if let table = convertedValues { return table }
        let table = Unmanaged.passRetained(ConvertedValues.make(count: headerAddress.pointee.count))
        let (exchanged, original) = conversionsWord.pointee.compareExchange(
            expected: 0, desired: UInt(bitPattern: table.toOpaque()), successOrdering: .acquiringAndReleasing,
            failureOrdering: .acquiring)
        if exchanged { return table.takeUnretainedValue() }
        table.release()
        return Unmanaged<ConvertedValues>.fromOpaque(UnsafeRawPointer(bitPattern: original)!).takeUnretainedValue()
    }

    /// Forgets the converted values: when the storage is freed, or before it is changed in
    /// place (while uniquely referenced, so no getter on another thread reads it).
    @inlinable
    func dropConvertedValues() {
        let word = headerAddress.pointee.conversions
        guard let pointer = UnsafeRawPointer(bitPattern: word) else { return }
        headerAddress.pointee.conversions = 0
        Unmanaged<ConvertedValues>.fromOpaque(pointer).release()
    }
}

extension ModelDictionary {
    /// The value at `position` converted to `Value`, converted once per storage and type:
    /// later reads return the kept value. For getters of arrays and maps, whose conversion
    /// builds a new collection.
    @inlinable
    func convertedOnce<Value: ModelValueRepresentable>(at position: Int, context: ModelValueContext) -> Value {
        if let box = storage.convertedValues?.box(at: position), box.type == ObjectIdentifier(Value.self) {
            return unsafeDowncast(box, to: _ConvertedValue<Value>.self).value
        }
        return convertAndKeep(at: position, context: context)
    }

    /// The rest of ``convertedOnce(at:context:)``: converts and keeps the value. A value kept
    /// for another type (the storage read as another model) is converted without keeping.
    @inlinable @inline(never)
    func convertAndKeep<Value: ModelValueRepresentable>(at position: Int, context: ModelValueContext) -> Value {
        let value = Value(_checked: storage.elements[position], context: context, proof: _CheckedProof())
        let kept = storage.makeConvertedValues().keep(_ConvertedValue(value), at: position)
        guard kept.type == ObjectIdentifier(Value.self) else { return value }
        return unsafeDowncast(kept, to: _ConvertedValue<Value>.self).value
    }
}
