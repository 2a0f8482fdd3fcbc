/// A predicate expression of Foundation's whose meaning the planner reads: comparisons,
/// `in`, between, AND, OR, NOT.
///
/// Foundation's `PredicateExpressions` types conform in
/// `PredicateExpressions+PlannableExpression.swift`; the planner finds them with a cast, so
/// an expression that does not conform is `.opaque`, answered by a scan.
protocol PlannableExpression {
    /// The condition this expression states.
    func condition(in context: PlanningContext) -> QueryCondition
}
