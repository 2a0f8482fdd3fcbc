import Foundation

/// What the planner knows while it walks a predicate: the variable that stands for the model,
/// and the values of the variables it has fixed (an element of a constant sequence in
/// `["a", "b"].contains(where: { $0 == album.slug })`).
package struct PlanningContext {
    /// The predicate's variable: key paths from it read the model's fields.
    package let model: PredicateExpressions.VariableID
    /// Values of other variables, by variable.
    var constants: [PredicateExpressions.VariableID: Any] = [:]
    /// Whether an AND or OR with an opaque part is opaque as a whole, rather than folded
    /// (`false && x` is `never` for planning): a condition read this way states exactly what
    /// the predicate evaluates, so a store can evaluate it instead.
    var isExact = false

    /// A context for a predicate whose variable is `model`, with no other variable fixed.
    package init(model: PredicateExpressions.VariableID) {
        self.model = model
    }

    /// The most constants an `in` list may hold to be planned; a longer list is scanned.
    static let maximumConstants = 65_536
    /// The most elements a `contains(where:)` over constants may have to be planned as an OR.
    static let maximumExpandedElements = 1_024

    /// The condition `expression` states, `.opaque` for an expression the planner does not know.
    func condition(of expression: Any) -> QueryCondition {
        (expression as? any PlannableExpression)?.condition(in: self) ?? .opaque
    }

    /// The conditions of `expressions`, or `nil` when reading exactly and one is opaque.
    func conditions(of expressions: [Any]) -> [QueryCondition]? {
        let conditions = expressions.map(condition(of:))
        if isExact, conditions.contains(where: \.isOpaque) { return nil }
        return conditions
    }

    /// The field `expression` reads, if it is a key path from the model.
    package func field(of expression: Any) -> QueryField? {
        (expression as? any FieldExpression)?.field(in: self)
    }

    /// The value of `expression`, if it depends on no object: a literal, a captured value,
    /// `nil`, a negated number.
    package func constant(of expression: Any) -> Any? {
        (expression as? any ConstantExpression)?.constant(in: self)
    }
}
