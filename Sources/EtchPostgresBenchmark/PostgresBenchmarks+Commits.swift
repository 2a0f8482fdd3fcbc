import EtchBenchmarkSupport
import Foundation

extension PostgresBenchmarks {
    /// The one-object commit row, then the row of 8 processes committing at once.
    static func commits(
        _ runner: inout Runner, etch: EtchAlbums, baseline: BaselineAlbums, inserted: Inserted, url: String,
        label: String
    ) async throws {
        let records = inserted.changed
        let models = try records.map { try LibraryAlbum(jsonString: $0.json) }
        var (etchNext, baselineNext) = (0, 0)
        try await runner.compare(
            "one-object commit, \(label)",
            etch: {
                defer { etchNext = (etchNext + 1) % models.count }
                try await etch.commit(models[etchNext])
                return etchNext
            },
            baseline: {
                defer { baselineNext = (baselineNext + 1) % records.count }
                try baseline.commit(records[baselineNext])
                return baselineNext
            })

        let name = "\(Committer.processes) processes committing concurrently, \(label)"
        guard runner.includes(name) else { return }
        runner.progress(name)
        var (etchSamples, baselineSamples): ([Double], [Double]) = ([], [])
        for _ in 0..<(runner.options.quick ? 1 : 3) {
            if runner.options.side != .baseline {
                etchSamples.append(try await Committer.secondsPerCommit(side: .etch, options: runner.options, url: url))
            }
            if runner.options.side != .etch {
                baselineSamples.append(
                    try await Committer.secondsPerCommit(side: .baseline, options: runner.options, url: url))
            }
        }
        runner.note(
            "\(name): seconds per commit, each round: etch \(etchSamples.map(Report.duration)), "
                + "by hand \(baselineSamples.map(Report.duration))")
        runner.record(name, etch: median(etchSamples), baseline: median(baselineSamples))
    }

    /// The median of samples, 0 for none.
    static func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
