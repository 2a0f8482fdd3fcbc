extension ModelDictionary {
    /// Decodes a model's object from a `Decoder`: its declared fields by their types'
    /// shapes, in schema order, then every other key, as any JSON value.
    ///
    /// Declared keys are read by name, as a hand-written `Codable` type reads its own; only
    /// the undeclared ones are listed (see ``ModelCodingKey``). A field that may be absent
    /// is read if present (see ``ModelValueRepresentable/_decodePresentModelValue(in:forKey:checked:)``);
    /// a required one is read at once, and looked for only when the read fails.
    ///
    /// A field's read that fails (a value of the wrong shape) reads the value as it is, so
    /// the model's check reports it as for its own reader: a ``ModelError`` with the field's
    /// path and the model's name. Fields whose read did not prove them are checked here;
    /// `checked` is set to `false` unless every declared field passes, and then the caller
    /// (the model's `init(from:)`, or its parent's check) checks the whole object and throws.
    ///
    /// - Throws: What the decoder throws: not an object, or invalid data.
    init<Model: ImmutableModel>(
        decoding container: KeyedDecodingContainer<ModelCodingKey<Model>>, checked: inout Bool
    ) throws {
        try self.init(decodingModel: container, table: Model._schema.codingTable, checked: &checked)
    }

    /// Decodes a model's object as ``init(decoding:checked:)`` does, from a container that
    /// lists every key, the declared ones too (see ``CodableKeyListing``).
    init<Model: ImmutableModel>(
        decoding container: KeyedDecodingContainer<AnyCodingKey>, model _: Model.Type, checked: inout Bool
    ) throws {
        try self.init(decodingModel: container, table: Model._schema.codingTable, checked: &checked)
    }

    /// Decodes a model's object from a decoder, listing its keys as ``CodableKeyListing/current`` says.
    init<Model: ImmutableModel>(decoding decoder: any Decoder, model: Model.Type, checked: inout Bool) throws {
        switch CodableKeyListing.current {
        case .undeclared:
            try self.init(decoding: try decoder.container(keyedBy: ModelCodingKey<Model>.self), checked: &checked)
        case .every:
            try self.init(
                decoding: try decoder.container(keyedBy: AnyCodingKey.self), model: Model.self, checked: &checked)
        }
    }

    /// The work of ``init(decoding:checked:)``, generic over the container rather than the
    /// model: the container's type and conformance then come with the call, once per object.
    /// Reached through the model, they were looked up in the runtime's caches for every
    /// field read, which cost more than the reads' own code.
    private init<Container: KeyedDecodingContainerProtocol>(
        decodingModel container: Container, table: ModelCodingTable, checked: inout Bool
    ) throws where Container.Key: DeclaredCodingKey {
        var undeclared = container.allKeys
        if Container.Key.listsDeclaredKeys { undeclared.removeAll { table.position(ofKey: $0.stringValue) != nil } }
        self = try withUnsafeTemporaryAllocation(of: Int.self, capacity: table.fields.count) {
            let placement = KeyPlacement(fieldCount: table.fields.count, scratch: $0)
            // A listed key equal to a declared one as a `String` but not in bytes is no field's
            // key; read by name, the field would get its value.
            for key in undeclared {
                if let field = table.positionOfEquivalentKey(key.stringValue) {
                    placement.fields[field] = KeyPlacement.absent
                }
            }
            var object = ModelDictionaryBuilder(capacity: table.fields.count + undeclared.count)
            for field in table.fields.indices where placement.fields[field] != KeyPlacement.absent {
                let key = Container.Key(declared: table.keys[field])
                var proven = true
                let value: ModelValue
                do {
                    if !table.mayBeAbsent[field] {
                        value = try table.fields[field].decodeValue(in: container, forKey: key, checked: &proven)
                    } else if let present = try table.fields[field].decodePresentValue(
                        in: container, forKey: key, checked: &proven)
                    {
                        value = present
                        if present.isNull, !table.acceptsNull[field] { proven = false }
                    } else if container.contains(key) {
                        value = .null
                        if !table.acceptsNull[field] { proven = false }
                    } else {
                        placement.fields[field] = KeyPlacement.absent
                        continue
                    }
                } catch {
                    guard container.contains(key) else {
                        placement.fields[field] = KeyPlacement.absent
                        continue
                    }
                    value = try container.decode(ModelValue.self, forKey: key)
                    proven = false
                }
                object.append(value)
                if !proven { placement.fields[field] = KeyPlacement.unproven }
            }
            for key in undeclared {
                var anyValue = true
                object.append(try ModelValue._decodeModelValue(in: container, forKey: key, checked: &anyValue))
            }
            // A closure, not `\.stringValue`: a key path through a generic type is built anew
            // at each call.
            let keys = placement.keys(undeclared: undeclared.map { $0.stringValue }, in: table)
            let dictionary = object.finish(keys: keys, keysToCheck: undeclared.count)
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
