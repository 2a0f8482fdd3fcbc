import Foundation

// Evaluation that never traps on an inverted range in a predicate's boolean structure.
// Each mirrors Foundation's own evaluation: the same order, short circuits and errors.

extension PredicateExpressions.Conjunction: GuardedExpression {
    /// `lhs && rhs`, guarded.
    func guardedEvaluation() -> GuardedEvaluation? {
        let left = (lhs as? any GuardedExpression)?.guardedEvaluation()
        let right = (rhs as? any GuardedExpression)?.guardedEvaluation()
        guard left != nil || right != nil else { return nil }
        let first = left ?? lhs.evaluate
        let second = right ?? rhs.evaluate
        return { bindings in try first(bindings) && second(bindings) }
    }
}

extension PredicateExpressions.Disjunction: GuardedExpression {
    /// `lhs || rhs`, guarded.
    func guardedEvaluation() -> GuardedEvaluation? {
        let left = (lhs as? any GuardedExpression)?.guardedEvaluation()
        let right = (rhs as? any GuardedExpression)?.guardedEvaluation()
        guard left != nil || right != nil else { return nil }
        let first = left ?? lhs.evaluate
        let second = right ?? rhs.evaluate
        return { bindings in try first(bindings) || second(bindings) }
    }
}

extension PredicateExpressions.Negation: GuardedExpression {
    /// `!wrapped`, guarded.
    func guardedEvaluation() -> GuardedEvaluation? {
        guard let inner = (wrapped as? any GuardedExpression)?.guardedEvaluation() else { return nil }
        return { bindings in try !inner(bindings) }
    }
}

extension PredicateExpressions.RangeExpressionContains: GuardedExpression {
    /// `range.contains(element)` for a range built in the predicate: `false` when the range is
    /// inverted, where Foundation would trap.
    func guardedEvaluation() -> GuardedEvaluation? {
        guard let range = range as? any GuardedRange else { return nil }
        return { bindings in try range.guardedContains(element, bindings) ?? evaluate(bindings) }
    }
}

extension PredicateExpressions.ClosedRange: GuardedRange {
    /// `lower <= element && element <= upper`, `false` unless `lower <= upper`.
    func guardedContains(_ element: some PredicateExpression, _ bindings: PredicateBindings) throws -> Bool? {
        let lower = try lower.evaluate(bindings)
        let upper = try upper.evaluate(bindings)
        guard lower <= upper else { return false }
        guard let value = try element.evaluate(bindings) as? LHS.Output else { return nil }
        return lower <= value && value <= upper
    }
}

extension PredicateExpressions.Range: GuardedRange {
    /// `lower <= element && element < upper`, `false` unless `lower <= upper`.
    func guardedContains(_ element: some PredicateExpression, _ bindings: PredicateBindings) throws -> Bool? {
        let lower = try lower.evaluate(bindings)
        let upper = try upper.evaluate(bindings)
        guard lower <= upper else { return false }
        guard let value = try element.evaluate(bindings) as? LHS.Output else { return nil }
        return lower <= value && value < upper
    }
}
