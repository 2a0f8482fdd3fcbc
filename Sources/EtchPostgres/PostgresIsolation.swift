/// How a transaction sees concurrent ones: PostgreSQL's isolation levels.
public enum PostgresIsolation: String, Sendable, CaseIterable {
    /// Each statement sees what was committed before it began.
    case readCommitted = "READ COMMITTED"
    /// The transaction sees what was committed before its first statement; a concurrent
    /// update of a row it updates fails it with SQLSTATE 40001.
    case repeatableRead = "REPEATABLE READ"
    /// As if transactions ran one after the other; one that cannot be ordered fails with
    /// SQLSTATE 40001.
    case serializable = "SERIALIZABLE"
}
