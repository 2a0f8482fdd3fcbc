extension ModelDictionary {
    /// What setting `field` to `value` changes, by the rules of the generated setters.
    ///
    /// - Optionals set to `nil` remove the key rather than write `null`, unless an absent key
    ///   would read as a non-`nil` default; an explicit `null` already reads as `nil` and stays.
    /// - A stored value that reads and writes as the new one stays as it arrived (a
    ///   lowercase UUID, a number for a `Decimal`), so a copy that changes nothing stays equal.
    /// - An absent key already reads as the default: setting the default adds nothing.
    @inlinable
    func change<Value>(setting value: Value, for field: ModelField<Value>) -> _FieldChange {
        let stored = value.modelValue(context: field.context)
        let isAbsent = Value.valueForMissingKey != nil && field.defaultValue == nil && stored.isNull
        let current = field.storedValue(in: self)
        if isAbsent {
            if let current, !current.isNull { return .remove }
            return .none
        }
        if let current {
            // Equal bits, or equal values, change nothing (the bits first: setting a field to
            // the value it holds is common). Otherwise one conversion tells: `stored` is
            // already as the field writes it.
            if ModelStorage.sameBits(of: current, stored) || current == stored { return .none }
            let written = Value(_checked: current, context: field.context, proof: _CheckedProof())
                .modelValue(context: field.context)
            return written == stored ? .none : .replace(stored)
        }
        return field.defaultValue?.modelValue(context: field.context) == stored ? .none : .add(stored)
    }

    /// A copy with `field` set to `value`, for ``CopyableModel/_copyWith(_:for:)``.
    ///
    /// The usual change, a stored value replaced, makes the copy straight from this
    /// dictionary's buffer, sharing every other value with it: this dictionary is neither
    /// retained for the change nor checked for being uniquely referenced, as
    /// `var copy = self` would be.
    @inlinable
    func copy<Value>(setting value: Value, for field: ModelField<Value>) -> ModelDictionary {
        let change = change(setting: value, for: field)
        if case .replace(let stored) = change, !field.hasDottedPath,
            let position = hintedPosition(forKey: field.firstKey, hint: field.hint)
        {
            return ModelDictionary(storage: storage.sharingCopy(replacingValueAt: position, with: stored))
        }
        var copy = self
        copy.apply(change, for: field)
        return copy
    }

    /// Makes a change to `field` that ``change(setting:for:)`` found.
    @inlinable
    mutating func apply<Value>(_ change: _FieldChange, for field: ModelField<Value>) {
        switch change {
        case .none: break
        case .remove: setValue(nil, atPath: field.path)
        case .replace(let stored): replaceValue(with: stored, for: field)
        case .add(let stored): setValue(stored, atPath: field.path)
        }
    }
}
