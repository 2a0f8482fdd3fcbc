import Core
import Etch
import Foundation

/// Reads real API payloads into their models and writes them back, for run-consumer.sh to
/// compare with an independent JSON parser; checks the names and values a user reads.
enum RealPayloads {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Payloads")

    /// Round-trips every payload into `output`, one file of the same name each.
    static func roundTrip(into output: URL) throws {
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let repository = try Repository(jsonData: try read("github-repo.json"))
        check(repository.private == false && repository.description == "This your first repo!", "keyword fields")
        check(repository.visibility == .public && repository.owner.login == "octocat", "enum case 'public'")
        check(repository.selfLink?.absoluteString == "https://api.github.com/repos/octocat/Hello-World", "_links")
        check(repository["big_number"] != nil, "an undeclared huge number is kept")
        check(repository.copyWith(private: true).private, "copyWith on a keyword field")
        try write(repository.jsonData(), "github-repo.json", into: output)

        let issue = try Issue(jsonData: try read("github-issue.json"))
        check(issue.stateReason == nil && issue.labels.count == 2 && issue.labels[0].default, "issue fields")
        check(issue.copyWith { $0.stateReason = $0.stateReason } == issue, "a copy keeping an explicit null is equal")
        check(issue.assignee?.id == 2 && issue.assignee?.expanded?.login == "hubot", "an expanded reference")
        try write(issue.jsonData(), "github-issue.json", into: output)

        let feed = try Feed(jsonData: try read("feed.json"))
        check(feed.items.count == 3, "three feed items")
        if case .ad(let ad) = feed.items[1] { check(ad.sponsor == "Acme", "ad variant") } else { check(false, "ad") }
        if case .unknown(let poll) = feed.items[2] {
            check(poll["question"] == "Tabs or spaces?", "unknown variant kept whole")
        } else {
            check(false, "a poll is an unknown variant")
        }
        try write(feed.jsonData(), "feed.json", into: output)

        let note = RepositoryNote(id: "n1", reader: Reader(id: "r1", name: "Ada"), repository: Ref(repository))
        check(try RepositoryNote(jsonData: note.jsonData()) == note, "a model of another target round-trips")
    }

    static func read(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appending(path: name))
    }

    static func write(_ data: Data, _ name: String, into output: URL) throws {
        try data.write(to: output.appending(path: name))
    }
}
