extension SortedStore {
    /// Forgets the references in `references`, copies of the objects at `indices` that the
    /// merge takes out of `byID`: the merge then releases each of those objects twice, once
    /// for its place in `elements` and once for the reference forgotten here, so that its
    /// storage is loaded once for both (see ``merge(_:removals:keepingLocalValues:)``).
    ///
    /// A copy of a value is the same bits, so each reference should be; one that is not (a
    /// value whose copies differ in their padding, or a store that lost track of an object)
    /// is released now, and a copy of the object in `elements` forgotten in its place.
    ///
    /// - Parameters:
    ///   - references: Initialized memory, left uninitialized (its references forgotten).
    ///   - indices: For each reference, the index in `elements` of the object it copies.
    ///
    /// An element type whose values cannot be moved as plain bits (one holding a `weak`
    /// reference, on Apple's platforms) forgets nothing: its references are released now,
    /// and the merge releases each removed element once.
    @inlinable
    func forget(_ references: UnsafeMutablePointer<Element>, standingFor indices: [Int]) {
        guard Self.releasesRemovedInOneVisit else {
            references.deinitialize(count: indices.count)
            return
        }
        elements.withUnsafeBufferPointer { elements in
            for (position, index) in indices.enumerated() {
                precondition(elements.indices.contains(index), "SortedStore lost track of an object")
                guard !Self.hasSameBits(references + position, elements.baseAddress! + index) else { continue }
                (references + position).deinitialize(count: 1)
                (references + position).initialize(to: elements[index])
            }
        }
    }

    /// Whether the merge forgets `byID`'s references to the objects that go and releases
    /// their copies in `elements` twice: only for elements whose values move as plain bits,
    /// as a model's do.
    @inlinable static var releasesRemovedInOneVisit: Bool { _isBitwiseTakable(Element.self) }

    /// Whether two values are the same bits.
    @inlinable @inline(__always)
    static func hasSameBits(_ lhs: UnsafePointer<Element>, _ rhs: UnsafePointer<Element>) -> Bool {
        let lhs = UnsafeRawPointer(lhs)
        let rhs = UnsafeRawPointer(rhs)
        var offset = 0
        while offset + MemoryLayout<UInt>.size <= MemoryLayout<Element>.size {
            if lhs.loadUnaligned(fromByteOffset: offset, as: UInt.self)
                != rhs.loadUnaligned(fromByteOffset: offset, as: UInt.self)
            {
                return false
            }
            offset += MemoryLayout<UInt>.size
        }
        while offset < MemoryLayout<Element>.size {
            if lhs.load(fromByteOffset: offset, as: UInt8.self) != rhs.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }
}
