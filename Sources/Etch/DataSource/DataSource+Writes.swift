/// What happens to `@local` values when an object replaces one with the same id.
public enum LocalValuesPolicy: Sendable, Hashable {
    /// The new object takes the old one's `@local` values, so a fresh copy from the server
    /// keeps, say, its row expanded.
    case carryOver
    /// The new object keeps its own `@local` values.
    case replace
}

extension DataSource {
    /// Inserts an object, or replaces the one with the same id, at its sorted position.
    ///
    /// A replaced object whose sort keys changed moves to its new position. Subscribers get
    /// one ``ListChange``: an insertion, a move or an update.
    ///
    /// ```swift
    /// await tasks.sortAndAdd(fresh)                          // keeps the old row's isExpanded
    /// await tasks.sortAndAdd(item.copyWith(isExpanded: true), localValues: .replace)
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object to insert or replace.
    ///   - localValues: Whether a replaced object's `@local` values carry over into `object`.
    /// - Returns: The object's position in ``objects``.
    /// - Complexity: O(log *n*) comparisons and one memory move of the objects between the
    ///   old and the new position; no re-sort.
    @discardableResult
    public func sortAndAdd(_ object: Element, localValues: LocalValuesPolicy = .carryOver) -> Int {
        let change = store.upsert(object, keepingLocalValues: localValues == .carryOver)
        publish(change)
        return change.insertions.first ?? change.moves.first?.newIndex ?? change.updates[0].newIndex
    }

    /// Inserts or replaces many objects as one change; when an id repeats, the last one wins.
    ///
    /// ```swift
    /// await tasks.sortAndAdd(contentsOf: try await api.changedTasks(since: lastSync))
    /// ```
    ///
    /// - Complexity: O(*k* log *n*) comparisons for *k* objects; a large batch is merged into
    ///   the array in O(*n* + *k* log *k*), never re-sorting the whole array.
    @inlinable
    public func sortAndAdd(contentsOf objects: some Sequence<Element>, localValues: LocalValuesPolicy = .carryOver) {
        publish(store.apply(upserting: objects, keepingLocalValues: localValues == .carryOver))
    }

    /// Replaces an object by a function of its current value, in one step, so no concurrent
    /// write in between is lost. The object's `@local` values are the ones `transform` returns.
    ///
    /// `transform` must keep the id. If it returns an object with another id, that is a
    /// mistake in the caller, not a rename: nothing changes and the result is `nil`. (To
    /// replace an object by one with a new id, ``remove(id:)`` it and
    /// ``sortAndAdd(_:localValues:)`` the new one.)
    ///
    /// ```swift
    /// await tasks.update(id: "a") { $0.copyWith(views: $0.views + 1) }   // the new value
    /// await tasks.update(id: "missing") { $0 }                            // nil
    /// ```
    ///
    /// - Parameter transform: Makes the new value from the current one; it must keep the id.
    /// - Returns: The new value; `nil` when no object has this id or when `transform` changed
    ///   the id, and then the data source is unchanged.
    /// - Throws: What `transform` throws; the data source is then unchanged.
    /// - Complexity: As ``sortAndAdd(_:localValues:)``.
    @discardableResult
    public func update(id: Element.ID, _ transform: @Sendable (Element) throws -> Element) rethrows -> Element? {
        guard let old = store.byID[id] else { return nil }
        let new = try transform(old)
        guard new.id == id else { return nil }
        sortAndAdd(new, localValues: .replace)
        return new
    }

    /// Removes the object with this id.
    ///
    /// - Returns: The removed object, or `nil` when there was none.
    /// - Complexity: O(log *n*) comparisons and one memory move of the objects after it.
    @discardableResult
    public func remove(id: Element.ID) -> Element? {
        guard let (old, change) = store.remove(id: id) else { return nil }
        publish(change, removed: [id])
        return old
    }

    /// Removes the objects with these ids, as one change; missing ids are ignored.
    ///
    /// - Complexity: O(*k* log *n*) comparisons for *k* ids, plus O(*n*) copying for many.
    public func remove(ids: some Sequence<Element.ID>) {
        let indices = Set(ids.compactMap(store.index(ofID:))).sorted()
        let removed = idsForBacking(at: indices)
        publish(store.apply(upserting: [], removingIndices: indices, keepingLocalValues: true), removed: removed)
    }

    /// Removes the objects that match a predicate, as one change.
    ///
    /// ```swift
    /// await tasks.removeAll { $0.tags.contains("done") }
    /// ```
    ///
    /// - Complexity: O(*n*).
    public func removeAll(where shouldBeRemoved: @Sendable (Element) throws -> Bool) rethrows {
        var indices: [Int] = []
        for (index, element) in store.elements.enumerated() where try shouldBeRemoved(element) {
            indices.append(index)
        }
        let removed = idsForBacking(at: indices)
        publish(store.apply(upserting: [], removingIndices: indices, keepingLocalValues: true), removed: removed)
    }

    /// Removes every object, as one change.
    ///
    /// - Complexity: O(*n*).
    public func removeAll() {
        let indices = Array(store.elements.indices)
        let removed = idsForBacking(at: indices)
        publish(store.apply(upserting: [], removingIndices: indices, keepingLocalValues: true), removed: removed)
    }

    /// Makes the contents exactly `objects`, as one change: objects whose id is absent from
    /// `objects` are removed, the others inserted or replaced (carrying local values over as
    /// asked). ``reload()`` uses it, so a refreshed list animates only what changed.
    ///
    /// - Complexity: O(*n* + *k* log *n*) for *k* objects.
    public func replaceAll(with objects: some Sequence<Element>, localValues: LocalValuesPolicy = .carryOver) {
        var newObjects: [Element] = []
        var ids = Set<Element.ID>()
        for object in objects {
            newObjects.append(object)
            ids.insert(object.id)
        }
        var removals: [Int] = []
        for (index, element) in store.elements.enumerated() where !ids.contains(element.id) {
            removals.append(index)
        }
        let removed = idsForBacking(at: removals)
        publish(
            store.apply(
                upserting: newObjects, removingIndices: removals, keepingLocalValues: localValues == .carryOver),
            removed: removed)
    }
}
