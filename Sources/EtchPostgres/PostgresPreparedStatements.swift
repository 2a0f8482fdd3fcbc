/// The statements one connection prepared on its server, by SQL text, the least recently used
/// forgotten first once ``capacity`` are held.
///
/// A forgotten statement stays on the server until the connection is next between
/// transactions: `DEALLOCATE` inside a transaction would abort it if it failed, so the names
/// wait in ``deallocations`` until then. Names are never reused, so a statement that
/// lingers on the server is never mistaken for another.
///
/// ```swift
/// var statements = PostgresPreparedStatements(capacity: 2)
/// statements.name(of: "SELECT 1")     // nil
/// statements.add("SELECT 1")          // "etch_1"
/// statements.name(of: "SELECT 1")     // "etch_1"
/// ```
struct PostgresPreparedStatements: Sendable {
    /// The most statements held; at least 1.
    let capacity: Int
    /// Each statement's name and when it was last used, by SQL text.
    private var entries: [String: Entry] = [:]
    /// The number of the next name and the clock of the uses.
    private var counter = 0
    /// The names of forgotten statements still prepared on the server.
    private(set) var deallocations: [String] = []

    /// A prepared statement's name and last use.
    private struct Entry: Sendable {
        let name: String
        var lastUse: Int
    }

    /// An empty cache.
    ///
    /// - Parameter capacity: The most statements held at once.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The number of statements held.
    var count: Int { entries.count }

    /// The name of a statement prepared before, marked as just used; `nil` when it was not.
    mutating func name(of sql: String) -> String? {
        counter += 1
        guard let name = entries[sql]?.name else { return nil }
        entries[sql]?.lastUse = counter
        return name
    }

    /// Names a statement about to be prepared, forgetting the least recently used one when
    /// the cache is full (its name joins ``deallocations``).
    ///
    /// - Complexity: O(*n*) when the cache is full, O(1) otherwise.
    mutating func add(_ sql: String) -> String {
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            deallocations.append(oldest.value.name)
        }
        counter += 1
        let name = "etch_\(counter)"
        entries[sql] = Entry(name: name, lastUse: counter)
        return name
    }

    /// Forgets a statement the server no longer holds as it was prepared.
    mutating func remove(_ sql: String) {
        entries[sql] = nil
    }

    /// Forgets every statement: the server's session ended or forgot them.
    mutating func removeAll() {
        entries.removeAll()
        deallocations.removeAll()
    }

    /// Takes the names waiting to be deallocated.
    mutating func takeDeallocations() -> [String] {
        defer { deallocations.removeAll() }
        return deallocations
    }
}
