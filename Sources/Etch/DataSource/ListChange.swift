/// One change of a ``DataSource``'s sorted array, as a list or collection view applies it:
/// the deletions, insertions, moves and updates that turn the previous array into
/// ``snapshot``.
///
/// The indices follow UIKit's batch-update rules (`performBatchUpdates`,
/// `NSFetchedResultsController`), so they can be handed to a table or collection view as
/// they are:
///
/// - ``deletions`` are indices in the **old** array, ascending.
/// - ``insertions`` are indices in the **new** array, ascending.
/// - ``moves`` take an object from its old index to its new index. A moved object may also
///   have new content: configure its row from ``snapshot`` at the new index.
/// - ``updates`` are objects that were replaced and did not move relative to the others;
///   each has its old index (what `reloadItems` wants) and its new index.
///
/// Every object that a write replaced appears in ``moves`` or ``updates``, even when the
/// new value is equal to the old one (its `@local` values may differ). Objects in none of
/// the four lists are unchanged and keep their order; their index shifts only by the
/// deletions and insertions around them.
///
/// To apply a change: remove the objects at ``deletions`` and at the moves' old indices
/// from the old array, then insert, in ascending order of new index, the inserted objects
/// and the moved ones at their new indices, then refresh the updated objects at their new
/// indices. ``apply(to:)`` does exactly that, in O(*n*).
///
/// ```swift
/// for await change in await tasks.changes() {
///     tableView.performBatchUpdates {
///         rows = change.snapshot
///         tableView.deleteRows(at: change.deletions.map { IndexPath(row: $0, section: 0) }, with: .fade)
///         tableView.insertRows(at: change.insertions.map { IndexPath(row: $0, section: 0) }, with: .fade)
///         for move in change.moves {
///             tableView.moveRow(at: IndexPath(row: move.oldIndex, section: 0), to: IndexPath(row: move.newIndex, section: 0))
///         }
///         tableView.reloadRows(at: change.updates.map { IndexPath(row: $0.oldIndex, section: 0) }, with: .none)
///     }
/// }
/// ```
public struct ListChange<Element: Sendable>: Sendable {
    /// An object that moved from one index to another.
    public struct Move: Sendable, Hashable {
        /// Its index in the old array.
        public var oldIndex: Int
        /// Its index in the new array.
        public var newIndex: Int

        /// Makes a move.
        public init(oldIndex: Int, newIndex: Int) {
            self.oldIndex = oldIndex
            self.newIndex = newIndex
        }
    }

    /// An object that was replaced in place.
    public struct Update: Sendable, Hashable {
        /// Its index in the old array.
        public var oldIndex: Int
        /// Its index in the new array.
        public var newIndex: Int

        /// Makes an update.
        public init(oldIndex: Int, newIndex: Int) {
            self.oldIndex = oldIndex
            self.newIndex = newIndex
        }
    }

    /// Indices of removed objects in the old array, ascending.
    public var deletions: [Int]
    /// Indices of added objects in the new array, ascending.
    public var insertions: [Int]
    /// Objects that moved, ascending by new index.
    public var moves: [Move]
    /// Objects replaced without moving, ascending by index.
    public var updates: [Update]
    /// The whole array after the change.
    public var snapshot: [Element]

    /// Makes a change.
    public init(deletions: [Int], insertions: [Int], moves: [Move], updates: [Update], snapshot: [Element]) {
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
        self.updates = updates
        self.snapshot = snapshot
    }

    /// The first change a new subscriber receives: every current object inserted into an
    /// empty list.
    public static func initial(_ snapshot: [Element]) -> ListChange {
        // A range of integers, not `snapshot.indices`: this type is generic, and the generic
        // `indices` looks its types up at run time on every call.
        ListChange(deletions: [], insertions: Array(0..<snapshot.count), moves: [], updates: [], snapshot: snapshot)
    }

    /// The number of objects before the change.
    public var oldCount: Int { snapshot.count - insertions.count + deletions.count }

    /// Applies the change to a copy of the old array, so that it equals ``snapshot``.
    ///
    /// Objects that did not change are kept from `array`; inserted, moved and updated ones
    /// are taken from ``snapshot``.
    ///
    /// An array of another length than ``oldCount`` cannot be the array before the change
    /// (a change was missed): it becomes ``snapshot``, so the result is right either way.
    ///
    /// - Complexity: O(*n* + *k* log *k*), where *n* is the larger array's length and *k*
    ///   the number of changed objects.
    public func apply(to array: inout [Element]) {
        // From nothing (a first change), every element is an insertion: the result is the
        // snapshot, shared rather than rebuilt.
        guard array.count == oldCount, oldCount > 0 else {
            array = snapshot
            return
        }
        // Closures, not key paths: this type is generic, so a key path would be made at run
        // time on every call.
        let removed = (deletions + moves.map { $0.oldIndex }).sorted()
        let inserted = (insertions + moves.map { $0.newIndex }).sorted()
        var result: [Element] = []
        result.reserveCapacity(snapshot.count)
        var nextRemoved = 0
        var nextInserted = 0
        var oldIndex = 0
        for newIndex in snapshot.indices {
            if nextInserted < inserted.count, inserted[nextInserted] == newIndex {
                result.append(snapshot[newIndex])
                nextInserted += 1
                continue
            }
            while nextRemoved < removed.count, removed[nextRemoved] == oldIndex {
                nextRemoved += 1
                oldIndex += 1
            }
            result.append(array[oldIndex])
            oldIndex += 1
        }
        for update in updates { result[update.newIndex] = snapshot[update.newIndex] }
        array = result
    }
}
