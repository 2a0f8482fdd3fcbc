import EtchPostgres
import Testing

@Suite struct PostgresConnectionTests {}

/// A text sent as a parameter, with a readable name for the test's arguments.
struct ParameterCase: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    var testDescription: String { name }

    static let all = [
        ParameterCase(name: "single quotes", text: "it's 'quoted'"),
        ParameterCase(name: "double quotes", text: "say \"hi\""),
        ParameterCase(name: "backslashes", text: #"C:\path\to\n and \\ and \'"#),
        ParameterCase(name: "SQL", text: "'); DROP TABLE pg_class; --"),
        ParameterCase(name: "placeholder", text: "$1 $2 ?"),
        ParameterCase(name: "unicode", text: "Ünïcödé — 日本語 — 🎸🇫🇷 — e\u{301}"),
        ParameterCase(name: "empty", text: ""),
        ParameterCase(name: "newlines", text: "line 1\nline 2\r\n\ttab"),
    ]
}

extension PostgresConnectionTests {
    @Test(.enabled(if: PostgresTestServer.isConfigured), arguments: ParameterCase.all)
    func textRoundTripsAsAParameter(_ parameter: ParameterCase) throws {
        let connection = try PostgresConnection(connectionString: try #require(PostgresTestServer.connectionString))
        let rows = try connection.execute("SELECT $1::text AS value, length($1::text)", [parameter.text])
        #expect(rows.columns == ["value", "length"])
        #expect(rows.values == [[parameter.text, String(parameter.text.unicodeScalars.count)]])
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured), arguments: ParameterCase.all)
    func jsonbRoundTripsAsAParameter(_ parameter: ParameterCase) throws {
        let connection = try PostgresConnection(connectionString: try #require(PostgresTestServer.connectionString))
        let rows = try connection.execute("SELECT jsonb_build_object('v', $1::text) ->> 'v'", [parameter.text])
        #expect(rows.singleValue == parameter.text)
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func nullParameterIsSQLNull() throws {
        let connection = try PostgresConnection(connectionString: try #require(PostgresTestServer.connectionString))
        let rows = try connection.execute("SELECT $1::text IS NULL, $1::text", [nil])
        #expect(rows.values == [["t", nil]])
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func nulCharacterIsRefusedBeforeSending() throws {
        let connection = try PostgresConnection(connectionString: try #require(PostgresTestServer.connectionString))
        #expect(
            throws: PostgresError.invalidParameter(position: 2, reason: "it holds a NUL character, which text cannot")
        ) {
            try connection.execute("SELECT $1::text, $2::text", ["fine", "a\u{0}b"])
        }
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func serverErrorCarriesSQLStateAndLeavesTheConnectionUsable() throws {
        let connection = try PostgresConnection(connectionString: try #require(PostgresTestServer.connectionString))
        let error = try #require(throws: PostgresError.self) { try connection.execute("SELEKT 1") }
        #expect(error.sqlState == "42601")
        #expect(error.description.contains("SELEKT 1"))
        #expect(try connection.execute("SELECT 1").singleValue == "1")
    }

    @Test func unreachableSocketIsAClearError() throws {
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection(connectionString: "host=/nonexistent/etch-socket-folder user=etch dbname=postgres")
        }
        guard case .serverUnreachable(let server, _) = error else {
            Issue.record("expected serverUnreachable, got \(error)")
            return
        }
        #expect(server == "/nonexistent/etch-socket-folder:5432")
        #expect(error.sqlState == "08001")
        #expect(error.description.contains("Start it"))
    }

    @Test func unreadableConnectionStringIsAClearError() throws {
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection(connectionString: "host=localhost colour=blue")
        }
        guard case .invalidConnectionString(let reason) = error else {
            Issue.record("expected invalidConnectionString, got \(error)")
            return
        }
        #expect(reason.contains("colour"))
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func unknownRoleIsAnAuthenticationError() throws {
        let connection = try PostgresConnection(connectionString: try #require(PostgresTestServer.connectionString))
        let endpoint = connection.endpoint
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection(
                connectionString: "host=\(endpoint.host) port=\(endpoint.port) user=no_such_role dbname=postgres")
        }
        guard case .authenticationFailed(let user, _, let reason) = error else {
            Issue.record("expected authenticationFailed, got \(error)")
            return
        }
        #expect(user == "no_such_role")
        #expect(reason.contains("no_such_role"))
        #expect(error.description.contains("CREATE ROLE no_such_role LOGIN"))
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func missingDatabaseIsAClearError() throws {
        let connection = try PostgresConnection(connectionString: try #require(PostgresTestServer.connectionString))
        let endpoint = connection.endpoint
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection(
                connectionString: "host=\(endpoint.host) port=\(endpoint.port) user=\(endpoint.user) dbname=no_such_db")
        }
        guard case .databaseMissing(let database, _, _) = error else {
            Issue.record("expected databaseMissing, got \(error)")
            return
        }
        #expect(database == "no_such_db")
        #expect(error.sqlState == "3D000")
    }
}
