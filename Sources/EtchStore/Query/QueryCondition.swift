/// What the planner understands of a predicate: its AND / OR structure over tests of one
/// field against constants. Everything else is ``opaque``, which only a scan answers.
///
/// Conditions are built with ``all(_:)`` and ``any(_:)``, which keep them flat and fold
/// ``always`` and ``never`` away.
indirect enum QueryCondition {
    /// Holds for every object (`#Predicate { _ in true }`).
    case always
    /// Holds for no object: an empty `in` list, a range whose lower bound is above its upper,
    /// `false`.
    case never
    /// Not understood: a scan, then the predicate, answers it.
    case opaque
    /// A test of one field against constants.
    case field(FieldCondition)
    /// All of the conditions hold (AND); at least two, none of them `and`, `always` or `never`.
    case and([QueryCondition])
    /// At least one of the conditions holds (OR); at least two, none of them `or`, `always`
    /// or `never`.
    case or([QueryCondition])

    /// Whether this is ``opaque``.
    var isOpaque: Bool {
        if case .opaque = self { true } else { false }
    }

    /// The conjunction of `conditions`, flattened: `never` if one is `never`, `always` if
    /// there are none left.
    static func all(_ conditions: [QueryCondition]) -> QueryCondition {
        var parts: [QueryCondition] = []
        for condition in conditions {
            switch condition {
            case .never: return .never
            case .always: continue
            case .and(let nested): parts += nested
            default: parts.append(condition)
            }
        }
        return parts.count == 1 ? parts[0] : parts.isEmpty ? .always : .and(parts)
    }

    /// The disjunction of `conditions`, flattened, with values for one field merged into one
    /// list (`x == 1 || x == 2` is `x in [1, 2]`): `always` if one is `always`, `never` if
    /// there are none left.
    static func any(_ conditions: [QueryCondition]) -> QueryCondition {
        var parts: [QueryCondition] = []
        for condition in conditions {
            switch condition {
            case .always: return .always
            case .never: continue
            case .or(let nested):
                for branch in nested { merge(branch, into: &parts) }
            default:
                merge(condition, into: &parts)
            }
        }
        return parts.count == 1 ? parts[0] : parts.isEmpty ? .never : .or(parts)
    }

    /// Appends `condition` to the branches of an OR, or adds its values to a branch that lists
    /// values of the same field.
    private static func merge(_ condition: QueryCondition, into parts: inout [QueryCondition]) {
        guard case .field(let new) = condition, case .oneOf(let values) = new.constraint,
            let position = parts.firstIndex(where: { $0.listsValues(of: new.field) }),
            case .field(let old) = parts[position], case .oneOf(let earlier) = old.constraint
        else {
            parts.append(condition)
            return
        }
        parts[position] = .field(FieldCondition(field: old.field, constraint: .oneOf(earlier + values)))
    }

    /// Whether this is a list of values of `field`.
    private func listsValues(of field: QueryField) -> Bool {
        guard case .field(let condition) = self, case .oneOf = condition.constraint else { return false }
        return condition.field.keyPath == field.keyPath && condition.field.readsReferenceID == field.readsReferenceID
    }
}
