import Foundation

/// The command line of `etch-pg-bench`.
struct Options {
    /// How many albums each side's table holds.
    var count = 100_000
    /// Tiny sizes and iteration counts, for a CI smoke run.
    var quick = false
    /// Print JSON instead of a table.
    var json = false
    /// Run only benchmarks whose name contains this text.
    var filter: String?
    /// Time only one side of each comparison (the other is reported as 0), for profilers.
    var side: Side?
    /// The server's connection string: `--url`, else `$ETCH_POSTGRES_URL`.
    var url: String?
    /// Add the breakdown rows: pieces of the Etch side timed alone.
    var breakdown = false
    /// Start a throwaway cluster (Scripts/postgres-server.sh) and stop it at the end.
    var startServer = false
    /// Set by the internal `--internal-committer`: instead of benchmarking, commit as one of
    /// the processes of the concurrent row.
    var committer: Committer.Request?

    /// One side of a comparison.
    enum Side: String, Sendable {
        case etch
        case baseline
    }

    /// Thrown for a command line that cannot be run; the message says why.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the arguments (without the program name).
    ///
    /// - Returns: `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown option or a missing value.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Options? {
        var options = Options()
        var count: Int?
        var remaining = arguments[...]
        func value(of option: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h": return nil
            case "--quick": options.quick = true
            case "--json": options.json = true
            case "--start-server": options.startServer = true
            case "--breakdown": options.breakdown = true
            case "--filter": options.filter = try value(of: argument)
            case "--url": options.url = try value(of: argument)
            case "--count":
                guard let number = Int(try value(of: argument).replacing("_", with: "")), number >= 1000 else {
                    throw UsageError(description: "--count takes a number of albums, at least 1000")
                }
                count = number
            case "--side":
                let side = try value(of: argument)
                guard let parsed = Side(rawValue: side) else {
                    throw UsageError(description: "--side takes 'etch' or 'baseline', not '\(side)'")
                }
                options.side = parsed
            case "--internal-committer":
                let fields = [try value(of: argument), try value(of: argument), try value(of: argument)]
                guard let side = Side(rawValue: fields[0]), let process = Int(fields[1]), let start = Double(fields[2])
                else { throw UsageError(description: "--internal-committer needs a side, a process number, a start") }
                options.committer = Committer.Request(side: side, process: process, start: start)
            default:
                throw UsageError(description: "unknown argument '\(argument)'; see --help")
            }
        }
        options.count = count ?? (options.quick ? 1000 : 100_000)
        if options.url == nil { options.url = environment["ETCH_POSTGRES_URL"] }
        if options.url == nil && !options.startServer {
            throw UsageError(
                description: "give a server: --url <connection string>, ETCH_POSTGRES_URL, or --start-server")
        }
        return options
    }

    /// Whether the benchmark named `name` should run.
    func includes(_ name: String) -> Bool {
        guard let filter else { return true }
        return name.localizedCaseInsensitiveContains(filter)
    }

    /// How many commits each process of the concurrent row makes.
    var commitsPerProcess: Int { quick ? 10 : 200 }

    static let usage = """
        USAGE: swift run -c release etch-pg-bench (--url <connection string> | --start-server)
                                                 [--count <n>] [--quick] [--json] [--filter <text>]
                                                 [--side etch|baseline] [--breakdown]

        Compares Etch's PostgreSQL path (LibraryAlbum models in a PostgresStore, each row the
        store call a user writes) with the libpq code a server developer writes by
        hand (a table of real columns plus a jsonb column for the undeclared keys, prepared
        statements, text protocol, rows decoded by hand into a struct), on the same albums, on one
        server, in one run. Each row prints the median time of one operation by hand and the Etch
        way (monotonic clock, warm-up, 9 repetitions timed in alternation), ratio = by hand / etch
        (above 1 means Etch is faster), and the bar: Etch within 1.25x of the hand-written time.
        The run ends with the process's peak resident memory (VmHWM), bounded at 1M albums.

        It drops and makes the tables "LibraryAlbum" and album_rows in the connection's schema.

        OPTIONS:
          --url <string>   The server: a URI (postgresql://etch@localhost/bench) or libpq's
                           key=value form. Without it, $ETCH_POSTGRES_URL.
          --start-server   Start a throwaway cluster with Scripts/postgres-server.sh (initdb in a
                           temporary folder, a Unix socket only) and stop it at the end.
          --count <n>      Albums per side (default 100000; 1000 with --quick), at least 1000.
          --quick          Tiny iteration counts and 1000 albums: a smoke run for CI.
          --json           Print one JSON array of objects {"name", "unit", "etch_seconds",
                           "baseline_seconds", "ratio", "meets_bar"} on standard output instead
                           of the table; the peak memory goes to standard error.
          --filter <text>  Run only the rows whose name contains <text> (the albums are inserted
                           whenever a row needs them).
          --side <side>    Time only the etch or the baseline side (the other reads 0 s), for
                           profiling one side with `perf record`.
          --breakdown      Add rows that time pieces of the Etch side alone, after the reads: a
                           lookup by id on one connection without the pool, the same without the
                           JSON decode, the pool's hops, one small read waited for on the
                           connection's thread and on the caller's, a transaction of one small
                           statement (sent with BEGIN, then COMMIT), and one album's JSON
                           decoded and encoded. Rows of one side have no ratio.
          -h, --help       Show this help.
          --internal-committer <side> <process> <start>
                           Internal: the concurrent row runs this program again with it, 8 times;
                           each commits to one side's table, from <start> on (monotonic seconds).

        WHAT EACH ROW MEASURES (N albums of ~600 bytes of JSON, 7 declared keys, 11 undeclared):
          insert all        per album: both tables made empty with their indexes, then the albums
                            written in multi-row INSERTs of 1000 (Etch: insert(contentsOf:) in a
                            transaction per batch, which reads the batch's ids and @unique values
                            once, writes the batch as one array per column (ids, the models'
                            JSON, the indexed fields), unnested, and records the
                            history with COMMIT; by hand: 8 columns per row, a prepared
                            statement), timed batch by batch in alternation.
          lookup by id      one album of a random id.
          lookup by @unique one album of a random catalog number.
          lookup by @index  the ~100 albums of a random artist, in id order.
          indexed range     an artist's albums of 1970 to 1999 (~40), in id order.
          sorted range with group and limit
                            the first 20 albums of a genre from a random year, by year then id.
          one-object commit one album written (its rating changed) in a transaction of its own:
                            both read committed, Etch's reading the album with FOR UPDATE (an
                            update by transform) and recording the history.
          8 processes committing concurrently
                            8 processes (this program again) each making 200 such commits (10 with
                            --quick) on albums of their own, at once: the time from the first
                            commit's start to the last one's end, per commit; the median of 3
                            rounds per side, in alternation.
        """
}
