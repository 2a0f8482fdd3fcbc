import Foundation

/// An ending to look for, which makes `contains` mean "ends with" in `#Predicate` (whose
/// macro rejects `hasSuffix`):
///
/// ```swift
/// let endsWithEd = SuffixPattern("ed")
/// #Predicate<Album> { $0.title.contains(endsWithEd) }                        // title ends with "ed"
/// #Predicate<Artist> { $0.country.flatMap { $0.contains(endsWithEd) } == true }   // optional field
/// ```
///
/// Capture the pattern outside the closure: the macro takes no initializer calls. Inside a
/// predicate it becomes an ``EndsWith`` expression.
public struct SuffixPattern: Sendable, Hashable, Codable {
    /// The ending looked for.
    public var suffix: String

    /// A pattern for strings that end with `suffix`.
    public init(_ suffix: String) {
        self.suffix = suffix
    }
}
