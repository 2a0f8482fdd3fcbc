import Synchronization

/// Where a generated getter found its field's key last time, kept in a `static let` of the
/// generated model.
///
/// For generated code. Unlike ``KeyPositionHint``, it is not a class: a `static let` of it
/// is laid out in the binary's data, with no lazy initialization, so a getter that reads it
/// makes no call. The hint is only a guess, checked on every read; relaxed atomics are
/// enough, as no other memory is published through it.
public struct _FieldHint: ~Copyable, Sendable {
    @usableFromInline let position: Atomic<Int>

    /// Makes a hint that first guesses position 0.
    @inlinable
    public init() { position = Atomic(0) }

    /// The position to check first.
    ///
    /// Out of line and declared read-only on purpose: Swift's ARC optimizer treats an
    /// inlined atomic load as something that might release objects, so a getter that made
    /// one would retain and release its model around every read (most of a read's cost).
    /// A read-only call promises it does not, and may be hoisted out of a caller's loop,
    /// which is fine for a guess that every read checks.
    @usableFromInline @inline(never) @_effects(readonly)
    func guess() -> Int { position.load(ordering: .relaxed) }

    /// Makes `newPosition` the next guess.
    @inlinable
    func move(to newPosition: Int) { position.store(newPosition, ordering: .relaxed) }
}
