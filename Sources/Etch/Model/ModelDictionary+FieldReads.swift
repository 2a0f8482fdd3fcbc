/// The getters of generated models.
extension ModelDictionary {
    /// The value of a declared one-key field in a dictionary its model has checked: what
    /// ``subscript(_checked:)`` reads, for generated getters.
    ///
    /// A read whose key sits at `hint`'s position, or next to it, is inlined whole and reads
    /// no lazily made global: the key is a literal, the hint is laid out in the binary and
    /// the context folds to a constant. Only a read that misses (or finds `null` in a field
    /// that does not read it as `nil`) goes through `field`, the model's field table.
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
        if let box = storage.convertedValues?.box(at: position), box.type == ObjectIdentifier(Value.self) {
            return unsafeDowncast(box, to: _ConvertedValue<Value>.self).value
        }
        return convertAndKeep(at: position, context: context)
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
