@_spi(EtchCollections) import Etch

/// Which of a predicate's conditions an index access guarantees, and so what is left to
/// test of each candidate it gives.
///
/// A lookup guarantees the conditions on its field when every constant has a key in the
/// index and none is NaN (which equals nothing, while an index finds NaN under NaN); a range
/// of a sorted index guarantees those on its group field the same way, and those on its
/// field unless a range open above could hold NaN values, which an index orders last.
struct QueryCoverage<Model: IdentifiedModel> {
    /// The predicate's condition, read exactly; `.opaque` when a part of it is not understood.
    let condition: QueryCondition
    let indexes: [ModelIndex<Model>]
    /// The query, whose predicate Foundation evaluates when the condition does not compile.
    let query: StoreQuery<Model>

    /// What remains to test of the candidates of `plan`.
    func filter(for plan: QueryPlan) -> QueryFilter<Model> {
        let residual = self.residual(for: plan)
        if case .always = residual { return .none }
        if let compiled = CompiledCondition(residual, reader: reader) { return .compiled(compiled) }
        return .predicate(QueryEvaluation(query))
    }

    /// The conditions the candidates of `plan` may still fail.
    func residual(for plan: QueryPlan) -> QueryCondition {
        if case .empty = plan { return .always }
        let parts: [QueryCondition]
        switch condition {
        case .always: return .always
        case .and(let all): parts = all
        case .field: parts = [condition]
        default: return condition
        }
        var covered: [AnyKeyPath] = []
        switch plan {
        case .lookup(_, let name, let keys):
            guard let index = indexes.first(where: { $0.name == name && $0.kind != .sorted }),
                !keys.contains(where: \.isNaN)
            else { break }
            if guarantees(parts, on: index.value) { covered.append(index.value.keyPath) }
        case .range(_, let name, let group, let lower, let upper):
            guard let index = indexes.first(where: { $0.name == name && $0.kind == .sorted }) else { break }
            if let groupBy = index.groupBy, group != nil, guarantees(parts, on: groupBy, listsOnly: true) {
                covered.append(groupBy.keyPath)
            }
            // A range open above holds the NaN values an index orders last.
            let mayHoldNaN = upper == nil && lower.map { if case .double = $0.key { true } else { false } } == true
            if !mayHoldNaN, lower != nil || upper != nil, guarantees(parts, on: index.value) {
                covered.append(index.value.keyPath)
            }
        case .scan, .empty, .union:
            break
        }
        return .all(
            parts.filter { part in
                guard case .field(let field) = part else { return true }
                return !covered.contains(field.field.keyPath)
            })
    }

    /// Whether the conditions of `parts` on `value`'s field all have keys in its index, none NaN.
    private func guarantees(_ parts: [QueryCondition], on value: ModelIndex<Model>.Value, listsOnly: Bool = false)
        -> Bool
    {
        let keyPath: AnyKeyPath = value.keyPath
        for part in parts {
            guard case .field(let field) = part, field.field.keyPath == keyPath else { continue }
            let constants: [Any]
            switch field.constraint {
            case .oneOf(let values): constants = values
            case .interval(let lower, let upper):
                if listsOnly { return false }
                constants = [lower?.value, upper?.value].compactMap { $0 }
            }
            for constant in constants {
                let key =
                    field.field.readsReferenceID
                    ? (constant as? any IndexableValue)?.indexKey : value.keyOfValue(constant)
                guard let key, !key.isNaN else { return false }
            }
        }
        return true
    }

    /// How to read a field's key: through an index on its key path, or the key path itself.
    func reader(_ field: QueryField) -> ((Model) -> IndexKey)? {
        if let index = indexes.first(where: { $0.value.keyPath == field.keyPath }) { return index.value.key }
        let keyPath = field.keyPath
        guard type(of: keyPath).valueType is any IndexableValue.Type else { return nil }
        return { model in (model[keyPath: keyPath] as? any IndexableValue)?.indexKey ?? .null }
    }
}
