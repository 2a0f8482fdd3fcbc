/// When a store's commits checkpoint the WAL: beside them, on ``WALCheckpointer``'s thread, or
/// in the commit itself. What it decides depends only on the WAL's size after each commit and
/// on how far the last checkpoint copied, so it is a value a test drives page by page.
///
/// A checkpoint is scheduled for every ``backgroundPages`` pages the commits add past the last
/// one's, not whenever the WAL holds that many: a checkpoint does not shorten the WAL, which
/// SQLite starts again from its beginning only in a transaction that begins once every page is
/// copied. Scheduling whenever the WAL held 1,000 pages ran a checkpoint, with its syncs, every
/// dozen small commits of a release build, since commits going on beside a checkpoint always
/// left it pages to copy and the WAL never started again.
///
/// So after a checkpoint, up to ``chases`` more copy what the commits added during the one
/// before, each fewer pages; once at most ``tailPages`` are left, the next commit copies them
/// itself, and the transaction after it starts the WAL again: the WAL stays near
/// ``backgroundPages`` pages. A WAL that does not start again (a reader still uses it) gets,
/// per ``backgroundPages`` pages, one checkpoint, at most ``chases`` more and one tail, until
/// it does. Past ``inlinePages`` (checkpoints keep failing, or commits outrun them), every
/// commit checkpoints itself, as SQLite would: the WAL stays bounded.
package struct WALCheckpointPolicy: Sendable {
    /// What a commit does about the WAL.
    package enum Action: Equatable {
        /// Nothing.
        case none
        /// Schedules a checkpoint beside the commits (none is scheduled or running then).
        case background
        /// Checkpoints on the committing connection, before the commit returns.
        case inline
    }

    /// The pages commits add to the WAL past the last checkpoint's before one is scheduled:
    /// four times SQLite's default for its own (16 MB of 4 KB pages). Each cycle ends with a
    /// commit that copies the tail and waits for the database file's sync (5–7 ms on the
    /// benchmark machine, whatever the pages), so a cycle four times as long takes a quarter
    /// of that wait off the commits' mean: at 100k tracks, 11 µs per `.normal` commit with
    /// 1,000 pages, 5 µs with 4,000.
    package static let backgroundPages: Int32 = 4_000
    /// The most pages a checkpoint beside the commits may leave for a commit to copy itself.
    package static let tailPages: Int32 = 64
    /// The most checkpoints, per ``backgroundPages`` pages, that copy what commits added
    /// during the one before.
    package static let chases = 4
    /// The WAL's size, in pages, past which every commit checkpoints itself.
    package static let inlinePages: Int32 = 16_000

    /// The pages of the WAL the last checkpoint copied, counted from its beginning; 0 once
    /// SQLite started the WAL again.
    package private(set) var copied: Int32 = 0
    /// Whether a checkpoint beside the commits is scheduled or running.
    package private(set) var isScheduled = false
    /// The chases scheduled, and whether a commit copied the tail, since the last checkpoint
    /// of ``backgroundPages`` pages.
    private var chased = 0
    private var copiedTail = false

    /// A policy for a WAL no checkpoint copied yet.
    package init() {}

    /// What the commit that left `pages` pages in the WAL does.
    package mutating func committed(leaving pages: Int32) -> Action {
        if pages < copied {
            // SQLite started the WAL again: what was copied is behind it.
            (copied, chased, copiedTail) = (0, 0, false)
        }
        if pages >= Self.inlinePages { return .inline }
        guard !isScheduled else { return .none }
        let added = pages - copied
        if added >= Self.backgroundPages {
            (isScheduled, chased, copiedTail) = (true, 0, false)
            return .background
        }
        guard copied >= Self.backgroundPages else { return .none }
        if added > Self.tailPages {
            guard chased < Self.chases else { return .none }
            (isScheduled, chased) = (true, chased + 1)
            return .background
        }
        guard !copiedTail else { return .none }
        copiedTail = true
        return .inline
    }

    /// Records a checkpoint that copied the WAL's first `pages` pages (every page it held, up
    /// to those a reader still used).
    package mutating func checkpointed(through pages: Int32) {
        copied = pages
    }

    /// Records the end of the checkpoint beside the commits that ``committed(leaving:)``
    /// scheduled, whether it ran or not.
    package mutating func backgroundCheckpointEnded() {
        isScheduled = false
    }
}
