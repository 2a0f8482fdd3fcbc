@_spi(EtchCollections) import Etch

extension ModelTable {
    /// Checks that applying `changes` keeps every `@unique` index to one object per value.
    ///
    /// An object may take a value that another object gives up in the same transaction.
    ///
    /// - Parameters:
    ///   - changes: The new object of each changed id, or `nil` for a deletion.
    ///   - order: The changed ids in the order they were first changed, so the error names
    ///     the object that came second.
    /// - Throws: ``StoreError/uniqueViolation(model:field:value:existingID:newID:)``.
    func checkUnique(_ changes: [IndexKey: Model?], order: [IndexKey]) throws(StoreError) {
        let states = indexes
        for position in states.indices where states[position].index.kind == .unique {
            let index = states[position].index
            // Two puts of one transaction can claim a value only when there are two.
            var claimed: [IndexKey: IndexKey]? = order.count > 1 ? [:] : nil
            for id in order {
                guard let object = changes[id] ?? nil else { continue }
                let key = index.value.key(object)
                guard key != .null else { continue }
                if let other = claimed?.updateValue(id, forKey: key) {
                    throw violation(of: index, key: key, holder: other, newID: id)
                }
                // An object that keeps its value holds it already: no search of the index.
                // An update read the old object in its transaction, so finding it again
                // usually costs no cache miss, where the index's search would.
                if claimed == nil, let old = contents.object(id), index.value.key(old) == key { continue }
                let holder = states.withUnsafeBufferPointer { $0[position].holder(of: key) }
                guard let holder, holder != id else { continue }
                // The holder keeps the value unless this transaction changes or deletes it.
                if let change = changes[holder] {
                    guard let changed = change, index.value.key(changed) == key else { continue }
                }
                throw violation(of: index, key: key, holder: holder, newID: id)
            }
        }
    }

    private func violation(of index: ModelIndex<Model>, key: IndexKey, holder: IndexKey, newID: IndexKey) -> StoreError
    {
        .uniqueViolation(
            model: Model.modelName, field: index.value.name, value: key.description,
            existingID: holder.description, newID: newID.description)
    }
}
