import Foundation

extension PredicateExpressions {
    /// Builds `base.contains(pattern)` in a `#Predicate`: an ``EndsWith`` of `base` and the
    /// pattern's suffix. The macro calls this; code does not.
    public static func build_contains<Base: PredicateExpression, Pattern: PredicateExpression>(
        _ base: Base, _ pattern: Pattern
    ) -> EndsWith<Base, PredicateExpressions.KeyPath<Pattern, String>>
    where Base.Output: StringProtocol, Pattern.Output == SuffixPattern {
        EndsWith(base, PredicateExpressions.KeyPath(root: pattern, keyPath: \SuffixPattern.suffix))
    }
}
