import Etch
import EtchStore
import Foundation

/// A `#Predicate` expression that ``PostgresPredicateTranslator`` can turn into SQL.
protocol PostgresTranslatable {
    /// The condition, or `nil` when this expression (with its operands) does not translate.
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition?
}

extension PredicateExpressions.Equal: PostgresTranslatable {
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition? {
        translator.comparison(lhs, .equal, rhs)
    }
}

extension PredicateExpressions.NotEqual: PostgresTranslatable {
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition? {
        translator.comparison(lhs, .notEqual, rhs)
    }
}

extension PredicateExpressions.Comparison: PostgresTranslatable {
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition? {
        switch op {
        case .lessThan: translator.comparison(lhs, .less, rhs)
        case .lessThanOrEqual: translator.comparison(lhs, .lessOrEqual, rhs)
        case .greaterThan: translator.comparison(lhs, .greater, rhs)
        case .greaterThanOrEqual: translator.comparison(lhs, .greaterOrEqual, rhs)
        @unknown default: nil
        }
    }
}

extension PredicateExpressions.Conjunction: PostgresTranslatable {
    /// Both sides; a side that does not translate is left out, and the condition is then not exact.
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition? {
        let left = translator.condition(of: lhs)
        let right = translator.condition(of: rhs)
        switch (left, right) {
        case (let left?, let right?):
            return PostgresCondition(sql: "(\(left.sql) AND \(right.sql))", isExact: left.isExact && right.isExact)
        case (let one?, nil), (nil, let one?):
            return PostgresCondition(sql: one.sql, isExact: false)
        case (nil, nil):
            return nil
        }
    }
}

extension PredicateExpressions.Disjunction: PostgresTranslatable {
    /// Either side; both must translate.
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition? {
        guard let left = translator.condition(of: lhs), let right = translator.condition(of: rhs) else { return nil }
        return PostgresCondition(sql: "(\(left.sql) OR \(right.sql))", isExact: left.isExact && right.isExact)
    }
}

extension PredicateExpressions.Negation: PostgresTranslatable {
    /// NOT of an exact condition (of one that is not, it would say too little).
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition? {
        guard let wrapped = translator.condition(of: wrapped), wrapped.isExact else { return nil }
        return PostgresCondition(sql: "(NOT COALESCE(\(wrapped.sql), false))", isExact: true)
    }
}

extension PredicateExpressions.Value: PostgresTranslatable {
    /// `true` or `false`.
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition? {
        (value as? Bool).map { PostgresCondition(sql: $0 ? "TRUE" : "FALSE", isExact: true) }
    }
}

extension PredicateExpressions.KeyPath: PostgresTranslatable {
    /// A `Bool` field as the whole condition: `#Predicate { $0.isActive }`.
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition? {
        guard Output.self == Bool.self, let field = translator.field(of: self), field.kind == .boolean,
            let typed = field.typed
        else { return nil }
        return PostgresCondition(sql: "(\(typed))", isExact: true)
    }
}

extension PredicateExpressions.SequenceContains: PostgresTranslatable {
    /// `constants.contains(field)`: the field is one of the constants.
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition? {
        guard let field = translator.field(of: element),
            let values = translator.context.constant(of: sequence) as? LHS.Output
        else { return nil }
        var keys: [IndexKey] = []
        for value in values {
            guard keys.count < PostgresPredicateTranslator.maximumListCount,
                let key = PostgresPredicateTranslator.key(of: value)
            else { return nil }
            keys.append(key)
        }
        return translator.oneOf(field, keys)
    }
}

extension PredicateExpressions.RangeExpressionContains: PostgresTranslatable {
    /// `(lo...hi).contains(field)` with constant bounds; nothing for an empty or inverted range.
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition? {
        guard let bounds = (range as? any RangeOperand)?.constantRange(in: translator.context) else { return nil }
        guard case .interval(let lower, let upper) = bounds else {
            return PostgresCondition(sql: "FALSE", isExact: true)
        }
        guard let field = translator.field(of: element) else { return nil }
        var parts: [String] = []
        if let lower {
            guard let key = PostgresPredicateTranslator.key(of: lower.value), key != .null,
                let part = translator.compare(field, lower.isInclusive ? .greaterOrEqual : .greater, key)
            else { return nil }
            parts.append(part.sql)
        }
        if let upper {
            guard let key = PostgresPredicateTranslator.key(of: upper.value), key != .null,
                let part = translator.compare(field, upper.isInclusive ? .lessOrEqual : .less, key)
            else { return nil }
            parts.append(part.sql)
        }
        return PostgresCondition(
            sql: parts.isEmpty ? "TRUE" : "(" + parts.joined(separator: " AND ") + ")", isExact: true)
    }
}

extension PredicateExpressions.SequenceStartsWith: PostgresTranslatable {
    /// `field.starts(with: constant)` on text, as `LIKE 'constant%'`.
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition? {
        guard let field = translator.field(of: base), let text = translator.context.constant(of: prefix) as? String
        else { return nil }
        return translator.like(field, prefix: "", suffix: "%", text)
    }
}

extension PredicateExpressions.CollectionContainsCollection: PostgresTranslatable {
    /// `field.contains(constant)` on text, as `LIKE '%constant%'`.
    func postgresCondition(in translator: inout PostgresPredicateTranslator) -> PostgresCondition? {
        guard let field = translator.field(of: base), let text = translator.context.constant(of: other) as? String
        else { return nil }
        return translator.like(field, prefix: "%", suffix: "%", text)
    }
}
