import Foundation

/// The command line of `etch-bench`.
struct Options {
    /// Tiny sizes and iteration counts, for a CI smoke run.
    var quick = false
    /// Print JSON instead of a table.
    var json = false
    /// Where twitter.json and canada.json are looked for first.
    var dataDirectory: String?
    /// Run only benchmarks whose name contains this text.
    var filter: String?
    /// Time only one side of each comparison (the other is reported as 0), for profilers.
    var side: Side?
    /// Set by the internal `--internal-writer`: instead of benchmarking, commit to a store
    /// file as the other process of the cross-process row does.
    var writer: CommitWriter.Request?
    /// Set by the internal `--internal-open`: instead of benchmarking, open this store file of
    /// albums and print what it cost, as the other process of the memory row.
    var openMeterFile: URL?
    /// Run the open and memory rows at 10k, 100k and 1M albums, for the README's table of how
    /// they grow, instead of at 100k only.
    var growth = false

    /// One side of a comparison.
    enum Side: String {
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
    static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h": return nil
            case "--quick": options.quick = true
            case "--json": options.json = true
            case "--internal-writer":
                guard let path = remaining.popFirst(), let commits = remaining.popFirst().flatMap({ Int($0) }),
                    commits > 0
                else {
                    throw UsageError(description: "--internal-writer needs a store file and a number of commits")
                }
                options.writer = CommitWriter.Request(url: URL(filePath: path), commits: commits)
            case "--internal-open":
                guard let path = remaining.popFirst() else {
                    throw UsageError(description: "--internal-open needs a store file")
                }
                options.openMeterFile = URL(filePath: path)
            case "--growth": options.growth = true
            case "--data", "--filter", "--side":
                guard let value = remaining.popFirst() else {
                    throw UsageError(description: "\(argument) needs a value")
                }
                switch argument {
                case "--data": options.dataDirectory = value
                case "--filter": options.filter = value
                default:
                    guard let side = Side(rawValue: value) else {
                        throw UsageError(description: "--side takes 'etch' or 'baseline', not '\(value)'")
                    }
                    options.side = side
                }
            default:
                throw UsageError(description: "unknown argument '\(argument)'; see --help")
            }
        }
        return options
    }

    /// Whether the benchmark named `name` should run.
    func includes(_ name: String) -> Bool {
        guard let filter else { return true }
        return name.localizedCaseInsensitiveContains(filter)
    }

    static let usage = """
        USAGE: swift run -c release etch-bench [--quick] [--json] [--data <dir>] [--filter <text>]
                                              [--side etch|baseline] [--growth]

        Compares Etch with what a user would write without it, on the same bytes, in one run.
        Each row prints the median time of one operation the Etch way and the baseline way
        (monotonic clock, warm-up, 9 repetitions timed in alternation), and
        ratio = baseline / etch: above 1 means Etch is faster. The memory row prints heap
        bytes instead, and there ratio above 1 means Etch keeps fewer.

        OPTIONS:
          --quick          Tiny iteration counts and sizes (data sources of 10k and 100k, a batch
                           of 1k, no 1M; stores of 10k): a smoke run for CI.
          --json           Print one JSON array of objects {"name", "unit", "etch_seconds",
                           "baseline_seconds", "ratio"} on standard output, instead of the table;
                           rows of "unit": "bytes" carry "etch_bytes" and "baseline_bytes" instead
                           of the seconds. With --side, "ratio" is null.
          --data <dir>     Read twitter.json and canada.json from <dir> only. Without it,
                           $ETCH_BENCH_DATA is used when set, else ../shared/data next to the
                           package. Without twitter.json, a twitter-like document is generated
                           (seeded: the same bytes on every run); without canada.json, its row
                           is skipped.
          --filter <text>  Run only the benchmarks whose name contains <text>.
          --side <side>    Time only the etch or the baseline side (the other reads 0 s); for
                           profiling one side, e.g. with `perf record` or callgrind.
          --growth         Run the album open and memory rows at 10k, 100k and 1M albums (slow:
                           the 1M file takes minutes to write), for the README's table of how
                           open time and memory grow.
          -h, --help       Show this help.
          --internal-open <file>
                           Internal: the memory row runs this program again with it, to open the
                           store file <file> of albums in a fresh process and print what that
                           cost (time, resident and heap bytes) as JSON.
          --internal-writer <file> <n>
                           Internal: the cross-process rows run this program again with it as
                           their other process, which commits n times to the store file <file>,
                           15 to 25 ms apart, and prints when each commit returned.

        WHAT EACH ROW MEASURES (time per operation):
          decode twitter    bytes -> fully validated typed models: SearchResult(jsonData:) vs
                            JSONDecoder into hand-written Codable structs declaring the same
                            fields (Twitter.etch) with explicit CodingKeys. Etch also keeps the
                            keys it does not declare.
          decode canada     the same for canada.json, coordinates as [[[Double]]].
          parse twitter (untyped)
                            bytes -> a JSON value: ModelValue(jsonData:) vs
                            JSONSerialization.jsonObject, the PTKModel way ([String: Any]).
          encode twitter    typed models -> bytes: model.jsonData() vs JSONEncoder on the Codable
                            structs. Neither escapes "/". Etch writes every key it holds, nulls
                            included, so its output is ~10% larger than JSONEncoder's.
          encode twitter (untyped)
                            value.jsonData() vs JSONSerialization.data(withJSONObject:).
          read Int, read String, read nested
                            one property of one status (retweetCount, text,
                            user.followersCount): the typed getter vs a [String: Any] lookup
                            and an `as?` cast.
          custom @dateFormat read
                            one status's created_at ("Wed Oct 10 20:19:24 +0000 2018") through
                            the getter of a @dateFormat("EEE MMM dd HH:mm:ss Z yyyy") field
                            (Dates.etch) vs DateFormatter.date(from:) with the same pattern.
          copyWith 1 field, copyWith 3 fields
                            a copy of one status with fields changed vs copying its
                            [String: Any] and setting the keys.
          read Int vs struct, read nested vs struct, read array vs struct
                            one property of one status (retweetCount, user.followersCount, and
                            the id of each of entities.userMentions): the typed getter vs the
                            stored property of the hand-written Codable structs (JSONDecoder),
                            the fastest read there is. No bar: shown so the distance is seen.
          copyWith 1 field vs struct
                            status.copyWith(retweetCount:) vs copying the Codable struct and
                            setting its retweetCount; each side stores its copy in an array, as
                            an app replacing an object does. Bar: 3x or more.
          memory per twitter status
                            heap bytes in use per status (its user, entities and retweet
                            included) after decoding twitter.json 20 times (4 with --quick) and
                            keeping every result: SearchResult(jsonData:), which keeps every key
                            of the JSON, declared or not, vs JSONDecoder into the Codable
                            structs, which keep only their fields. Read from glibc's
                            malloc_info() (mallinfo2's uordblks + hblkhd: blocks with their
                            headers), after one result made and dropped and one kept; skipped
                            without glibc. Bar: at most 1.3x the struct's bytes.
          JSONDecoder: Etch model vs Codable struct, twitter
                            an Etch model on Foundation's Codable path, as a property of a
                            user's Codable type: JSONDecoder into SearchResult vs into the
                            Codable structs. Etch keeps every key, the undeclared ones too.
          JSONEncoder: Etch model vs Codable struct, twitter
                            JSONEncoder on the same two. Etch writes every key it holds, nulls
                            included; the structs drop both (its note prints the two sizes).
          JSONDecoder/JSONEncoder: Etch model vs Codable struct, declared keys only
                            the same two rows on the structs' own output, which holds only the
                            declared keys and no null: the same keys read and written on
                            both sides.
          data source replace, N objects
                            DataSource.update(id:) { $0.copyWith(rank:) } moving one object to a
                            random new rank, vs an array: firstIndex(where:), the same copyWith,
                            then sorting the whole array. Bar: at 100k, 100x or more.
          data source batch K into 100k
                            DataSource.sortAndAdd(contentsOf:) with K changed objects, vs an
                            array: an id -> position table, K replacements, one sort.
                            Bar: at 10k, 20x or more.

          The store rows use N = 100k tracks (Track.etch; 10k with --quick) spread over N/100
          albums, the same tracks in a Store in memory and in an array in id order; each call
          asks about another random album or code. Bars, at 100k: 100x or more for every
          store row but the commit, open, history and cross-process rows.
          store @index lookup, N objects
                            store.objects(Track.self, where: \\.album, is: album), ~100 tracks
                            in id order, vs array.filter { $0.album == album }.
          store @unique lookup, N objects
                            store.unique(Track.self, \\.code, code) vs
                            array.first { $0.code == code } (half the array on average).
          store Predicate query, indexed conjunct, N objects
                            store.fetch(StoreQuery(predicate: #Predicate { $0.album == album &&
                            $0.plays > 10 }, sortBy: [SortDescriptor(\\.plays)])), which the
                            planner answers from the plays range of the album's group, vs
                            array.filter { try predicate.evaluate($0) } with the same Predicate,
                            then sorted (plays, then id).
          store Predicate query vs a closure filter, N objects
                            the same fetch vs the filter a user would write by hand,
                            array.filter { $0.album == album && $0.plays > 10 }, sorted the same
                            way: a stricter baseline, since Foundation's Predicate evaluation
                            costs more than the closure. No bar: shown so the distance is seen.
          store sorted range in group, limit 20, N objects
                            store.sorted(Track.self, by: \\.plays, inGroup: album, order:
                            .reverse, limit: 20) vs filter + sorted (plays, then id, descending)
                            + prefix(20).
          store @index lookup, file of N, store @unique lookup, file of N
                            the two lookups above on a store in a file of the same tracks, whose
                            every read first looks for other stores' commits (an atomic load and
                            a clock read; at most once per ms, SQLite's PRAGMA data_version).
          store commit 1 object, file of N
                            store.write { tx.update(...) { $0.copyWith(plays:) } } in a
                            file-backed store (SQLite, WAL, synchronous FULL: one fsync) vs a
                            DataSource with a file: update(id:), then save(), which rewrites the
                            whole file (encode, write, fsync, rename). Same change on both sides,
                            files in the system's temporary directory. Bound by the disk's fsync
                            latency, so it varies from machine to machine and from run to run.
          store open file of N
                            Store(url:models:) of a file of N tracks (read, decode each object,
                            build its indexes) vs DataSource(sortedBy: [], file:) of a data source
                            file of the same tracks (read, decode the JSON array, index by id):
                            what an app that keeps its objects in a data source does at launch.
          store open file of N after adding an indexed field
                            Store(url:models:) of a file written before the schema gained a field
                            with a default and an @index (MoodTrack.mood in Track.etch: the
                            objects' JSON has no mood), vs the same open of the same objects
                            written with the field. Both read every object and build every
                            index; the older objects read the default. No bar.
          store open and hold albums, file of N
                            Store(url:models:) of a file of N albums (LibraryAlbum.etch: ~595 bytes
                            of JSON each, 11 of their 18 keys undeclared; read, decode, check the
                            @unique catalog, build the four indexes), the store then holding every
                            album, vs the same open measured on the code of 2026-11-27, before the
                            open was made parallel (figures kept in StoreOpenBenchmarks). Bar:
                            4x or more at 100k.
          store memory per album held, file of N
                            the resident memory an open store of N albums adds to a fresh process
                            (this program again, in its --internal-open mode), per album, vs the
                            same on the code of 2026-11-27. The notes break it down: heap in use,
                            the albums' own storage (what stays when the store is closed and an
                            array of the albums kept), the store's tables and indexes, SQLite's
                            heap, and memory freed by the opening but kept by the allocator
                            (what malloc_trim gives back). Bar: at most half, at 100k.
          store commit 1 object, durability .normal vs .full, file of N
                            the commit row above on a store opened with
                            StoreOptions(durability: .normal) (synchronous NORMAL: no fsync per
                            commit; survives a crash of the process, may lose the last commits on
                            a power loss) vs the default .full. Target: .normal at most 50 us.
          store history since C commits of 10 vs re-reading, file of M
                            store.history(since: token) over C = 1,000 commits (100 with
                            --quick) of 10 tracks each, in a file of M = 10k tracks (1k with
                            --quick), vs what a sync without a history does: store.objects of
                            every track, compared one by one with the copy kept at its last run.
                            Both must find the same tracks with the same final values. A second
                            row does the same over the last 10 commits only. No bar.
          store inverse relation of 100 vs a query, N objects
                            store.related(Record.tracks, of: record), the 100 tracks that refer
                            to a record, most played first, vs store.fetch of a Predicate on the
                            reference ($0.record == ref, no index on it) sorted the same way: a
                            query over the other type on every read, CBLModel's way. Bar: 100x.
          store live query of N/10, one-object commit, N objects
                            a commit changing one listed track's plays, then the list as a screen
                            holds it: the next change of store.observe(query) (its snapshot), vs
                            store.fetch(query) again and fresh.difference(from: rows)
                            .inferringMoves(). The query lists the tracks of a tenth of the
                            albums (~10k at 100k) by plays. Each side has its own store of the
                            same tracks. Bar: 100x.
          store commit seen by another process's live query, file of N
                            the time from store.write returning in another process (this program
                            again, in its --internal-writer mode) to a live query of the tracks of
                            one album, in this process, delivering the commit; vs the same with
                            the writer a second store on the file in this process. Each figure
                            is the median over 200 commits (10 with --quick), 15 to 25 ms apart,
                            on CLOCK_MONOTONIC; the notes give the 99th percentiles. Both are
                            bounded by the watch interval (StoreOptions.watchInterval, 10 ms by
                            default) plus the catch-up. Target: median and p99 at most 50 ms.
          store commit seen by another process's live query, watch 2 ms, file of N
                            the same with StoreOptions(watchInterval: .milliseconds(2)) for the
                            observing store.
        """
}
