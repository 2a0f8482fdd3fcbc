import Foundation

/// A predicate variable: the model, or an element inside `contains(where:)` or `flatMap`.
protocol VariableExpression {
    /// The variable's identity within its predicate.
    var key: PredicateExpressions.VariableID { get }
}

extension PredicateExpressions.Variable: VariableExpression {}
