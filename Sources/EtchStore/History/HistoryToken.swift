import Foundation

/// A place in a store's history: the commit it names and everything before it.
///
/// Every commit that changes something takes the next token of its store's file, and the
/// tokens survive reopening, so a token kept from an earlier run (in `UserDefaults`, in a
/// sync's state) still names the same point later: ask ``Store/history(since:)`` for what
/// changed after it. A token belongs to one store file — it carries the file's identity —
/// and another store refuses it rather than answering with the wrong commits.
///
/// ```swift
/// let seen = await store.historyToken                 // keep it
/// // … later, maybe in another process:
/// for commit in try await store.history(since: seen) {
///     print(commit.token.number, commit.changes.map(\.model))
/// }
/// ```
public struct HistoryToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The identity of the store file (or in-memory store) the token belongs to.
    public let storeID: UUID
    /// The commit's number: one more for each commit that changed something, from 0 for a
    /// new store (a file Etch wrote before it kept a history starts at 1, its objects
    /// counting as one commit).
    public let number: Int

    /// Makes a token. Tokens come from a store; this initializer is for decoding kept ones
    /// and for tests.
    public init(storeID: UUID, number: Int) {
        self.storeID = storeID
        self.number = number
    }

    /// The token in words, such as `42@6F1C…`.
    public var description: String { "\(number)@\(storeID.uuidString)" }
}
