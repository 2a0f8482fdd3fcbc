extension ModelDictionary: Hashable {
    /// Dictionaries are equal when they hold the same keys with equal values, in any order.
    public static func == (lhs: ModelDictionary, rhs: ModelDictionary) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.keys == rhs.keys { return lhs.values == rhs.values }
        for (key, value) in zip(lhs.keys, lhs.values) {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    /// Hashes without regard to key order, so equal dictionaries hash alike.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in zip(keys, values) {
            var entry = Hasher()
            entry.combine(key)
            entry.combine(value)
            combined ^= entry.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
