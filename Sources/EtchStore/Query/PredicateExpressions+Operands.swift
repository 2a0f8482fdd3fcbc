import Foundation

// The operands of the conditions the planner reads: key paths from the model, and values
// that depend on no object.

extension PredicateExpressions.Variable: ConstantExpression {
    /// The value the planner fixed for this variable, if any.
    package func constant(in context: PlanningContext) -> Any? {
        context.constants[key]
    }
}

extension PredicateExpressions.KeyPath: FieldExpression {
    /// The field read: a key path from the model's variable, one appended to such a key path,
    /// or the `Ref` field whose `.id` it reads.
    package func field(in context: PlanningContext) -> QueryField? {
        let path: AnyKeyPath = keyPath
        if let variable = root as? any VariableExpression {
            return variable.key == context.model ? QueryField(keyPath: path, readsReferenceID: false) : nil
        }
        guard let base = context.field(of: root), !base.readsReferenceID else { return nil }
        if let reference = Root.Output.self as? any ReferenceIdentified.Type, path == reference.idKeyPath {
            return QueryField(keyPath: base.keyPath, readsReferenceID: true)
        }
        return base.keyPath.appending(path: path).map { QueryField(keyPath: $0, readsReferenceID: false) }
    }
}

extension PredicateExpressions.KeyPath: ConstantExpression {
    /// The key path applied to a constant root, such as an element of a constant sequence.
    package func constant(in context: PlanningContext) -> Any? {
        guard let base = context.constant(of: root) as? Root.Output else { return nil }
        return base[keyPath: keyPath]
    }
}

extension PredicateExpressions.Value: ConstantExpression {
    /// The value.
    package func constant(in context: PlanningContext) -> Any? {
        value
    }
}

extension PredicateExpressions.NilLiteral: ConstantExpression {
    /// `nil` of the optional type the literal stands for.
    package func constant(in context: PlanningContext) -> Any? {
        Wrapped?.none as Any
    }
}

extension PredicateExpressions.UnaryMinus: ConstantExpression {
    /// The negated constant; `nil` for the smallest value of an integer type, whose negation
    /// would trap.
    package func constant(in context: PlanningContext) -> Any? {
        guard let value = context.constant(of: wrapped) as? Wrapped.Output else { return nil }
        if let integer = value as? any FixedWidthInteger, integer.isMinimum { return nil }
        return -value
    }
}

extension FixedWidthInteger {
    /// Whether the value is `Self.min`, whose negation overflows.
    fileprivate var isMinimum: Bool { self == Self.min }
}

extension PredicateExpressions.Value: RangeOperand {
    /// The captured range, if the value is a `ClosedRange`, `Range` or partial range.
    package func constantRange(in context: PlanningContext) -> ConstantRange? {
        (value as? any ConstantRangeValue)?.constantRange
    }
}

extension PredicateExpressions.ClosedRange: RangeOperand {
    /// `[lower, upper]`, or nothing when `lower` is above `upper` (or either is NaN), where
    /// Foundation's evaluation would trap.
    package func constantRange(in context: PlanningContext) -> ConstantRange? {
        guard let lower = context.constant(of: lower) as? LHS.Output,
            let upper = context.constant(of: upper) as? LHS.Output
        else { return nil }
        guard lower <= upper else { return .empty }
        return .interval(lower: .init(value: lower, isInclusive: true), upper: .init(value: upper, isInclusive: true))
    }
}

extension PredicateExpressions.Range: RangeOperand {
    /// `[lower, upper)`, or nothing when `lower` is not below `upper`: an empty range, or one
    /// where Foundation's evaluation would trap.
    package func constantRange(in context: PlanningContext) -> ConstantRange? {
        guard let lower = context.constant(of: lower) as? LHS.Output,
            let upper = context.constant(of: upper) as? LHS.Output
        else { return nil }
        guard lower < upper else { return .empty }
        return .interval(lower: .init(value: lower, isInclusive: true), upper: .init(value: upper, isInclusive: false))
    }
}
