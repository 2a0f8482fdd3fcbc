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
        self = try withUnsafeTemporaryAllocation(of: Int.self, capacity: table.fields.count + codingKeys.count) {
            let placement = KeyPlacement(codingKeys, in: table, scratch: $0)
            var object = ModelDictionaryBuilder(capacity: codingKeys.count)
            for field in table.fields.indices where placement.fields[field] >= 0 {
                let key = codingKeys[placement.fields[field]]
                var proven = true
                let value: ModelValue
                do {
                    value = try table.fields[field].decodeValue(in: container, forKey: key, checked: &proven)
                } catch {
                    value = try container.decode(ModelValue.self, forKey: key)
                    proven = false
                }
                object.append(value)
                if !proven { placement.fields[field] = KeyPlacement.unproven }
            }
            for position in placement.undeclared {
                var anyValue = true
                object.append(
                    try ModelValue._decodeModelValue(in: container, forKey: codingKeys[position], checked: &anyValue))
            }
            let dictionary = object.finish(
                keys: placement.keys(codingKeys, in: table), keysToCheck: placement.undeclared.count)
            // Once a sibling has failed its proof, the parent checks everything: no use checking here.
            if checked { checked = dictionary.passesChecks(of: table, placement: placement) }
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
            object.append(try Value._decodeModelValue(in: container, forKey: key, checked: &checked))
        }
        self = object.finish(keys: codingKeys.map(\.stringValue), keysToCheck: codingKeys.count)
    }

    /// Whether a freshly decoded model object passes the checks its fields' reads did not
    /// prove: unproven values, absent keys without a default, and dotted keys.
    private func passesChecks(of table: ModelCodingTable, placement: KeyPlacement) -> Bool {
        for field in table.requiredFields where placement.fields[field] == KeyPlacement.absent { return false }
        for (field, state) in placement.fields.enumerated() where state == KeyPlacement.unproven {
            do { try table.fields[field].validate(in: self) } catch { return false }
        }
        for field in table.fieldsCheckedAfterDecoding {
            do { try field.validate(in: self) } catch { return false }
        }
        return true
    }
}
