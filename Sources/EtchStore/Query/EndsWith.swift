import Foundation

/// A predicate expression for "ends with", which `#Predicate` lacks: it holds when `base`
/// ends with `suffix`, comparing elements (characters, for strings) as
/// `starts(with:)` does, so every string ends with `""`.
///
/// In `#Predicate`, write "ends with" as `contains` of a captured ``SuffixPattern``:
///
/// ```swift
/// let endsWithEd = SuffixPattern("ed")
/// let query = StoreQuery<Album>(predicate: #Predicate { $0.title.contains(endsWithEd) })
/// ```
///
/// Or build the expression in `Predicate`'s builder:
///
/// ```swift
/// let predicate = Predicate<Album> {
///     EndsWith(PredicateExpressions.build_KeyPath(root: $0, keyPath: \.title), PredicateExpressions.Value("ed"))
/// }
/// try predicate.evaluate(album)   // true for "Closed"
/// ```
///
/// A predicate holding an `EndsWith` evaluates and plans as any other (by a scan), but
/// Foundation's `Predicate.description` traps on an expression type it does not know, so
/// do not print such a predicate.
public struct EndsWith<Base: PredicateExpression, Suffix: PredicateExpression>: PredicateExpression
where
    Base.Output: BidirectionalCollection, Suffix.Output: BidirectionalCollection,
    Base.Output.Element: Equatable, Base.Output.Element == Suffix.Output.Element
{
    /// `Bool`: whether `base` ends with `suffix`.
    public typealias Output = Bool

    /// The sequence tested, such as a string field.
    public let base: Base
    /// The ending looked for.
    public let suffix: Suffix

    /// An expression that holds when `base` ends with `suffix`.
    public init(_ base: Base, _ suffix: Suffix) {
        self.base = base
        self.suffix = suffix
    }

    /// Whether `base` ends with `suffix`, evaluating `base` first.
    ///
    /// - Throws: What evaluating `base` or `suffix` throws.
    /// - Complexity: O(*m*) for a suffix of length *m*.
    public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
        let base = try base.evaluate(bindings)
        let suffix = try suffix.evaluate(bindings)
        return base.reversed().starts(with: suffix.reversed())
    }
}

extension EndsWith: Codable where Base: Codable, Suffix: Codable {}

extension EndsWith: Sendable where Base: Sendable, Suffix: Sendable {}

extension EndsWith: StandardPredicateExpression
where Base: StandardPredicateExpression, Suffix: StandardPredicateExpression {}
