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
        conversionsWord.pointee.object(as: ConvertedValues.self)
    }

    /// The table of converted values, made now if no getter made it before.
    @usableFromInline
    func makeConvertedValues() -> ConvertedValues {
        if let table = convertedValues { return table }
        return conversionsWord.pointee.setOnce(ConvertedValues.make(count: headerAddress.pointee.count))
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
