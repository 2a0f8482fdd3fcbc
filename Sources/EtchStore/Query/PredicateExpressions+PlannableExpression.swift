import Foundation

// Foundation's expressions the planner reads. Anything else (`!=`, `starts(with:)`, string
// `contains`, `flatMap`, arithmetic, …) is opaque, answered by a scan.

extension PredicateExpressions.Equal: PlannableExpression {
    /// `field == constant`, either way round.
    func condition(in context: PlanningContext) -> QueryCondition {
        if let field = context.field(of: lhs), let value = context.constant(of: rhs) {
            return .field(FieldCondition(field: field, constraint: .oneOf([value])))
        }
        if let field = context.field(of: rhs), let value = context.constant(of: lhs) {
            return .field(FieldCondition(field: field, constraint: .oneOf([value])))
        }
        return .opaque
    }
}

extension PredicateExpressions.Comparison: PlannableExpression {
    /// `field < constant` and the like, either way round, as an interval of the field.
    func condition(in context: PlanningContext) -> QueryCondition {
        if let field = context.field(of: lhs), let value = context.constant(of: rhs) {
            return Self.condition(field, op, value)
        }
        if let field = context.field(of: rhs), let value = context.constant(of: lhs) {
            return Self.condition(field, op.reversed, value)
        }
        return .opaque
    }

    /// `field op value` as an interval.
    private static func condition(
        _ field: QueryField, _ op: PredicateExpressions.ComparisonOperator, _ value: Any
    ) -> QueryCondition {
        let constraint: FieldCondition.Constraint
        switch op {
        case .lessThan: constraint = .interval(lower: nil, upper: .init(value: value, isInclusive: false))
        case .lessThanOrEqual: constraint = .interval(lower: nil, upper: .init(value: value, isInclusive: true))
        case .greaterThan: constraint = .interval(lower: .init(value: value, isInclusive: false), upper: nil)
        case .greaterThanOrEqual: constraint = .interval(lower: .init(value: value, isInclusive: true), upper: nil)
        @unknown default: return .opaque
        }
        return .field(FieldCondition(field: field, constraint: constraint))
    }
}

extension PredicateExpressions.ComparisonOperator {
    /// The operator with its operands swapped: `a < b` is `b > a`.
    fileprivate var reversed: Self {
        switch self {
        case .lessThan: .greaterThan
        case .lessThanOrEqual: .greaterThanOrEqual
        case .greaterThan: .lessThan
        case .greaterThanOrEqual: .lessThanOrEqual
        @unknown default: self
        }
    }
}

extension PredicateExpressions.Conjunction: PlannableExpression {
    /// Both sides (AND).
    func condition(in context: PlanningContext) -> QueryCondition {
        context.conditions(of: [lhs, rhs]).map(QueryCondition.all) ?? .opaque
    }
}

extension PredicateExpressions.Disjunction: PlannableExpression {
    /// Either side (OR).
    func condition(in context: PlanningContext) -> QueryCondition {
        context.conditions(of: [lhs, rhs]).map(QueryCondition.any) ?? .opaque
    }
}

extension PredicateExpressions.Negation: PlannableExpression {
    /// NOT: only `!true` and `!false` mean something to an index.
    func condition(in context: PlanningContext) -> QueryCondition {
        switch context.condition(of: wrapped) {
        case .always: .never
        case .never: .always
        default: .opaque
        }
    }
}

extension PredicateExpressions.Value: PlannableExpression {
    /// `true` or `false`.
    func condition(in context: PlanningContext) -> QueryCondition {
        (value as? Bool).map { $0 ? .always : .never } ?? .opaque
    }
}

extension PredicateExpressions.SequenceContains: PlannableExpression {
    /// `constants.contains(field)`: the field is one of the constants ("in").
    func condition(in context: PlanningContext) -> QueryCondition {
        guard let field = context.field(of: element),
            let values = context.constant(of: sequence) as? LHS.Output
        else { return .opaque }
        var constants: [Any] = []
        for value in values {
            guard constants.count < PlanningContext.maximumConstants else { return .opaque }
            constants.append(value)
        }
        return constants.isEmpty ? .never : .field(FieldCondition(field: field, constraint: .oneOf(constants)))
    }
}

extension PredicateExpressions.SequenceContainsWhere: PlannableExpression {
    /// `constants.contains(where: test)`: the test holds for one of the constants, an OR of
    /// the test with each constant in turn.
    func condition(in context: PlanningContext) -> QueryCondition {
        guard let values = context.constant(of: sequence) as? LHS.Output else { return .opaque }
        var branches: [QueryCondition] = []
        for value in values {
            guard branches.count < PlanningContext.maximumExpandedElements else { return .opaque }
            var inner = context
            inner.constants[variable.key] = value
            let branch = inner.condition(of: test)
            if context.isExact, branch.isOpaque { return .opaque }
            branches.append(branch)
        }
        return .any(branches)
    }
}

extension PredicateExpressions.RangeExpressionContains: PlannableExpression {
    /// `(lo...hi).contains(field)` and `(lo..<hi).contains(field)` (between); nothing when
    /// the constant range is empty or inverted, whatever it is asked to contain.
    func condition(in context: PlanningContext) -> QueryCondition {
        guard let bounds = (range as? any RangeOperand)?.constantRange(in: context) else { return .opaque }
        switch bounds {
        case .empty:
            return .never
        case .interval(let lower, let upper):
            guard let field = context.field(of: element) else { return .opaque }
            return .field(FieldCondition(field: field, constraint: .interval(lower: lower, upper: upper)))
        }
    }
}
