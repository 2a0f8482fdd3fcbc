import Foundation

/// How to evaluate a predicate expression without trapping on a range whose lower bound is
/// above its upper: such a range holds nothing.
typealias GuardedEvaluation = (PredicateBindings) throws -> Bool

/// A predicate expression of Foundation's that may contain a range built while evaluating
/// (`(lo...hi).contains(x)`), which Foundation's evaluation traps on when `lo > hi`.
///
/// AND, OR and NOT conform, so ranges anywhere in a predicate's boolean structure are
/// guarded; a range inside `flatMap`, `filter` or `contains(where:)` is not.
protocol GuardedExpression {
    /// The evaluation that treats an inverted range as empty, with the same order of
    /// evaluation and the same errors otherwise; `nil` when this expression holds no range,
    /// so Foundation's own evaluation is safe.
    func guardedEvaluation() -> GuardedEvaluation?
}

/// A range expression of Foundation's (`lo...hi`, `lo..<hi` in a predicate) that can test an
/// element without building a Swift range.
protocol GuardedRange {
    /// Whether `element` is in the range, evaluating the bounds first as Foundation does;
    /// `false` for an inverted range; `nil` if `element` is not of the bounds' type.
    func guardedContains(_ element: some PredicateExpression, _ bindings: PredicateBindings) throws -> Bool?
}
