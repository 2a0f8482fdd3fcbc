/// Why a date pattern cannot be used: what it writes could not be read back as the same date.
package struct DatePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it, completing "date pattern "…" ", such as
    /// `has no year: add 'yyyy'`.
    package let problem: String

    /// Makes an error.
    package init(_ problem: String) {
        self.problem = problem
    }

    /// The problem.
    package var description: String { problem }
}
