import Synchronization

/// A word that holds 0 or one retained object, set at most once by whichever thread gets
/// there first: the slots of ``ConvertedValues`` and the table word of ``ModelStorage``.
extension Atomic where Value == UInt {
    /// The object the word holds, if one was set; not retained beyond the word's own retain.
    @inlinable
    func object<Object: AnyObject>(as type: Object.Type) -> Object? {
        let word = load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// What `body` makes of the object the word holds, if one was set, lent without a retain
    /// of its own: for a word whose owner the caller holds, so the object outlives the call.
    @inlinable
    func withObject<Object: AnyObject, Result>(as type: Object.Type, _ body: (Object) -> Result?) -> Result? {
        let word = load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// Sets the word to a retain of `object` unless another thread set it first; returns the
    /// object the word holds either way.
    @usableFromInline
    func setOnce<Object: AnyObject>(_ object: Object) -> Object {
        let retained = Unmanaged.passRetained(object)
        let (exchanged, original) = compareExchange(
            expected: 0, desired: UInt(bitPattern: retained.toOpaque()), successOrdering: .acquiringAndReleasing,
            failureOrdering: .acquiring)
        if exchanged { return object }
        retained.release()
        return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: original)!).takeUnretainedValue()
    }
}
