extension ModelDictionary {
    /// Decodes a model's object from a `Decoder`: its declared fields by their types'
    /// shapes, in schema order, then every other key, as any JSON value.
    ///
    /// A field's read that fails (a value of the wrong shape) reads the value as it is, so
    /// the model's check reports it as for its own reader: a ``ModelError`` with the field's
    /// path and the model's name. Fields whose read did not prove them are checked here;
    /// `checked` is set to `false` unless every declared field passes, and then the caller
    /// (the model's `init(from:)`, or its parent's check) checks the whole object and throws.
    ///
    /// - Throws: What the decoder throws: not an object, or invalid data.
    init(decoding container: KeyedDecodingContainer<AnyCodingKey>, schema: _ModelSchema, checked: inout Bool) throws {
        let table = schema.codingTable
        let codingKeys = container.allKeys
        let fieldCount = table.fields.count
        self = try withUnsafeTemporaryAllocation(of: Int.self, capacity: fieldCount + codingKeys.count) { scratch in
            // Where each field's key is among the coding keys (or `absent`, or, once read,
            // `unproven`), then the positions of the undeclared keys.
            for entry in 0..<fieldCount { scratch[entry] = FieldState.absent }
            var undeclaredCount = 0
            for (position, key) in codingKeys.enumerated() {
                if let entry = table.position(ofKey: key.stringValue) {
                    scratch[entry] = position
                } else {
                    scratch[fieldCount + undeclaredCount] = position
                    undeclaredCount += 1
                }
            }

            var object = ModelDictionaryBuilder(capacity: codingKeys.count)
            for entry in 0..<fieldCount where scratch[entry] >= 0 {
                let key = codingKeys[scratch[entry]]
                var proven = true
                let value: ModelValue
                do {
                    value = try table.fields[entry].decodeValue(in: container, forKey: key, checked: &proven)
                } catch {
                    value = try container.decode(ModelValue.self, forKey: key)
                    proven = false
                }
                object.append(value, forKey: table.keys[entry])
                if !proven { scratch[entry] = FieldState.unproven }
            }
            for undeclared in 0..<undeclaredCount {
                let key = codingKeys[scratch[fieldCount + undeclared]]
                var anyValue = true
                let value = try ModelValue._decodeModelValue(in: container, forKey: key, checked: &anyValue)
                object.append(value, forKey: key.stringValue)
            }
            let dictionary = object.finish(keysToCheck: undeclaredCount)
            // Once a sibling has failed its proof, the parent checks everything: no use checking here.
            if checked {
                checked = dictionary.passesChecks(
                    of: table, states: UnsafeBufferPointer(rebasing: scratch[..<fieldCount]))
            }
            return dictionary
        }
    }

    /// Decodes an object of no model (a `[String: Value]` field, or an object in any JSON
    /// value): every key, each value by `Value`'s shape, in the order the decoder lists them.
    ///
    /// - Parameter checked: Set to `false` when a value's read does not prove it reads as `Value`.
    /// - Throws: What the decoder throws: not an object, or a value of the wrong shape.
    init<Value: ModelValueRepresentable>(
        decoding container: KeyedDecodingContainer<AnyCodingKey>, valuesAs _: Value.Type, checked: inout Bool
    ) throws {
        let codingKeys = container.allKeys
        var object = ModelDictionaryBuilder(capacity: codingKeys.count)
        for key in codingKeys {
            object.append(
                try Value._decodeModelValue(in: container, forKey: key, checked: &checked), forKey: key.stringValue)
        }
        self = object.finish(keysToCheck: codingKeys.count)
    }

    /// Whether a freshly decoded model object passes the checks its fields' reads did not
    /// prove: unproven values, absent keys without a default, and dotted keys.
    private func passesChecks(of table: ModelCodingTable, states: UnsafeBufferPointer<Int>) -> Bool {
        for field in table.requiredFields where states[field] == FieldState.absent { return false }
        for (field, state) in states.enumerated() where state == FieldState.unproven {
            do { try table.fields[field].validate(in: self) } catch { return false }
        }
        for field in table.fieldsCheckedAfterDecoding {
            do { try field.validate(in: self) } catch { return false }
        }
        return true
    }
}

/// What the decoding of a model object notes for a field, besides the position of its key.
private enum FieldState {
    /// The key is not in the object.
    static let absent = -1
    /// The value was read, but the read does not prove it fits the field.
    static let unproven = -2
}
