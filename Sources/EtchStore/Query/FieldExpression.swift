/// An operand that reads a field of the model: a key path from the predicate's variable.
package protocol FieldExpression {
    /// The field read, or `nil` when the key path starts elsewhere.
    func field(in context: PlanningContext) -> QueryField?
}
