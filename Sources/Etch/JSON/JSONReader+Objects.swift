extension JSONReader {
    /// Makes the dictionary of the object that just closed, from the keys and values on the
    /// stacks from `keyStart` and `valueStart`, and pops them.
    ///
    /// An object whose key sequence the document has already shown takes that shape's key
    /// array (and index) instead of making its own, and skips the check for repeated keys,
    /// which the shape passed when it was first seen. Any other object is made as before,
    /// repeated keys and all, and its shape remembered when it holds no key twice.
    @inline(__always)
    mutating func makeObject(keyStart: Int, valueStart: Int) -> ModelDictionary {
        guard shapes.isEnabled else {
            guard let sharedShapes else {
                let objectValues = values.popArray(from: valueStart)
                keyIDs.removeAll(from: keyStart)
                return ModelDictionary(keys: keys.popArray(from: keyStart), values: objectValues)
            }
            return makeObject(keyStart: keyStart, valueStart: valueStart, sharing: sharedShapes)
        }
        let ids = keyIDs.elements(from: keyStart)
        guard let slot = shapes.slot(for: ids) else {
            let objectValues = values.popArray(from: valueStart)
            return ModelDictionary(keys: popKeys(from: keyStart), values: objectValues)
        }
        if let shape = shapes.shape(in: slot, matching: ids) {
            keyIDs.removeAll(from: keyStart)
            keys.removeAll(from: keyStart)
            return ModelDictionary(
                checkedKeys: shape.keys, movingValuesFrom: values.popForMoving(from: valueStart), index: shape.index)
        }
        let idArray = Array(ids)
        let objectValues = values.popArray(from: valueStart)
        let dictionary = ModelDictionary(keys: popKeys(from: keyStart), values: objectValues)
        // Fewer keys than were read means one repeated: such objects are rare, not worth a slot.
        if dictionary.count == idArray.count {
            shapes.store(.init(ids: idArray, keys: dictionary.storedKeys, index: dictionary.index), in: slot)
        }
        return dictionary
    }

    /// ``makeObject(keyStart:valueStart:)`` for a small document read with shapes shared
    /// across documents: an object whose keys an earlier document's object had takes that
    /// key array, and its values move straight into its storage.
    private mutating func makeObject(keyStart: Int, valueStart: Int, sharing sharedShapes: JSONSharedShapes)
        -> ModelDictionary
    {
        keyIDs.removeAll(from: keyStart)
        if let shape = sharedShapes.shape(matching: keys.elements(from: keyStart)) {
            keys.removeAll(from: keyStart)
            return ModelDictionary(
                checkedKeys: shape.keys, movingValuesFrom: values.popForMoving(from: valueStart), index: shape.index)
        }
        let keyCount = keys.count - keyStart
        let objectValues = values.popArray(from: valueStart)
        let dictionary = ModelDictionary(keys: keys.popArray(from: keyStart), values: objectValues)
        sharedShapes.learn(dictionary, keyCount: keyCount)
        return dictionary
    }

    /// Pops the keys and their identities from `keyStart`, with the key cache's strings in
    /// place of the empty ones that stand for its identities (see ``readKey(after:opensObject:)``).
    private mutating func popKeys(from keyStart: Int) -> [String] {
        var popped = keys.popArray(from: keyStart)
        for (position, id) in keyIDs.elements(from: keyStart).enumerated() where id > 0 {
            popped[position] = keyCache.string(withID: id)
        }
        keyIDs.removeAll(from: keyStart)
        return popped
    }
}
