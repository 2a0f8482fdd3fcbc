import Etch
import EtchStore
import Foundation

extension PostgresStore {
    /// Runs a transaction: every insert, update and delete `body` makes applies when it
    /// returns, or none does.
    ///
    /// `body` runs on one pooled connection's thread, inside a `READ COMMITTED` transaction
    /// whose reads lock what they read: each object the transaction reads (``PostgresStoreTransaction/object(_:id:)``,
    /// an update's read, the `@onDelete` rules' reads) or writes has its row locked until the
    /// transaction ends, and is read as last committed, or as the transaction left it.
    /// Transactions that touch the same object take turns: the later one waits for the
    /// earlier to end, then reads what it committed, so an update by transform never loses a
    /// concurrent one, and none of them fails for it. Transactions that touch different
    /// objects do not wait for each other, and do not fail for each other.
    ///
    /// Two transactions that each wait for an object the other holds deadlock: PostgreSQL
    /// fails one of them (SQLSTATE `40P01`, after its `deadlock_timeout`, a second by
    /// default). That one is rolled back and run again from the start, after a short random
    /// pause, up to ``maxTransactionAttempts`` times, as is one whose `@unique` value a
    /// concurrent transaction took first (its next attempt reports the holder): `body` may
    /// run more than once, so it must do nothing outside the transaction that it cannot
    /// repeat. Touching objects in one order (by id, say) avoids deadlocks.
    ///
    /// An object the transaction found missing is not locked, and a concurrent transaction
    /// may insert it: inserting it then replaces that one, as an insert does.
    ///
    /// When `body` returns, the `@onDelete` rules of the references to the objects it
    /// deleted apply, in the same transaction; then, when the store records ``history``, the
    /// net change of every object the transaction touched (the rules' included) is recorded
    /// as the last statement, and it commits. Only the attempt that commits is recorded; a
    /// transaction that changed nothing records nothing.
    ///
    /// ```swift
    /// try await store.write { tx in
    ///     try tx.update(Counter.self, id: "visits") { $0.copyWith(value: $0.value + 1) }
    /// }
    /// ```
    ///
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``EtchStore/StoreError/uniqueViolation(model:field:value:existingID:newID:)``;
    ///   ``EtchStore/StoreError/deleteRefused(model:id:referencedBy:referringID:field:)``;
    ///   ``PostgresError/serializationFailure(attempts:sqlState:message:)`` after
    ///   ``maxTransactionAttempts`` deadlocks; ``PostgresError/connectionLost(sqlState:reason:duringCommit:)``
    ///   when the connection ended (the server rolled the transaction back, unless it ended
    ///   during `COMMIT`, which the error says). Nothing applies when it throws, that last
    ///   case excepted.
    @discardableResult
    public func write<Result: Sendable>(
        _ body: @Sendable (PostgresStoreTransaction) throws -> Result
    ) async throws -> Result {
        var attempt = 1
        while true {
            do {
                return try await pool.transaction(isolation: .readCommitted, maxAttempts: 1) { connection in
                    let transaction = PostgresStoreTransaction(store: self, connection: connection)
                    let result = try body(transaction)
                    try transaction.applyDeleteRules()
                    // The history's statement goes with COMMIT, in one round trip.
                    if let history = self.history {
                        try history.recordAndCommit(
                            transaction.log.changes, statement: self.historyStatement, on: connection)
                    }
                    return result
                }
            } catch let taken as UniqueValueTakenConcurrently {
                // The next attempt's check sees the holder, and names it.
                guard attempt < maxTransactionAttempts else { throw taken.violation }
                attempt += 1
                continue
            } catch PostgresError.serializationFailure(_, let sqlState, let message) {
                guard attempt < maxTransactionAttempts else {
                    throw PostgresError.serializationFailure(attempts: attempt, sqlState: sqlState, message: message)
                }
                attempt += 1
                // A random pause, growing with the attempts, so that the transactions that
                // conflicted do not meet again at once.
                try await Task.sleep(for: .microseconds(Int.random(in: 100...(1_000 * min(attempt, 20)))))
            }
        }
    }
}
