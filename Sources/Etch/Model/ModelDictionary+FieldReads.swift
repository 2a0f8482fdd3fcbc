/// The getters of generated models.
extension ModelDictionary {
    /// The value of a declared one-key field without a schema default, in a dictionary its
    /// model has checked: what ``subscript(_checked:)`` reads, for generated getters.
    ///
    /// The read is inlined whole and reads no lazily made global: the key is a literal, the
    /// hint is laid out in the binary and the context folds to a constant. A key away from
    /// its hint is found by an out-of-line call that only returns a position, so every read
    /// converts the value where it is stored, on one path. That is what lets Swift borrow a
    /// nested model rather than retain it: in `status.user.followersCount`, nothing is
    /// retained or released, as no path merges a copied value with a made one.
    ///
    /// An absent key reads as `nil` for an optional field; for any other it traps, as a
    /// checked dictionary has every required key.
    ///
    /// - Parameters:
    ///   - key: The field's wire key; the field must not have a dotted path.
    ///   - hint: Where the key was found last time.
    ///   - dateFormat: The field's date format; never `.custom`, whose getters read through
    ///     ``subscript(_checked:)``.
    @inlinable @inline(__always)
    public func _read<Value: ModelValueRepresentable>(
        _ key: String, hint: borrowing _FieldHint, dateFormat: DateFormat = .iso8601
    ) -> Value {
        let position = hintedPosition(forKey: key, guess: hint.guess()) ?? position(ofKey: key, missedHint: hint)
        guard position >= 0 else {
            guard let missing = Value.valueForMissingKey else { Self.missingRequiredKey(key) }
            return missing
        }
        let stored = storage.elements + position
        let context = ModelValueContext(_uncompiled: dateFormat)
        if Value._isConvertedOnce, !stored.pointee.isNull {
            return convertedOnce(at: position, context: context)
        }
        return Value(_checked: stored.pointee, context: context, proof: _CheckedProof())
    }

    /// The rest of ``_read(_:hint:dateFormat:)``: the position of a key away from its hint
    /// (moving the hint there), or -1 when the key is absent.
    ///
    /// It releases nothing it did not make, and says so: a call that might release would make
    /// Swift keep the model being read retained across it, around every read of a nested
    /// model's field.
    @usableFromInline @inline(never) @_effects(releasenone)
    func position(ofKey key: String, missedHint hint: borrowing _FieldHint) -> Int {
        guard let position = position(of: key) else { return -1 }
        hint.move(to: position)
        return position
    }

    /// Stops on a required key missing from a dictionary its model should have checked.
    @usableFromInline @inline(never)
    static func missingRequiredKey(_ key: String) -> Never {
        preconditionFailure("Etch: the required key \(key) is missing from a checked model")
    }

    /// The value of a declared one-key field with a schema default, in a dictionary its
    /// model has checked: what ``subscript(_checked:)`` reads, for generated getters.
    ///
    /// A read whose key sits at `hint`'s position, or next to it, is inlined whole, as in
    /// ``_read(_:hint:dateFormat:)``. A read that misses, or finds the key absent or `null`
    /// (which a non-optional field reads as its default), goes through `field`, the model's
    /// field table, which holds the default.
    ///
    /// - Parameters:
    ///   - key: The field's wire key; the field must not have a dotted path.
    ///   - hint: Where the key was found last time.
    ///   - dateFormat: The field's date format; never `.custom`, whose getters read through
    ///     ``subscript(_checked:)``.
    ///   - field: The field, read only when the hint misses.
    @inlinable @inline(__always)
    public func _read<Value: ModelValueRepresentable>(
        _ key: String, hint: borrowing _FieldHint, dateFormat: DateFormat = .iso8601,
        field: @autoclosure () -> ModelField<Value>
    ) -> Value {
        if let position = hintedPosition(forKey: key, guess: hint.guess()) {
            let stored = storage.elements + position
            let isNull = stored.pointee.isNull
            if !isNull || Value.valueForMissingKey != nil {
                let context = ModelValueContext(_uncompiled: dateFormat)
                if Value._isConvertedOnce, !isNull {
                    return convertedOnce(at: position, context: context)
                }
                return Value(_checked: stored.pointee, context: context, proof: _CheckedProof())
            }
        }
        return read(field(), missedHint: hint)
    }

    /// The rest of ``_read(_:hint:dateFormat:field:)``: moves the hint to where the key is
    /// now and reads through the field. Specialized, but kept out of the getter.
    ///
    /// It releases nothing it did not make (only values it copied), and says so: a call that
    /// might release would make Swift keep the model being read retained across it, around
    /// every read of a nested model's field.
    @inlinable @inline(never) @_effects(releasenone)
    func read<Value>(_ field: ModelField<Value>, missedHint hint: borrowing _FieldHint) -> Value {
        if let position = position(of: field.firstKey) { hint.move(to: position) }
        return self[_checked: field]
    }

    /// The value at `position` converted to `Value`, converted once per storage and type:
    /// later reads return the kept value. For getters of arrays and maps, whose conversion
    /// builds a new collection.
    @inlinable
    func convertedOnce<Value: ModelValueRepresentable>(at position: Int, context: ModelValueContext) -> Value {
        // The table and its box are lent, not retained: this storage keeps them, and drops
        // them only when changed in place, which it cannot be while it is being read.
        let kept = storage.conversionsWord.pointee.withObject(as: ConvertedValues.self) { table in
            table.slot(at: position).pointee.withObject(as: _ConvertedValueBox.self) { box in
                box.type == ObjectIdentifier(Value.self)
                    ? unsafeDowncast(box, to: _ConvertedValue<Value>.self).value : nil
            }
        }
        return kept ?? convertAndKeep(at: position, context: context)
    }

    /// The rest of ``convertedOnce(at:context:)``: converts and keeps the value. A value kept
    /// for another type (the storage read as another model) is converted without keeping.
    @inlinable @inline(never)
    func convertAndKeep<Value: ModelValueRepresentable>(at position: Int, context: ModelValueContext) -> Value {
        let value = Value(_checked: storage.elements[position], context: context, proof: _CheckedProof())
        let kept = storage.makeConvertedValues().keep(_ConvertedValue(value), at: position)
        guard kept.type == ObjectIdentifier(Value.self) else { return value }
        return unsafeDowncast(kept, to: _ConvertedValue<Value>.self).value
    }
}
