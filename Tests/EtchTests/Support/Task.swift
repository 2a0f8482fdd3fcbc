// Hand-written in the exact shape the generator emits for this schema, so the runtime and
// the data source are tested before and apart from the generator:
//
//     /// A to-do item.
//     @keyStyle(snake_case)
//     model TaskItem {
//         let id: String
//         var title: String
//         @sorted var rank: Int = 0
//         var dueAt: Date?
//         @dateFormat(secondsSince1970) var updatedAt: Date?
//         @key("stats.views") var views: Int = 0
//         var tags: [String] = []
//         @local var isExpanded: Bool = false
//     }

import Etch
import Foundation

/// A to-do item.
public struct TaskItem: ImmutableModel, Identifiable {
    /// The model's name in the schema.
    public static let modelName = "TaskItem"

    /// Everything the model holds, as it is serialized.
    public let dictionary: ModelDictionary

    /// The `@local` values: never serialized, not part of equality, kept by copies.
    public let localValues: LocalValues

    // MARK: - Fields

    /// The wire keys, types and defaults of the declared fields.
    fileprivate enum Fields {
        static let id = ModelField<String>("id", key: "id")
        static let title = ModelField<String>("title", key: "title")
        static let rank = ModelField<Int>("rank", key: "rank", default: 0)
        static let dueAt = ModelField<Date?>("dueAt", key: "due_at")
        static let updatedAt = ModelField<Date?>("updatedAt", key: "updated_at", dateFormat: .secondsSince1970)
        static let views = ModelField<Int>("views", key: "stats.views", default: 0)
        static let tags = ModelField<[String]>("tags", key: "tags", default: [])
    }

    /// The `@local` values of a task item.
    public struct LocalValues: Sendable, Hashable {
        public var isExpanded: Bool

        /// Makes local values; the defaults are the schema's.
        public init(isExpanded: Bool = false) {
            self.isExpanded = isExpanded
        }
    }

    // MARK: - Initializers

    /// Makes a task item; the defaults are the schema's.
    public init(
        id: String,
        title: String,
        rank: Int = 0,
        dueAt: Date? = nil,
        updatedAt: Date? = nil,
        views: Int = 0,
        tags: [String] = [],
        isExpanded: Bool = false
    ) {
        var dictionary = ModelDictionary()
        dictionary.set(id, for: Fields.id)
        dictionary.set(title, for: Fields.title)
        dictionary.set(rank, for: Fields.rank)
        dictionary.set(dueAt, for: Fields.dueAt)
        dictionary.set(updatedAt, for: Fields.updatedAt)
        dictionary.set(views, for: Fields.views)
        dictionary.set(tags, for: Fields.tags)
        self.init(checkedDictionary: dictionary, localValues: LocalValues(isExpanded: isExpanded))
    }

    /// Makes a task item from a dictionary, checking every declared field.
    ///
    /// - Throws: ``ModelError`` naming the key path and the expected and found types.
    public init(dictionary: ModelDictionary) throws(ModelError) {
        do {
            try dictionary.validate(Fields.id)
            try dictionary.validate(Fields.title)
            try dictionary.validate(Fields.rank)
            try dictionary.validate(Fields.dueAt)
            try dictionary.validate(Fields.updatedAt)
            try dictionary.validate(Fields.views)
            try dictionary.validate(Fields.tags)
        } catch {
            throw Self.modelError(error)
        }
        self.init(checkedDictionary: dictionary, localValues: LocalValues())
    }

    /// Makes a task item from a dictionary Etch has already checked, without checking it again.
    public init(checkedDictionary: ModelDictionary, proof: CheckedDictionaryProof) {
        self.init(checkedDictionary: checkedDictionary, localValues: LocalValues())
    }

    private init(checkedDictionary: ModelDictionary, localValues: LocalValues) {
        self.dictionary = checkedDictionary
        self.localValues = localValues
    }

    // MARK: - Properties

    public var id: String { dictionary[Fields.id] }
    public var title: String { dictionary[Fields.title] }
    public var rank: Int { dictionary[Fields.rank] }
    public var dueAt: Date? { dictionary[Fields.dueAt] }
    public var updatedAt: Date? { dictionary[Fields.updatedAt] }
    public var views: Int { dictionary[Fields.views] }
    public var tags: [String] { dictionary[Fields.tags] }
    public var isExpanded: Bool { localValues.isExpanded }

    // MARK: - Copying

    /// The `var` fields of a task item, for ``copyWith(_:)``.
    public struct Changes {
        fileprivate var dictionary: ModelDictionary
        fileprivate var localValues: LocalValues

        public var title: String {
            get { dictionary[Fields.title] }
            set { dictionary[Fields.title] = newValue }
        }
        public var rank: Int {
            get { dictionary[Fields.rank] }
            set { dictionary[Fields.rank] = newValue }
        }
        public var dueAt: Date? {
            get { dictionary[Fields.dueAt] }
            set { dictionary[Fields.dueAt] = newValue }
        }
        public var updatedAt: Date? {
            get { dictionary[Fields.updatedAt] }
            set { dictionary[Fields.updatedAt] = newValue }
        }
        public var views: Int {
            get { dictionary[Fields.views] }
            set { dictionary[Fields.views] = newValue }
        }
        public var tags: [String] {
            get { dictionary[Fields.tags] }
            set { dictionary[Fields.tags] = newValue }
        }
        public var isExpanded: Bool {
            get { localValues.isExpanded }
            set { localValues.isExpanded = newValue }
        }
    }

    /// A copy with several fields changed at once.
    ///
    /// ```swift
    /// let done = item.copyWith { $0.rank = 2; $0.dueAt = nil }
    /// ```
    public func copyWith(_ change: (inout Changes) -> Void) -> TaskItem {
        var changes = Changes(dictionary: dictionary, localValues: localValues)
        change(&changes)
        return TaskItem(checkedDictionary: changes.dictionary, localValues: changes.localValues)
    }

    public func copyWith(title: String) -> TaskItem { copyWith { $0.title = title } }
    public func copyWith(rank: Int) -> TaskItem { copyWith { $0.rank = rank } }
    public func copyWith(dueAt: Date?) -> TaskItem { copyWith { $0.dueAt = dueAt } }
    public func copyWith(updatedAt: Date?) -> TaskItem { copyWith { $0.updatedAt = updatedAt } }
    public func copyWith(views: Int) -> TaskItem { copyWith { $0.views = views } }
    public func copyWith(tags: [String]) -> TaskItem { copyWith { $0.tags = tags } }
    public func copyWith(isExpanded: Bool) -> TaskItem { copyWith { $0.isExpanded = isExpanded } }

    /// A copy with other local values and the same data.
    public func replacingLocalValues(_ localValues: LocalValues) -> TaskItem {
        TaskItem(checkedDictionary: dictionary, localValues: localValues)
    }
}

// MARK: - Hashable

extension TaskItem {
    /// Equal when the serialized data is equal; local values do not count.
    public static func == (lhs: TaskItem, rhs: TaskItem) -> Bool { lhs.dictionary == rhs.dictionary }
    public func hash(into hasher: inout Hasher) { hasher.combine(dictionary) }
}

// MARK: - Codable

extension TaskItem {
    public init(from decoder: any Decoder) throws { self = try Self.decoded(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try dictionary.encode(to: encoder) }
}

// MARK: - CustomStringConvertible

extension TaskItem {
    public var description: String {
        Self.describe([
            "id": id, "title": title, "rank": rank, "dueAt": dueAt, "updatedAt": updatedAt, "views": views,
            "tags": tags,
        ])
    }
}
