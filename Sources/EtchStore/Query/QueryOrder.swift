@_spi(EtchCollections) import Etch
import Foundation

/// How a store sorts a query's matches: by its descriptors, then by id ascending.
///
/// A descriptor of a field some index holds compares the fields' index keys, as the index
/// orders them (so NaN sorts after every number, where a descriptor finds it equal to
/// anything); any other descriptor compares as Foundation's does.
package struct QueryOrder<Model: IdentifiedModel> {
    /// One step of the order: an index key read and a direction, or a descriptor.
    enum Step {
        case key((Model) -> IndexKey, reversed: Bool)
        case descriptor(SortDescriptor<Model>)
    }

    let steps: [Step]
    /// The fields' names, as a plan prints them.
    let names: [String]

    package init(_ descriptors: [SortDescriptor<Model>], indexes: [ModelIndex<Model>]) {
        var steps: [Step] = []
        var names: [String] = []
        for descriptor in descriptors {
            if let (value, reversed) = indexes.lazy.compactMap({ index in
                Self.direction(of: descriptor, on: index.value).map { (index.value, $0) }
            }).first {
                steps.append(.key(value.key, reversed: reversed))
                names.append(value.name + (reversed ? " descending" : ""))
            } else {
                steps.append(.descriptor(descriptor))
                names.append(descriptor.order == .reverse ? "a descriptor, descending" : "a descriptor")
            }
        }
        self.steps = steps
        self.names = names
    }

    /// Whether `descriptor` orders by `value`'s field in reverse (`true`) or forward
    /// (`false`), comparing its values as `Comparable` does; `nil` when it orders otherwise.
    package static func direction(of descriptor: SortDescriptor<Model>, on value: ModelIndex<Model>.Value) -> Bool? {
        guard let comparable = type(of: value.keyPath).valueType as? any Comparable.Type else { return nil }
        func matches<V: Comparable>(_ type: V.Type, _ order: SortOrder) -> Bool {
            guard let typed = value.keyPath as? KeyPath<Model, V> else { return false }
            // The key path is the index's, which is `Sendable`; the cast lost only that mark.
            let sendable = unsafeBitCast(typed, to: (KeyPath<Model, V> & Sendable).self)
            return SortDescriptor(sendable, order: order) == descriptor
        }
        if matches(comparable, .forward) { return false }
        if matches(comparable, .reverse) { return true }
        return nil
    }

    /// Sorts `matches` by the steps, then by id ascending.
    package func sort(_ matches: inout [(id: IndexKey, model: Model)]) {
        let steps = steps
        matches.sort { first, second in
            for step in steps {
                let result: ComparisonResult
                switch step {
                case .key(let key, let reversed):
                    let ordered = IndexKey.compare(key(first.model), key(second.model))
                    result = reversed ? ordered.flipped : ordered
                case .descriptor(let descriptor):
                    result = descriptor.compare(first.model, second.model)
                }
                switch result {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return IndexKey.compare(first.id, second.id) == .orderedAscending
        }
    }
}

extension ComparisonResult {
    /// The result of comparing the other way round.
    fileprivate var flipped: ComparisonResult {
        switch self {
        case .orderedAscending: .orderedDescending
        case .orderedDescending: .orderedAscending
        case .orderedSame: .orderedSame
        }
    }
}
