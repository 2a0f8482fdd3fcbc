import EtchPostgres
import EtchStore
import Foundation
import Testing

/// Opening a store where it cannot open: a server that is down, credentials it refuses, a
/// database another program made. Each is a clear error, and nothing of what is there is lost.
@Suite struct PostgresStoreOpeningTests {}

extension PostgresStoreOpeningTests {
    @Test func aServerThatIsDownIsAClearError() async throws {
        let error = await #expect(throws: PostgresError.self) {
            try await within(.seconds(60)) {
                _ = try await PostgresStore(
                    connectionString: "host=/nonexistent/etch-socket-folder user=etch dbname=postgres",
                    models: [Counter.self])
            }
        }
        guard case .serverUnreachable(let server, _) = error else {
            Issue.record("expected serverUnreachable, got \(String(describing: error))")
            return
        }
        #expect(server == "/nonexistent/etch-socket-folder:5432")
        #expect(error?.description.contains("Start it") == true)
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func anUnknownRoleIsRefused() async throws {
        let endpoint = try PostgresConnection(connectionString: try #require(PostgresTestServer.connectionString))
            .endpoint
        let error = await #expect(throws: PostgresError.self) {
            _ = try await PostgresStore(
                connectionString: "host=\(endpoint.host) port=\(endpoint.port) user=no_such_role dbname=postgres",
                models: [Counter.self])
        }
        guard case .authenticationFailed(let user, _, _) = error else {
            Issue.record("expected authenticationFailed, got \(String(describing: error))")
            return
        }
        #expect(user == "no_such_role")
    }

    @Test(.enabled(if: PostgresTestCluster.isAvailable))
    func aWrongPasswordIsRefusedAndTheRightOneOpens() async throws {
        // A cluster of the test's own, whose pg_hba.conf the test may change.
        let cluster = try await PostgresTestCluster()
        let admin = try PostgresConnection(connectionString: cluster.connectionString)
        try admin.execute("CREATE ROLE etch_password LOGIN PASSWORD 'the right one'")
        try admin.execute("CREATE SCHEMA AUTHORIZATION etch_password")
        let rules = cluster.folder + "/data/pg_hba.conf"
        let kept = try String(contentsOfFile: rules, encoding: .utf8)
        // Written in place, so that the file keeps its owner, the server's user.
        try ("local all etch_password scram-sha-256\n" + kept).write(toFile: rules, atomically: false, encoding: .utf8)
        try admin.execute("SELECT pg_reload_conf()")
        let base = "host=\(cluster.folder) user=etch_password dbname=postgres"
        // The server reads the file again soon after the signal, not before pg_reload_conf returns.
        try await within(.seconds(60)) {
            while (try? PostgresConnection(connectionString: base + " password=wrong")) != nil {
                try await Task.sleep(for: .milliseconds(10))
            }
        }

        for (password, says) in [(" password=wrong", "password authentication failed"), ("", "no password")] {
            let error = await #expect(throws: PostgresError.self) {
                _ = try await PostgresStore(connectionString: base + password, models: [Counter.self])
            }
            guard case .authenticationFailed(let user, _, let reason) = error else {
                Issue.record("expected authenticationFailed, got \(String(describing: error))")
                continue
            }
            #expect(user == "etch_password")
            #expect(reason.contains(says), "\(reason)")
        }
        let store = try await PostgresStore(
            connectionString: base + " password='the right one'", models: [Counter.self])
        try await store.write { tx in try tx.insert(Counter(id: "c", value: 1)) }
        #expect(try await store.count(Counter.self) == 1)
        await store.close()
    }
}

extension PostgresStoreOpeningTests {
    @Test(.enabled(if: PostgresTestServer.isConfigured), arguments: ForeignRelation.all)
    func aRelationAnotherProgramMadeIsRefusedAndLeftAsItIs(_ foreign: ForeignRelation) async throws {
        let schema = try TemporarySchema()
        let other = try PostgresConnection(connectionString: schema.connectionString)
        for statement in foreign.statements { try other.execute(statement) }
        let quoted = "\"\(foreign.relation)\""
        let description =
            "SELECT relkind::text, obj_description(oid, 'pg_class') FROM pg_class WHERE oid = $1::regclass"
        let before = try other.execute("SELECT * FROM \(quoted)").values
        let madeAs = try other.execute(description, [quoted]).values

        await #expect(throws: foreign.error) {
            _ = try await PostgresStore(connectionString: schema.connectionString, models: [Counter.self])
        }
        #expect(try other.execute("SELECT * FROM \(quoted)").values == before)
        #expect(try other.execute(description, [quoted]).values == madeAs)
    }
}

/// A relation another program made of the name the store gives one of its own, with rows.
struct ForeignRelation: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// The statements that make it.
    let statements: [String]
    /// Its name.
    let relation: String
    /// What opening a store there throws.
    let error: PostgresError

    static let all = [
        ForeignRelation(
            testDescription: "a table of the model's name, commented by its program",
            statements: [
                #"CREATE TABLE "Counter" (name text, value int)"#,
                #"COMMENT ON TABLE "Counter" IS 'billing: do not touch'"#,
                #"INSERT INTO "Counter" VALUES ('theirs', 7)"#,
            ],
            relation: "Counter",
            error: .foreignTable(table: "Counter", model: "Counter", found: "'billing: do not touch'")),
        ForeignRelation(
            testDescription: "a view of the model's name",
            statements: [
                "CREATE TABLE billing (name text)", "INSERT INTO billing VALUES ('theirs')",
                #"CREATE VIEW "Counter" AS SELECT name FROM billing"#,
            ],
            relation: "Counter",
            error: .foreignTable(table: "Counter", model: "Counter", found: "of relation kind v")),
        ForeignRelation(
            testDescription: "the model's table in a later format of Etch's",
            statements: [
                #"CREATE TABLE "Counter" (object jsonb NOT NULL)"#,
                #"COMMENT ON TABLE "Counter" IS 'Etch model Counter, format 3'"#,
                #"INSERT INTO "Counter" VALUES ('{"id": "c", "value": 1, "since": "format 3"}')"#,
            ],
            relation: "Counter",
            error: .foreignTable(table: "Counter", model: "Counter", found: "'Etch model Counter, format 3'")),
        ForeignRelation(
            testDescription: "a table of the history's name",
            statements: ["CREATE TABLE etch_history (entry text)", "INSERT INTO etch_history VALUES ('theirs')"],
            relation: "etch_history",
            error: .foreignTable(table: "etch_history", model: "the change history", found: "empty")),
    ]
}
