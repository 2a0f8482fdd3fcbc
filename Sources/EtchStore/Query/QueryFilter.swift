@_spi(EtchCollections) import Etch

/// What a store still tests of each candidate an index gives: nothing when the index
/// guarantees the whole predicate, a compiled condition, or Foundation's evaluation of the
/// predicate for what does not compile.
enum QueryFilter<Model> {
    /// Every candidate matches.
    case none
    /// The predicate's remaining conditions, compiled.
    case compiled(CompiledCondition<Model>)
    /// The whole predicate, evaluated by Foundation (guarded against inverted ranges).
    case predicate(QueryEvaluation<Model>)

    /// Whether `model` matches.
    ///
    /// - Throws: What the predicate's evaluation throws, such as a failed force unwrap.
    @inline(__always)
    func matches(_ model: Model) throws -> Bool {
        switch self {
        case .none: true
        case .compiled(let condition): condition.holds(model)
        case .predicate(let evaluation): try evaluation.matches(model)
        }
    }

    /// Whether every candidate matches.
    var isNone: Bool {
        if case .none = self { true } else { false }
    }

    /// How the plan's description names the filter.
    var summary: String? {
        switch self {
        case .none: nil
        case .compiled: "compiled test of the rest of the predicate"
        case .predicate: "Foundation's evaluation of the predicate"
        }
    }
}
