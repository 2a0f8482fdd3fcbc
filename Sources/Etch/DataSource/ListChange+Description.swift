// A change prints as the Swift that makes it, without the module and element type that the
// default reflection puts in front of every part (`Etch.ListChange<App.Issue>.Move(…)`).

extension ListChange.Move: CustomStringConvertible, CustomDebugStringConvertible {
    /// The move as the Swift that makes it: `Move(oldIndex: 1, newIndex: 0)`.
    public var description: String { "Move(oldIndex: \(oldIndex), newIndex: \(newIndex))" }

    /// The same as ``description``.
    public var debugDescription: String { description }
}

extension ListChange.Update: CustomStringConvertible, CustomDebugStringConvertible {
    /// The update as the Swift that makes it: `Update(oldIndex: 2, newIndex: 2)`.
    public var description: String { "Update(oldIndex: \(oldIndex), newIndex: \(newIndex))" }

    /// The same as ``description``.
    public var debugDescription: String { description }
}

extension ListChange: CustomStringConvertible, CustomDebugStringConvertible {
    /// The change's indices, and the size of its snapshot rather than every object in it:
    ///
    /// ```swift
    /// print(change)
    /// // ListChange(deletions: [], insertions: [2], moves: [Move(oldIndex: 1, newIndex: 0)], updates: [], snapshot: 3 objects)
    /// ```
    public var description: String {
        let count = snapshot.count == 1 ? "1 object" : "\(snapshot.count) objects"
        return "ListChange(deletions: \(deletions), insertions: \(insertions), moves: \(moves), updates: \(updates), "
            + "snapshot: \(count))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }
}
