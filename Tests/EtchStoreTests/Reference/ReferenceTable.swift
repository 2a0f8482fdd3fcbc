import Etch
import EtchStore
import Foundation

/// The objects of one model type by id, as plainly as possible: what a store's table must
/// agree with, computed without any index.
struct ReferenceTable<Model: IdentifiedModel> where Model.ID: Comparable {
    /// The objects by id.
    var objects: [Model.ID: Model] = [:]

    /// Every object, in id order.
    var inIDOrder: [Model] { objects.keys.sorted().map { objects[$0]! } }

    /// Inserts or replaces an object, carrying over the replaced one's `@local` values when asked.
    mutating func put(_ object: Model, localValues: LocalValuesPolicy) {
        var object = object
        if localValues == .carryOver, let old = objects[object.id] {
            object = object.replacingLocalValues(old.localValues)
        }
        objects[object.id] = object
    }

    /// Replaces an object by what `transform` makes of it, under the new object's id.
    ///
    /// - Throws: ``ReferenceRefusal/notFound`` when there is no object with `id`.
    mutating func update(_ id: Model.ID, _ transform: (Model) -> Model) throws(ReferenceRefusal) {
        guard let old = objects[id] else { throw .notFound }
        let new = transform(old)
        objects[id] = nil
        objects[new.id] = new
    }

    /// The objects `belongs` admits whose `value` lies between `lower` and `upper`, in value
    /// order or its reverse (ties by id ascending either way), after `offset` and at most
    /// `limit` of them.
    func range<Value: Comparable>(
        by value: (Model) -> Value, where belongs: (Model) -> Bool, _ query: RangeQuery<Value>
    ) -> [Model] {
        let members = objects.values.filter { object in
            let key = value(object)
            return belongs(object) && query.lower.map { $0 <= key } ?? true && query.upper.map { key <= $0 } ?? true
        }
        let forward = query.order == .forward
        let ordered = members.sorted { first, second in
            let (left, right) = (value(first), value(second))
            guard left != right else { return first.id < second.id }
            return forward ? left < right : left > right
        }
        return Array(ordered.dropFirst(query.offset).prefix(query.limit ?? .max))
    }
}
