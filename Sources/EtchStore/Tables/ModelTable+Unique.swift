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
        for state in indexes where state.index.kind == .unique {
            // Two puts of one transaction can claim a value only when there are two.
            var claimed: [IndexKey: IndexKey]? = order.count > 1 ? [:] : nil
            for id in order {
                guard let object = changes[id] ?? nil else { continue }
                let key = state.index.value.key(object)
                guard key != .null else { continue }
                if let other = claimed?.updateValue(id, forKey: key) {
                    throw violation(of: state, key: key, holder: other, newID: id)
                }
                guard let holder = state.holder(of: key), holder != id else { continue }
                // The holder keeps the value unless this transaction changes or deletes it.
                if let change = changes[holder] {
                    guard let changed = change, state.index.value.key(changed) == key else { continue }
                }
                throw violation(of: state, key: key, holder: holder, newID: id)
            }
        }
    }

    private func violation(of state: IndexState<Model>, key: IndexKey, holder: IndexKey, newID: IndexKey) -> StoreError
    {
        .uniqueViolation(
            model: Model.modelName, field: state.index.value.name, value: key.description,
            existingID: holder.description, newID: newID.description)
    }
}
