@_spi(EtchCollections) import Etch

/// The sending end of a stream an observation of the store feeds: what a commit sends
/// waits here until the stream's consumer asks for it.
///
/// The stream is an `AsyncStream` made with `init(unfolding:)`, whose every `next()` takes
/// from this mailbox, rather than one fed through a continuation. The standard library's
/// buffered stream is generic code that cannot be specialized for a model the store meets
/// at run time: its queue's every step looked up type metadata, and a live query's first
/// result spent as long in the stream (made, fed once, read once) as in the query. Here
/// the first element waits in a field of its own, the rest in an array, and the state is
/// the class's own stored properties under a mutex, which generic code reaches without
/// looking up a type.
///
/// The consumer's end is a ``Receiver``: when the stream goes away or its task is
/// cancelled, the observation's end (``setOnEnd(_:)``) runs once, as an `AsyncStream`'s
/// `onTermination` would.
final class ObservationMailbox<Element: Sendable>: @unchecked Sendable {
    /// Held while any stored property below is read or written; its own state is empty.
    private let mutex = Locked(())
    /// The element sent first and not read yet.
    private var first: Element?
    /// What was sent after `first`, oldest first, from `start` on.
    private var rest: [Element] = []
    private var start = 0
    /// The consumer waiting for the next element.
    private var waiting: UnsafeContinuation<Element?, Never>?
    /// Whether no element will come after those waiting: the store finished the stream, or
    /// its consumer stopped.
    private var isFinished = false
    /// Whether the consumer stopped.
    private var hasEnded = false
    /// What runs when the consumer stops; taken when it runs.
    private var onEnd: (@Sendable () -> Void)?

    private init() {}

    /// A stream and the mailbox that feeds it.
    static func makeStream() -> (stream: AsyncStream<Element>, mailbox: ObservationMailbox) {
        let mailbox = ObservationMailbox()
        let receiver = Receiver(mailbox)
        let stream = AsyncStream(unfolding: { await receiver.next() }, onCancel: { receiver.mailbox.end() })
        return (stream, mailbox)
    }

    /// Sets what runs once when the consumer stops: at once when it stopped already.
    func setOnEnd(_ onEnd: @escaping @Sendable () -> Void) {
        mutex.lock()
        let hasEnded = hasEnded
        if !hasEnded { self.onEnd = onEnd }
        mutex.unlock()
        if hasEnded { onEnd() }
    }

    /// Sends an element; dropped once the stream finished.
    func send(_ element: Element) {
        mutex.lock()
        if isFinished {
            mutex.unlock()
        } else if let waiting {
            self.waiting = nil
            mutex.unlock()
            waiting.resume(returning: element)
        } else {
            if first == nil, start == rest.count {
                first = element
            } else {
                rest.append(element)
            }
            mutex.unlock()
        }
    }

    /// Ends the stream once the consumer has read what was sent.
    func finish() {
        mutex.lock()
        isFinished = true
        let waiting = waiting
        self.waiting = nil
        mutex.unlock()
        waiting?.resume(returning: nil)
    }

    /// The consumer stopped: drops what waits, ends the stream and runs the end.
    fileprivate func end() {
        mutex.lock()
        isFinished = true
        hasEnded = true
        let dropped = (first, rest)
        (first, rest, start) = (nil, [], 0)
        let (waiting, onEnd) = (waiting, onEnd)
        (self.waiting, self.onEnd) = (nil, nil)
        mutex.unlock()
        // Released outside the lock.
        withExtendedLifetime(dropped) {}
        waiting?.resume(returning: nil)
        onEnd?()
    }

    /// Takes the oldest element waiting; `.some(nil)` once finished with none left, `nil`
    /// when the consumer must wait. Called with the mutex held.
    private func take() -> Element?? {
        if let element = first {
            first = nil
            return element
        }
        if start < rest.count {
            let element = rest[start]
            start += 1
            if start == rest.count {
                rest.removeAll(keepingCapacity: true)
                start = 0
            }
            return element
        }
        return isFinished ? .some(nil) : nil
    }

    /// The next element, waiting for one to be sent; `nil` once the stream finished.
    fileprivate func next() async -> Element? {
        mutex.lock()
        let taken = take()
        mutex.unlock()
        if let taken { return taken }
        return await withUnsafeContinuation { continuation in
            mutex.lock()
            // Sent or finished between the two locks.
            let ready = take()
            if ready == nil {
                precondition(waiting == nil, "an observation's stream was read by two tasks at once")
                waiting = continuation
            }
            mutex.unlock()
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The consumer's end of the stream: when the stream and its iterators go away, the
    /// observation ends.
    private final class Receiver: Sendable {
        let mailbox: ObservationMailbox

        init(_ mailbox: ObservationMailbox) {
            self.mailbox = mailbox
        }

        deinit { mailbox.end() }

        func next() async -> Element? { await mailbox.next() }
    }
}
