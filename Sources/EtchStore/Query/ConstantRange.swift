/// The values a constant range holds, as the planner needs them.
package enum ConstantRange {
    /// Holds no value: `lo..<lo`, or a range whose lower bound is above its upper, on which
    /// Foundation's evaluation would trap.
    case empty
    /// The values between the bounds; `nil` for an open end.
    case interval(lower: FieldCondition.Bound?, upper: FieldCondition.Bound?)
}

/// A range operand of `contains` with constant bounds: `(1990...2000)` in a predicate, or a
/// captured `ClosedRange`, `Range` or partial range.
package protocol RangeOperand {
    /// The range, or `nil` when a bound depends on the object.
    func constantRange(in context: PlanningContext) -> ConstantRange?
}
