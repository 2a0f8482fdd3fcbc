import Etch
import EtchBenchmarkSupport
import Foundation

/// Reading and copying decoded statuses: Etch's typed getters and `copyWith` against the
/// PTKModel way, a `[String: Any]` from `JSONSerialization` read with `as?` casts and
/// copied to change a key.
enum ModelBenchmarks {
    /// Runs the read and copy rows; each operation touches one status.
    static func run(_ runner: inout Runner, data: DataSet) async throws {
        let names = [
            "read Int", "read String", "read nested", "custom @dateFormat read", "copyWith 1 field",
            "copyWith 3 fields",
        ]
        guard names.contains(where: runner.includes) else { return }
        let statuses = try SearchResult(jsonData: data.twitter).statuses
        let root = try JSONSerialization.jsonObject(with: data.twitter) as? [String: Any]
        let objects = root?["statuses"] as? [[String: Any]] ?? []
        try expectSame(statuses.count, objects.count, "status count")
        try expectSame(
            statuses.map(\.retweetCount), objects.map { $0["retweet_count"] as? Int ?? -1 }, "retweet counts")
        let count = statuses.count

        try await runner.compare("read Int", operations: count) {
            var sum = 0
            for status in statuses { sum &+= status.retweetCount }
            return sum
        } baseline: {
            var sum = 0
            for object in objects { sum &+= object["retweet_count"] as? Int ?? 0 }
            return sum
        }
        try await runner.compare("read String", operations: count) {
            var sum = 0
            for status in statuses { sum &+= status.text.utf8.count }
            return sum
        } baseline: {
            var sum = 0
            for object in objects { sum &+= (object["text"] as? String)?.utf8.count ?? 0 }
            return sum
        }
        try await runner.compare("read nested", operations: count) {
            var sum = 0
            for status in statuses { sum &+= status.user.followersCount }
            return sum
        } baseline: {
            var sum = 0
            for object in objects { sum &+= (object["user"] as? [String: Any])?["followers_count"] as? Int ?? 0 }
            return sum
        }
        try await readCustomDates(&runner, statuses: statuses)

        var round = 0
        try await runner.compare("copyWith 1 field", operations: count) {
            round += 1
            var sum = 0
            for status in statuses { sum &+= status.copyWith(retweetCount: round).dictionary.count }
            return sum
        } baseline: {
            round += 1
            var sum = 0
            for object in objects {
                var copy = object
                copy["retweet_count"] = round
                sum &+= copy.count
            }
            return sum
        }
        try await runner.compare("copyWith 3 fields", operations: count) {
            round += 1
            var sum = 0
            for status in statuses {
                let copy = status.copyWith {
                    $0.retweetCount = round
                    $0.favorited = round & 1 == 0
                    $0.text = "edited"
                }
                sum &+= copy.dictionary.count
            }
            return sum
        } baseline: {
            round += 1
            var sum = 0
            for object in objects {
                var copy = object
                copy["retweet_count"] = round
                copy["favorited"] = round & 1 == 0
                copy["text"] = "edited"
                sum &+= copy.count
            }
            return sum
        }
    }

    /// Reads each status's `created_at` through a custom pattern: the typed getter of a
    /// `@dateFormat("EEE MMM dd HH:mm:ss Z yyyy")` field vs a `DateFormatter` made once.
    private static func readCustomDates(_ runner: inout Runner, statuses: [Status]) async throws {
        let pattern = "EEE MMM dd HH:mm:ss Z yyyy"
        let times = try statuses.map { try StatusTime(dictionary: ["created_at": .string($0.createdAt)]) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = pattern
        try expectSame(
            times.map(\.createdAt), statuses.map { formatter.date(from: $0.createdAt) ?? .distantPast }, "dates")
        try await runner.compare("custom @dateFormat read", operations: times.count) {
            var sum = 0.0
            for time in times { sum += time.createdAt.timeIntervalSince1970 }
            return Int(sum)
        } baseline: {
            var sum = 0.0
            for status in statuses { sum += formatter.date(from: status.createdAt)?.timeIntervalSince1970 ?? 0 }
            return Int(sum)
        }
    }
}
