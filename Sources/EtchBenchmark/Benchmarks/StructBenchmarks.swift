import Etch
import EtchBenchmarkSupport
import Foundation

/// Reading and copying decoded statuses: Etch's typed getters and `copyWith` against the
/// stored properties of the hand-written `Codable` structs, the fastest a user could
/// write. Etch reads through its dictionary, so the getter rows show the distance left
/// rather than a bar to meet; copying is where Etch must win, as a struct copy retains
/// every field.
enum StructBenchmarks {
    static let names = (
        readInt: "read Int vs struct", readNested: "read nested vs struct", readArray: "read array vs struct",
        copyWith: "copyWith 1 field vs struct"
    )

    /// Runs the rows; each operation touches one status.
    static func run(_ runner: inout Runner, data: DataSet) async throws {
        let all = [names.readInt, names.readNested, names.readArray, names.copyWith]
        guard all.contains(where: runner.includes) else { return }
        let statuses = try SearchResult(jsonData: data.twitter).statuses
        // Through blackHole, so the optimizer knows nothing of the array it reads.
        let structs = blackHole(try JSONDecoder().decode(CodableTwitter.SearchResult.self, from: data.twitter).statuses)
        try expectSame(statuses.map(\.retweetCount), structs.map(\.retweetCount), "retweet counts")
        try expectSame(statuses.map(\.user.followersCount), structs.map(\.user.followersCount), "followers counts")
        try expectSame(
            statuses.map { $0.entities.userMentions.map(\.id) }, structs.map { $0.entities.userMentions.map(\.id) },
            "mention ids")
        let count = statuses.count

        try await runner.compare(names.readInt, operations: count) {
            var sum = 0
            for status in statuses { sum &+= status.retweetCount }
            return sum
        } baseline: {
            var sum = 0
            for status in structs { sum &+= status.retweetCount }
            return sum
        }
        try await runner.compare(names.readNested, operations: count) {
            var sum = 0
            for status in statuses { sum &+= status.user.followersCount }
            return sum
        } baseline: {
            var sum = 0
            for status in structs { sum &+= status.user.followersCount }
            return sum
        }
        try await runner.compare(names.readArray, operations: count) {
            var sum = 0
            for status in statuses {
                for mention in status.entities.userMentions { sum &+= Int(truncatingIfNeeded: mention.id) }
            }
            return sum
        } baseline: {
            var sum = 0
            for status in structs {
                for mention in status.entities.userMentions { sum &+= Int(truncatingIfNeeded: mention.id) }
            }
            return sum
        }
        try await copyOneField(&runner, statuses: statuses, structs: structs)
    }

    /// Copies each status with `retweetCount` changed and keeps the copy in an array, as an
    /// app replacing an object in its list does: `copyWith(retweetCount:)` against copying
    /// the struct and setting its one `var`.
    ///
    /// Both sides store their copies, so neither can be optimized away: a struct copy whose
    /// only read field is `retweetCount` would otherwise shrink to copying that one `Int`.
    private static func copyOneField(
        _ runner: inout Runner, statuses: [Status], structs: [CodableTwitter.Status]
    ) async throws {
        var etchCopies = statuses
        var structCopies = structs
        var round = 0
        try await runner.compare(names.copyWith, operations: statuses.count, requiredRatio: 3) {
            round += 1
            var sum = 0
            for (index, status) in statuses.enumerated() {
                etchCopies[index] = status.copyWith(retweetCount: round)
                sum &+= etchCopies[index].retweetCount
            }
            return sum
        } baseline: {
            round += 1
            var sum = 0
            for (index, status) in structs.enumerated() {
                var copy = status
                copy.retweetCount = round
                structCopies[index] = copy
                sum &+= structCopies[index].retweetCount
            }
            return sum
        }
        _ = blackHole((etchCopies, structCopies))
    }
}
