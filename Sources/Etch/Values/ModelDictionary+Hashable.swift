extension ModelDictionary: Hashable {
    /// Dictionaries are equal when they hold the same keys (by their UTF-8 bytes) with equal
    /// values, in any order.
    ///
    /// - Complexity: O(*n*) in the number of values nested in the two; see
    ///   ``ModelValue/==(_:_:)``.
    public static func == (lhs: ModelDictionary, rhs: ModelDictionary) -> Bool {
        ModelValue.object(lhs) == ModelValue.object(rhs)
    }

    /// Hashes without regard to key order, so equal dictionaries hash alike.
    ///
    /// - Complexity: O(*n*) in the number of values nested in this one.
    public func hash(into hasher: inout Hasher) {
        ModelValue.object(self).hash(into: &hasher)
    }
}
