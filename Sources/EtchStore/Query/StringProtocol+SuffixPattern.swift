extension StringProtocol {
    /// Whether the string ends with `pattern`'s suffix, comparing characters; `true` for an
    /// empty suffix.
    ///
    /// This is what `$0.title.contains(pattern)` means in a `#Predicate`, and the macro needs
    /// it to check the closure.
    ///
    /// - Complexity: O(*m*) for a suffix of length *m*.
    public func contains(_ pattern: SuffixPattern) -> Bool {
        reversed().starts(with: pattern.suffix.reversed())
    }
}
