/// An operand whose value depends on no object: a literal or captured value, `nil`, a
/// negated number, a key path from a fixed variable.
package protocol ConstantExpression {
    /// The value, or `nil` when it depends on the object (or cannot be computed without risk
    /// of a trap, as `-Int.min`).
    func constant(in context: PlanningContext) -> Any?
}
