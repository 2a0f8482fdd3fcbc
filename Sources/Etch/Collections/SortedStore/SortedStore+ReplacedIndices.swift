extension SortedStore {
    /// The indices in `elements`, below `count`, of the replaced objects: by the identities
    /// of their storage, in one pass over the array that reads no object (see
    /// ``StorageIdentityTable/forEachHeld(in:_:)``), or else by id, in one pass over the
    /// column of ids.
    ///
    /// - Parameters:
    ///   - identities: The storage identities of the replaced objects, or `nil` for a union.
    ///   - ids: Their ids, by which each index found is checked; one not found by storage
    ///     is found by id.
    ///   - count: Where the stored objects end.
    @inlinable
    func indices(ofReplaced identities: [UInt]?, ids: [Element.ID], below count: Int) -> [Int] {
        var indices = [Int](repeating: -1, count: ids.count)
        if let identities {
            let table = StorageIdentityTable(identities)
            indices.withUnsafeMutableBufferPointer { indices in
                elements.withUnsafeBufferPointer { elements in
                    columns.ids.withUnsafeBufferPointer { storedIDs in
                        // Checked here, where the indices come in ascending order, so that
                        // the column of ids is read in order rather than at random.
                        table.forEachHeld(in: UnsafeBufferPointer(rebasing: elements[0..<count])) { index, position in
                            if storedIDs[index] == ids[position] { indices[position] = index }
                        }
                    }
                }
            }
        }
        var missing: [Element.ID: Int] = [:]
        for (position, index) in indices.enumerated() where index < 0 {
            missing[ids[position]] = position
        }
        guard !missing.isEmpty else { return indices }
        for index in 0..<count {
            if let position = missing.removeValue(forKey: columns.ids[index]) { indices[position] = index }
            if missing.isEmpty { break }
        }
        // `byID` and `elements` always change together; going on would corrupt both.
        precondition(missing.isEmpty, "SortedStore lost track of an object")
        return indices
    }
}
