import Etch
import EtchPostgres
import Testing

/// `PostgresConnectionPool.query(_:_:into:)`: rows read as they come, while the server still
/// works on the later ones; a failure after some rows drops them and leaves the connection
/// usable.
@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresPoolStreamingTests {}

/// Reads a statement's first column as text, noting when each piece of rows was read.
struct TimedTexts: PostgresRowReader {
    var texts: [String?] = []
    var readAt: [ContinuousClock.Instant] = []
    /// Counts the rows read, across copies of the reader, for a read that ends in an error.
    var counter: Locked<Int>?
    /// The row at which the reader throws, if any.
    var failingRow: Int?

    mutating func read(_ rows: PostgresResult) throws(PostgresError) {
        readAt.append(.now)
        for row in 0..<rows.rowCount {
            if texts.count == failingRow { throw .unexpectedResult(statement: "test", reason: "row \(row) refused") }
            texts.append(rows.text(row: row, column: 0))
            counter?.withLock { $0 += 1 }
        }
    }

    consuming func answer() -> (texts: [String?], readAt: [ContinuousClock.Instant]) { (texts, readAt) }
}

extension PostgresPoolStreamingTests {
    /// A pool of one connection, so that every call meets the same session.
    static func pool() throws -> PostgresConnectionPool {
        try PostgresConnectionPool(connectionString: try #require(PostgresTestServer.connectionString), size: 1)
    }

    /// Rows of 1000 characters, more than the server buffers before it sends them, then a row
    /// that comes a third of a second later.
    static let rowsThenPause =
        "SELECT repeat('x', 1000) FROM generate_series(1, $1::int) UNION ALL SELECT pg_sleep(0.3)::text"

    @Test func rowsAreReadAsTheyCome() async throws {
        let pool = try Self.pool()
        // The first call prepares the statement and reads its rows at once; the next are
        // sent from the caller's thread in single-row mode.
        for _ in 0..<2 {
            let (texts, _) = try await pool.query(Self.rowsThenPause, ["100"], into: TimedTexts())
            #expect(texts.count == 101)
            #expect(texts.dropLast().allSatisfy { $0?.utf8.count == 1000 } && texts.last == "")
        }
        let (texts, readAt) = try await pool.query(Self.rowsThenPause, ["100"], into: TimedTexts())
        #expect(texts.count == 101)
        // The first rows were read before the server's pause, the last after it.
        let first = try #require(readAt.first)
        let last = try #require(readAt.last)
        #expect(first.duration(to: last) > .milliseconds(200))
        #expect(try await pool.withConnection { $0.isIdle })
        await pool.close()
    }

    @Test func aFailureAfterSomeRowsThrowsAndLeavesTheConnectionUsable() async throws {
        let pool = try Self.pool()
        // Row 201 divides by zero, after 200 kB of rows that the server sent already.
        let sql =
            "SELECT CASE WHEN g <= 200 THEN repeat('x', 1000) ELSE (1 / (g - g))::text END"
            + " FROM generate_series(1, $1::int) g"
        #expect(try await pool.query(sql, ["10"], into: TimedTexts()).texts.count == 10)
        let counter = Locked(0)
        await #expect {
            _ = try await pool.query(sql, ["300"], into: TimedTexts(counter: counter))
        } throws: { error in
            guard case PostgresError.serverError(let sqlState, _, _, _, _) = error else { return false }
            return sqlState == "22012"
        }
        // Rows were read before the failure came, and dropped.
        #expect(counter.withLock { $0 } > 0)
        #expect(try await pool.withConnection { $0.isIdle })
        #expect(try await pool.query(sql, ["20"], into: TimedTexts()).texts.count == 20)
        await pool.close()
    }

    @Test func aReaderThatThrowsLeavesTheConnectionUsable() async throws {
        let pool = try Self.pool()
        let sql = "SELECT g::text FROM generate_series(1, $1::int) g"
        #expect(try await pool.query(sql, ["3"], into: TimedTexts()).texts == ["1", "2", "3"])
        await #expect(throws: PostgresError.self) {
            _ = try await pool.query(sql, ["1000"], into: TimedTexts(failingRow: 5))
        }
        #expect(try await pool.withConnection { $0.isIdle })
        #expect(try await pool.query(sql, ["4"], into: TimedTexts()).texts == ["1", "2", "3", "4"])
        await pool.close()
    }

    @Test func aStatementTheSessionForgotIsPreparedAgainWithAnUntouchedReader() async throws {
        let pool = try Self.pool()
        let sql = "SELECT g::text FROM generate_series(1, $1::int) g"
        #expect(try await pool.query(sql, ["2"], into: TimedTexts()).texts == ["1", "2"])
        _ = try await pool.withConnection { connection in try connection.execute("DEALLOCATE ALL") }
        #expect(try await pool.query(sql, ["3"], into: TimedTexts()).texts == ["1", "2", "3"])
        await pool.close()
    }
}
