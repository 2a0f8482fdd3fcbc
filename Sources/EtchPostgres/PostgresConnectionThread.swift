import Foundation

/// A thread of its own for one pooled connection, on which the work given the connection
/// runs (a task executor preference): libpq's calls block until the server answers, and a
/// server that makes a statement wait for a lock would otherwise hold one of Swift's
/// cooperative threads, of which there is one per core, and so could stall every task of
/// the process, the one holding the lock included.
final class PostgresConnectionThread: TaskExecutor, @unchecked Sendable {
    /// Guards ``jobs`` and ``isStopped``; the thread waits on it for work.
    private let condition = NSCondition()
    /// Jobs to run, in order.
    private var jobs: [UnownedJob] = []
    /// Whether the thread should end once its jobs are run.
    private var isStopped = false

    /// Starts the thread.
    ///
    /// - Parameter name: The thread's name, as debuggers show it: at most 15 bytes, Linux's
    ///   limit, or the thread keeps the name of the one that started it.
    init(name: String) {
        // Named from inside: on Linux, a name set before `start()` is not applied.
        let thread = Thread { [self] in
            Thread.current.name = name
            run()
        }
        self.thread = thread
        thread.start()
    }

    /// The thread, set once, before it starts.
    private var thread: Thread?

    /// Whether the caller runs on this thread.
    var isCurrent: Bool { Thread.current === thread }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread after the jobs it was given.
    func stop() {
        condition.lock()
        isStopped = true
        condition.signal()
        condition.unlock()
    }

    /// The thread's loop: runs jobs as they come until stopped.
    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !isStopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
