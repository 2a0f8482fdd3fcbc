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
        let guess = hint.position.load(ordering: .relaxed)
        let count = storedKeys.count
        if guess < count, WireKey.sameBytes(storedKeys[guess], key) { return storedValues[guess] }
        let found: Int
        if guess + 1 < count, WireKey.sameBytes(storedKeys[guess + 1], key) {
            found = guess + 1
        } else if guess > 0, guess - 1 < count, WireKey.sameBytes(storedKeys[guess - 1], key) {
            found = guess - 1
        } else {
            guard let position = position(of: key) else { return nil }
            found = position
        }
        hint.position.store(found, ordering: .relaxed)
        return storedValues[found]
    }
}
