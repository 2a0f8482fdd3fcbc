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

    /// The disjunction of `conditions`, flattened: `always` if one is `always`, `never` if
    /// there are none left.
    static func any(_ conditions: [QueryCondition]) -> QueryCondition {
        var parts: [QueryCondition] = []
        for condition in conditions {
            switch condition {
            case .always: return .always
            case .never: continue
            case .or(let nested): parts += nested
            default: parts.append(condition)
            }
        }
        return parts.count == 1 ? parts[0] : parts.isEmpty ? .never : .or(parts)
    }
}
