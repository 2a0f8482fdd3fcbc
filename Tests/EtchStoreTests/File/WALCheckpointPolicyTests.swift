import EtchStore
import Testing

/// When a store's commits checkpoint the WAL, driven page by page: one checkpoint per 1,000
/// pages the commits add, a few that copy what commits added meanwhile, and a commit that
/// copies the last pages so that SQLite starts the WAL again.
@Suite struct WALCheckpointPolicyTests {
    typealias Policy = WALCheckpointPolicy

    /// A store's commits as the policy meets them. Each commit adds pages; a checkpoint beside
    /// the commits copies the pages the WAL held when it was scheduled, and ends after as many
    /// commits as those pages take (`pagesPerCommit` copied in the time of one commit); a
    /// commit that checkpoints copies every page; and a transaction that begins when every
    /// page is copied starts the WAL again, unless a reader holds it (`restarts` false).
    struct Simulation {
        var policy = Policy()
        var pages: Int32 = 0
        var copiedPerCommit: Int32
        var restarts = true
        var running: (commitsLeft: Int32, through: Int32)?
        var (background, inline, restarted, largest) = (0, 0, 0, Int32(0))

        init(copiedPerCommit: Int32, restarts: Bool = true) {
            self.copiedPerCommit = copiedPerCommit
            self.restarts = restarts
        }

        mutating func commit(adding added: Int32) {
            if restarts, pages > 0, running == nil, policy.copied == pages {
                pages = 0
                restarted += 1
            }
            pages += added
            largest = max(largest, pages)
            switch policy.committed(leaving: pages) {
            case .none: break
            case .inline:
                inline += 1
                policy.checkpointed(through: pages)
            case .background:
                background += 1
                let toCopy = pages - policy.copied
                running = (commitsLeft: max(1, toCopy / copiedPerCommit), through: pages)
            }
            guard var checkpoint = running else { return }
            checkpoint.commitsLeft -= 1
            guard checkpoint.commitsLeft == 0 else {
                running = checkpoint
                return
            }
            policy.checkpointed(through: checkpoint.through)
            policy.backgroundCheckpointEnded()
            running = nil
        }
    }

    @Test func fastCommitsCheckpointOncePerThousandPagesAndTheWALStartsAgain() {
        // Commits of two pages each outrun the checkpoint (20 pages copied per commit): a
        // checkpoint of 1,000 pages leaves 100 that commits added meanwhile.
        var simulation = Simulation(copiedPerCommit: 20)
        for _ in 0..<20_000 { simulation.commit(adding: 2) }
        let cycles = 40_000 / Int(Policy.backgroundPages)
        // Each cycle is a little over 1,000 pages: the checkpoint's and what came meanwhile.
        #expect(simulation.restarted >= cycles * 3 / 4)
        // Per 1,000 pages: the checkpoint, a chase or two, and the tail a commit copies.
        #expect(simulation.background <= cycles * 3)
        #expect(simulation.inline <= cycles + 1)
        #expect(simulation.largest < Policy.backgroundPages + 200)
    }

    @Test func slowCommitsCopyTheTailAfterEachCheckpoint() {
        // The checkpoint ends within a commit: it leaves nothing, and the next commit's copy of
        // nothing lets the WAL start again.
        var simulation = Simulation(copiedPerCommit: 10_000)
        for _ in 0..<5_000 { simulation.commit(adding: 1) }
        #expect((4...5).contains(simulation.background))
        #expect(simulation.restarted >= 4)
        #expect(simulation.largest <= Policy.backgroundPages + 1)
    }

    @Test func aWALThatCannotStartAgainGetsABoundedNumberOfCheckpoints() {
        // A reader holds the WAL: per 1,000 pages, at most one checkpoint, its chases and one tail.
        var simulation = Simulation(copiedPerCommit: 20, restarts: false)
        for _ in 0..<7_000 { simulation.commit(adding: 2) }
        let cycles = 14_000 / Int(Policy.backgroundPages)
        #expect(simulation.restarted == 0)
        #expect(simulation.background <= cycles * (1 + Policy.chases))
        #expect(simulation.inline <= cycles)
    }

    @Test func pastTheBoundEveryCommitCheckpointsItself() {
        var policy = Policy()
        #expect(policy.committed(leaving: Policy.backgroundPages) == .background)
        #expect(policy.isScheduled)
        // Even with a checkpoint beside the commits still running.
        #expect(policy.committed(leaving: Policy.inlinePages) == .inline)
        #expect(policy.committed(leaving: Policy.inlinePages + 1) == .inline)
        #expect(policy.committed(leaving: Policy.backgroundPages + 10) == .none)
    }

    @Test func aSmallWALIsLeftAlone() {
        var policy = Policy()
        for pages in 1..<Policy.backgroundPages { #expect(policy.committed(leaving: pages) == .none) }
        #expect(!policy.isScheduled)
    }
}
