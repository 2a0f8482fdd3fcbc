/// An object in a ``DataSource``'s cache file that could not be decoded, which the data
/// source left out while loading the others.
///
/// ```swift
/// if case .partiallyLoaded(let count, let skipped, _) = tasks.cacheStatus {
///     print("loaded \(count) tasks, skipped", skipped.map(\.description))
///     // loaded 2 tasks, skipped ["object 1 (id \"b\"): TaskItem: at \"title\": missing required key (expected String)"]
/// }
/// ```
public struct DataSourceSkippedObject: Sendable, Hashable, CustomStringConvertible {
    /// Its position in the file's list of objects, from 0.
    public var index: Int
    /// The value of its `"id"` key as the file holds it, when it has one.
    public var id: ModelValue?
    /// Why it could not be decoded, such as `TaskItem: at "title": missing required key`.
    public var reason: String

    /// Makes a description of a skipped object.
    public init(index: Int, id: ModelValue?, reason: String) {
        self.index = index
        self.id = id
        self.reason = reason
    }

    /// The skipped object and why it was skipped.
    public var description: String {
        "object \(index)" + (id.map { " (id \($0))" } ?? "") + ": \(reason)"
    }
}
