import EtchStore
import Testing

/// When a store's commits checkpoint the WAL, driven page by page: one checkpoint per
/// ``WALCheckpointPolicy/backgroundPages`` pages the commits add, a few that copy what commits added meanwhile, and a commit that
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

    @Test func fastCommitsCheckpointOncePerCycleAndTheWALStartsAgain() {
        // Commits of two pages each outrun the checkpoint (20 pages copied per commit): a
        // checkpoint leaves a tenth of its pages, which commits added meanwhile.
        var simulation = Simulation(copiedPerCommit: 20)
        let cycles = 10
        for _ in 0..<(cycles * Int(Policy.backgroundPages) / 2) { simulation.commit(adding: 2) }
        // Each cycle is a little over `backgroundPages`: the checkpoint's and what came meanwhile.
        #expect(simulation.restarted >= cycles * 3 / 4)
        // Per cycle: the checkpoint, a chase or two, and the tail a commit copies.
        #expect(simulation.background <= cycles * 3)
        #expect(simulation.inline <= cycles + 1)
        #expect(simulation.largest < Policy.backgroundPages + Policy.backgroundPages / 5)
    }

    @Test func slowCommitsCopyTheTailAfterEachCheckpoint() {
        // The checkpoint ends within a commit: it leaves nothing, and the next commit's copy of
        // nothing lets the WAL start again.
        var simulation = Simulation(copiedPerCommit: 100_000)
        for _ in 0..<(5 * Int(Policy.backgroundPages)) { simulation.commit(adding: 1) }
        #expect((4...5).contains(simulation.background))
        #expect(simulation.restarted >= 4)
        #expect(simulation.largest <= Policy.backgroundPages + 1)
    }

    @Test func aWALThatCannotStartAgainGetsABoundedNumberOfCheckpoints() {
        // A reader holds the WAL: per cycle, at most one checkpoint, its chases and one tail
        // (short of the WAL's bound, past which every commit checkpoints).
        var simulation = Simulation(copiedPerCommit: 20, restarts: false)
        let cycles = Int(Policy.inlinePages / Policy.backgroundPages) - 1
        for _ in 0..<(cycles * Int(Policy.backgroundPages) / 2) { simulation.commit(adding: 2) }
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
