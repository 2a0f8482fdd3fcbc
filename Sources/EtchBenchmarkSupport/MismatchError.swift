/// Thrown when the two sides of a comparison do not compute the same thing, which would
/// make its timing meaningless.
package struct MismatchError: Error, CustomStringConvertible {
    package var description: String

    /// Makes an error that says what differs.
    package init(description: String) {
        self.description = description
    }
}

/// Throws a ``MismatchError`` unless the Etch side and the baseline agree.
package func expectSame<T: Equatable>(_ etch: T, _ baseline: T, _ what: String) throws {
    guard etch == baseline else {
        throw MismatchError(description: "\(what): Etch gives \(etch), the baseline \(baseline)")
    }
}
