/// A test of one field against constants, as a predicate states it: the constants are the
/// predicate's own values, not yet index keys.
package struct FieldCondition {
    /// The field tested.
    let field: QueryField
    /// What its value must be.
    let constraint: Constraint

    /// What a field's value must be.
    enum Constraint {
        /// Equal to one of the values (`==`, `in`).
        case oneOf([Any])
        /// Between the bounds (`<`, `<=`, `>`, `>=`, between); `nil` for an open end.
        case interval(lower: Bound?, upper: Bound?)
    }

    /// One end of an interval, with the predicate's value.
    package struct Bound {
        /// The value at this end.
        package let value: Any
        /// Whether the value itself is inside.
        package let isInclusive: Bool
    }
}
