/// Copies that share their values with the buffer they copy.
///
/// A model copied to change one field (`copyWith`) used to retain every value of the copy,
/// and release them all again when the copy went: most of its cost. A sharing copy copies the
/// values' bits instead and keeps one retain of the buffer it copied, its parent, which then
/// stays alive, unchanged (it is never uniquely referenced while the copy holds it), and so
/// keeps every shared value alive. A value of the copy is the parent's exactly when its bits
/// are the parent's at the same position; only the others are the copy's to release.
///
/// A copy of a copy is a full copy, so a parent never has a parent: chains of `copyWith`
/// keep at most one extra buffer alive per model. A copy that changes its keys (removing one
/// moves the values after it) first takes its own retain of every value it shared.
extension ModelStorage {
    /// A copy with room for at least `capacity` values that shares this buffer's values, or
    /// a full copy (``copy(capacity:)``) when this buffer already shares another's.
    @inlinable
    func sharingCopy(capacity: Int) -> ModelStorage {
        // The header's fields one by one: copying the whole header would retain its arrays.
        let header = headerAddress
        let count = header.pointee.count
        guard header.pointee.parent == 0, count > 0 else { return copy(capacity: capacity) }
        let copy = ModelStorage.make(
            keys: header.pointee.keys, index: header.pointee.index, capacity: Swift.max(capacity, count))
        UnsafeMutableRawPointer(copy.elements).copyMemory(
            from: elements, byteCount: count * MemoryLayout<ModelValue>.stride)
        copy.headerAddress.pointee.count = count
        copy.headerAddress.pointee.parent = UInt(bitPattern: Unmanaged.passRetained(self).toOpaque())
        return copy
    }

    /// A copy sharing this buffer's values (see ``sharingCopy(capacity:)``) but the one at
    /// `position`, which is `value`: a `copyWith` of one field, in one call.
    @usableFromInline
    func sharingCopy(replacingValueAt position: Int, with value: __owned ModelValue) -> ModelStorage {
        let copy = sharingCopy(capacity: headerAddress.pointee.count)
        copy.replaceValue(at: position, with: value)
        return copy
    }

    /// The parent's values, if this buffer shares values; valid while it holds the parent.
    /// Read without retaining the parent, as buffers being freed read it for every value.
    @inlinable
    var parentValues: UnsafeBufferPointer<ModelValue>? {
        guard let pointer = UnsafeRawPointer(bitPattern: headerAddress.pointee.parent) else { return nil }
        return Unmanaged<ModelStorage>.fromOpaque(pointer)._withUnsafeGuaranteedRef { parent in
            UnsafeBufferPointer(start: parent.elements, count: parent.headerAddress.pointee.count)
        }
    }

    /// Whether the value at `position` is the parent's: the same bits at the same position.
    @inlinable
    func sharesValue(at position: Int) -> Bool {
        guard let parent = parentValues else { return false }
        return Self.value(at: position, of: elements, isSharedWith: parent)
    }

    /// Whether `values[position]` is `parent[position]`, bit for bit.
    @inlinable
    static func value(
        at position: Int, of values: UnsafePointer<ModelValue>, isSharedWith parent: UnsafeBufferPointer<ModelValue>
    ) -> Bool {
        position < parent.count && sameBits(values + position, parent.baseAddress! + position)
    }

    /// Whether two values have the same bits, padding aside: then they are equal, without
    /// comparing what they refer to.
    @inlinable
    static func sameBits(of first: borrowing ModelValue, _ second: borrowing ModelValue) -> Bool {
        withUnsafePointer(to: first) { first in withUnsafePointer(to: second) { sameBits(first, $0) } }
    }

    /// Whether two values have the same bits, padding aside.
    @inlinable
    static func sameBits(_ first: UnsafePointer<ModelValue>, _ second: UnsafePointer<ModelValue>) -> Bool {
        let size = MemoryLayout<ModelValue>.size
        let a = UnsafeRawPointer(first)
        let b = UnsafeRawPointer(second)
        var offset = 0
        while offset + 8 <= size {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < size {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }

    /// Replaces the value at `position` of a uniquely referenced buffer: a shared value is
    /// overwritten without releasing it, and a new value that is the parent's own stays shared.
    @inlinable
    func replaceValue(at position: Int, with value: ModelValue) {
        let elements = elements
        let slot = elements + position
        let parent = parentValues
        if let parent, Self.value(at: position, of: elements, isSharedWith: parent) {
            slot.initialize(to: value)
        } else {
            slot.pointee = value
        }
        guard let parent else { return }
        let shared = Self.value(at: position, of: elements, isSharedWith: parent)
        if shared {
            // The parent's own value, retained once more: give that retain back.
            let extra = slot.move()
            UnsafeMutableRawPointer(slot).copyMemory(
                from: parent.baseAddress! + position, byteCount: MemoryLayout<ModelValue>.stride)
            _ = extra
        }
        // The mask covers the positions the parent has, below 64; the others are compared.
        if position < Swift.min(64, parent.count) {
            let bit: UInt64 = 1 << UInt64(position)
            if shared {
                headerAddress.pointee.ownValues &= ~bit
            } else {
                headerAddress.pointee.ownValues |= bit
            }
        }
    }

    /// Takes this buffer's own retain of every value it shares and lets the parent go, before
    /// a change that moves values (a shared value is only known by its position).
    @inlinable
    func detachFromParent() {
        guard let parent = parentValues else { return }
        let elements = elements
        for position in 0..<headerAddress.pointee.count
        where Self.value(at: position, of: elements, isSharedWith: parent) {
            // Read a copy (a retain) and write it over the same bits, keeping the retain.
            (elements + position).initialize(to: elements[position])
        }
        dropParent()
    }

    /// Releases the parent, if any.
    @inlinable
    func dropParent() {
        guard let pointer = UnsafeRawPointer(bitPattern: headerAddress.pointee.parent) else { return }
        headerAddress.pointee.parent = 0
        headerAddress.pointee.ownValues = 0
        Unmanaged<ModelStorage>.fromOpaque(pointer).release()
    }
}
