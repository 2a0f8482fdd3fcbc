import Synchronization

/// Where a field's key was found last time, so the next read of the same field checks that
/// position first. Models decoded from one API hold their keys in the same order, so the
/// hint nearly always hits and a read costs one key comparison instead of a scan.
///
/// The hint is only a guess: a read verifies the key at the hinted position, and a wrong or
/// stale hint just falls back to the scan. Relaxed atomics are enough, as no other memory
/// is published through it.
public final class KeyPositionHint: Sendable {
    @usableFromInline let position = Atomic<Int>(0)

    /// Makes a hint that first guesses position 0.
    public init() {}
}

extension ModelDictionary {
    /// The value stored under `key`, checking the hinted position first, then its two
    /// neighbours: objects of one API whose shapes differ by an optional key (present in
    /// some, absent in others) hold the keys after it one place apart.
    @inlinable
    func value(forKey key: String, hint: KeyPositionHint) -> ModelValue? {
        if let value = hintedValue(forKey: key, hint: hint) { return value }
        return value(forKey: key, missedHint: hint, guess: hint.position.load(ordering: .relaxed))
    }

    /// The value at the hinted position or one of its neighbours when the key there has the
    /// same representation as `key` (see ``WireKey/sameRepresentation(_:_:)``), else `nil`:
    /// a read that makes no call. A neighbour's hit leaves the hint alone, so objects whose
    /// shapes differ by one optional key before the field do not make it flip back and forth.
    @inlinable @inline(__always)
    func hintedValue(forKey key: String, hint: KeyPositionHint) -> ModelValue? {
        hintedPosition(forKey: key, hint: hint).map(value(at:))
    }

    /// The position ``hintedValue(forKey:hint:)`` reads.
    @inlinable @inline(__always)
    func hintedPosition(forKey key: String, hint: KeyPositionHint) -> Int? {
        hintedPosition(forKey: key, guess: hint.position.load(ordering: .relaxed))
    }

    /// The position of `key` when it is at `guess` or next to it, compared by representation.
    @inlinable @inline(__always)
    func hintedPosition(forKey key: String, guess: Int) -> Int? {
        let header = storage.headerAddress
        let count = header.pointee.count
        guard guess < count else { return nil }
        return header.pointee.keys.withUnsafeBufferPointer { keys in
            if WireKey.sameRepresentation(keys[guess], key) { return guess }
            if guess + 1 < count, WireKey.sameRepresentation(keys[guess + 1], key) { return guess + 1 }
            if guess > 0, WireKey.sameRepresentation(keys[guess - 1], key) { return guess - 1 }
            return nil
        }
    }

    /// The position of `key`, found without the hint, which moves there.
    @usableFromInline
    func position(of key: String, movingHint hint: KeyPositionHint) -> Int? {
        guard let position = position(of: key) else { return nil }
        hint.position.store(position, ordering: .relaxed)
        return position
    }

    /// The rest of ``value(forKey:hint:)``, out of line so a read that hits its hint is
    /// inlined whole into the getter.
    @usableFromInline
    func value(forKey key: String, missedHint hint: KeyPositionHint, guess: Int) -> ModelValue? {
        let keys = storedKeys
        let count = keys.count
        if guess < count, WireKey.sameBytes(keys[guess], key) { return value(at: guess) }
        let found: Int
        if guess + 1 < count, WireKey.sameBytes(keys[guess + 1], key) {
            found = guess + 1
        } else if guess > 0, guess - 1 < count, WireKey.sameBytes(keys[guess - 1], key) {
            found = guess - 1
        } else {
            guard let position = position(of: key) else { return nil }
            found = position
        }
        hint.position.store(found, ordering: .relaxed)
        return value(at: found)
    }
}
