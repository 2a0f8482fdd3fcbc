import Foundation
import GRDB

// GRDB's one-row commit in a `DatabasePool` (WAL, `synchronous = NORMAL`: GRDB's defaults for
// a pool), on a file of 100,000 rows, timed one commit at a time after a warm-up:
//
// - `plain`: `UPDATE item SET plays = ? WHERE id = ?` on a table of three columns and no
//   index but its key, through a cached statement: one page per commit, GRDB's fastest.
// - `tracks`: the same update of a track's plays, through a cached statement, on a table
//   shaped like Etch's benchmark tracks: a unique code, an index on album and one on
//   (album, plays), so the update moves an index entry, as Etch's commit does.
// - `tracks-execute`: the same through `db.execute(sql:arguments:)`, as GRDB's README
//   writes an update.
// - `tracks-record`: a `Track` record fetched by id, changed and saved with `update(db)`.
//
// Usage: GRDBCommit <directory> [case,...]

/// SplitMix64: the same ids and values on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// A track as `tracks-record` reads and writes it.
struct Track: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "track"
    var id: Int64
    var code: String
    var album: Int64
    var plays: Int64
    var title: String
    var score: Double
    var record: Int64
}

enum Case: String, CaseIterable {
    case plain, tracks
    case tracksExecute = "tracks-execute"
    case tracksRecord = "tracks-record"

    var table: String { self == .plain ? "item" : "track" }
}

let rows = 100_000
let (warmUp, timed) = (1_000, 20_000)

func title(_ random: inout SeededGenerator) -> String {
    String((0..<20).map { _ in "abcdefghijklmnopqrstuvwxyz ".randomElement(using: &random)! })
}

func fill(_ pool: DatabasePool, _ shape: Case, _ random: inout SeededGenerator) throws {
    try pool.write { db in
        if shape == .plain {
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT, plays INTEGER)")
            let insert = try db.makeStatement(sql: "INSERT INTO item VALUES (?, ?, ?)")
            for id in 1...rows {
                try insert.execute(arguments: [id, title(&random), Int.random(in: 0..<10_000, using: &random)])
            }
            return
        }
        try db.execute(
            sql: """
                CREATE TABLE track (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, album INTEGER NOT NULL,
                    plays INTEGER NOT NULL, title TEXT NOT NULL, score REAL NOT NULL, record INTEGER NOT NULL);
                CREATE INDEX track_album ON track (album);
                CREATE INDEX track_album_plays ON track (album, plays);
                """)
        let insert = try db.makeStatement(sql: "INSERT INTO track VALUES (?, ?, ?, ?, ?, ?, ?)")
        for id in 1...rows {
            try insert.execute(arguments: [
                id, "C\(id)", id / 100, Int.random(in: 0..<10_000, using: &random), title(&random),
                Double.random(in: 0..<5, using: &random), id % 7,
            ])
        }
    }
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

func run(_ shape: Case, in directory: String) throws -> String {
    let path = "\(directory)/grdb-\(shape.rawValue).sqlite"
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    var random = SeededGenerator(state: 42)
    let pool = try DatabasePool(path: path)
    try fill(pool, shape, &random)
    let sql = "UPDATE \(shape.table) SET plays = ? WHERE id = ?"
    var round: Int64 = 0
    func commit() throws {
        round += 1
        let (id, plays) = (Int64.random(in: 1...Int64(rows), using: &random), 10_000 + round)
        switch shape {
        case .plain, .tracks:
            try pool.write { db in try db.cachedStatement(sql: sql).execute(arguments: [plays, id]) }
        case .tracksExecute:
            try pool.write { db in try db.execute(sql: sql, arguments: [plays, id]) }
        case .tracksRecord:
            try pool.write { db in
                guard var track = try Track.fetchOne(db, key: id) else { fatalError("no track \(id)") }
                track.plays = plays
                try track.update(db)
            }
        }
    }
    for _ in 0..<warmUp { try commit() }
    let clock = ContinuousClock()
    var times: [Duration] = []
    times.reserveCapacity(timed)
    for _ in 0..<timed {
        let start = clock.now
        try commit()
        times.append(clock.now - start)
    }
    let last = try pool.read { db in try Int64.fetchOne(db, sql: "SELECT max(plays) FROM \(shape.table)") }
    guard last == 10_000 + round else { fatalError("the last commit is not in the file") }
    times.sort()
    let mean = microseconds(times.reduce(.zero, +)) / Double(timed)
    return String(
        format: "grdb %@: mean %.1f µs, median %.1f µs, 99th percentile %.1f µs, slowest %.0f µs of %d",
        shape.rawValue, mean, microseconds(times[timed / 2]), microseconds(times[timed * 99 / 100]),
        microseconds(times[timed - 1]), timed)
}

let arguments = CommandLine.arguments
let directory = arguments.count > 1 ? arguments[1] : NSTemporaryDirectory()
let cases =
    arguments.count > 2 ? arguments[2].split(separator: ",").compactMap { Case(rawValue: String($0)) } : Case.allCases
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
for shape in cases { print(try run(shape, in: directory)) }
