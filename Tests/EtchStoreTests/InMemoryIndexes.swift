import Etch
import EtchStore

/// A model's indexes kept the simplest way, to apply a ``QueryPlan`` in tests as a store
/// would: every object's keys, read through each ``ModelIndex``'s own closures.
struct InMemoryIndexes<Model> {
    /// One object's keys in one index.
    private struct Entry {
        let model: Model
        let key: IndexKey
        let group: IndexKey?
    }

    /// Every object, in the order given.
    let all: [Model]
    /// Each index's entries, by index name.
    private let entries: [String: [Entry]]

    /// Indexes `models` with `indexes`.
    init(_ models: [Model], indexes: [ModelIndex<Model>]) {
        all = models
        var entries: [String: [Entry]] = [:]
        for index in indexes {
            entries[index.name] = models.map {
                Entry(model: $0, key: index.value.key($0), group: index.groupBy?.key($0))
            }
        }
        self.entries = entries
    }

    /// The candidates `plan` gives: a union's objects as often as its branches give them.
    func candidates(_ plan: QueryPlan) -> [Model] {
        switch plan {
        case .scan:
            return all
        case .empty:
            return []
        case .lookup(_, let index, let keys):
            return (entries[index] ?? []).filter { keys.contains($0.key) }.map(\.model)
        case .range(_, let index, let group, let lower, let upper):
            return (entries[index] ?? [])
                .filter { entry in
                    let aboveLower = lower.map { $0.isInclusive ? $0.key <= entry.key : $0.key < entry.key } ?? true
                    let belowUpper = upper.map { $0.isInclusive ? entry.key <= $0.key : entry.key < $0.key } ?? true
                    return entry.group == group && aboveLower && belowUpper
                }
                .map(\.model)
        case .union(let plans):
            return plans.flatMap(candidates)
        }
    }
}
