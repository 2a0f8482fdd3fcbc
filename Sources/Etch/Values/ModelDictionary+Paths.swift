extension ModelDictionary {
    /// The value at a path of keys through nested objects, such as `["stats", "unread"]`
    /// for the wire key `stats.unread`; `nil` when any step is missing or not an object.
    @inlinable
    public func value(atPath path: [String]) -> ModelValue? {
        guard let first = path.first else { return nil }
        if path.count == 1 { return self[first] }
        var current = self[first]
        for key in path.dropFirst() {
            guard case .object(let object)? = current else { return nil }
            current = object[key]
        }
        return current
    }

    /// Sets or, with `nil`, removes the value at a path of keys, creating intermediate
    /// objects as needed. A non-object found on the way is replaced by an object.
    /// Removing the last key of an intermediate object leaves that object empty.
    public mutating func setValue(_ value: ModelValue?, atPath path: [String]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            self[first] = value
            return
        }
        var nested: ModelDictionary
        if case .object(let object)? = self[first] {
            nested = object
        } else {
            guard value != nil else { return }
            nested = ModelDictionary()
        }
        nested.setValue(value, atPath: Array(path.dropFirst()))
        self[first] = .object(nested)
    }
}
