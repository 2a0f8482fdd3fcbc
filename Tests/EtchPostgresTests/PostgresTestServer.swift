import EtchPostgres
import Foundation
import Testing

/// The server the tests run against: `ETCH_POSTGRES_URL`, which `Scripts/test-postgres.sh`
/// sets to a throwaway cluster. Without it the tests that need a server are skipped.
enum PostgresTestServer {
    /// The connection string, if the environment gives one.
    static let connectionString = ProcessInfo.processInfo.environment["ETCH_POSTGRES_URL"]

    /// Whether a server is given.
    static var isConfigured: Bool { connectionString != nil }

    /// A connection string whose connections use `schema` first: `search_path` set through
    /// libpq's `options`, in the URI's or the key=value form.
    static func connectionString(schema: String) -> String {
        let base = connectionString ?? ""
        if base.contains("://") {
            return base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
        }
        return base + " options='-c search_path=\(schema)'"
    }
}

/// A PostgreSQL schema of its own for one test, so that tests running at once do not see
/// each other's tables; dropped with everything in it when the test ends.
final class TemporarySchema: Sendable {
    /// The schema's name.
    let name: String
    /// A connection string whose connections make their tables in the schema.
    let connectionString: String
    /// The connection that made the schema, and drops it.
    private let admin: PostgresConnection

    /// Makes a schema of a new name.
    init() throws {
        name = "etch_test_" + UUID().uuidString.lowercased().replacing("-", with: "")
        connectionString = PostgresTestServer.connectionString(schema: name)
        admin = try PostgresConnection(connectionString: try #require(PostgresTestServer.connectionString))
        try admin.execute("CREATE SCHEMA \"\(name)\"")
    }

    deinit {
        _ = try? admin.execute("DROP SCHEMA \"\(name)\" CASCADE")
    }
}
