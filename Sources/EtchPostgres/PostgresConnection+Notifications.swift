import CLibPQ
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PostgresConnection {
    /// The notifications that came for the channels the connection listens on, waiting up
    /// to `timeout` for the first when none is waiting; empty when none came in time.
    ///
    /// Notifications that arrived while other statements ran are answered first, without
    /// waiting. The wait is a `poll(2)` on the connection's socket, so the calling thread
    /// sleeps until the server sends something or the time is up: a loop that checks a stop
    /// flag between calls ends within `timeout`.
    ///
    /// ```swift
    /// try connection.execute("LISTEN etch_commits")
    /// for notification in try connection.notifications(waitingUpTo: .milliseconds(250)) {
    ///     print(notification.channel, notification.payload)
    /// }
    /// ```
    ///
    /// - Parameter timeout: How long to wait at most for a first notification.
    /// - Returns: The notifications, oldest first.
    /// - Throws: ``PostgresError/connectionLost(sqlState:reason:duringCommit:)`` when the
    ///   connection ended (the server restarted or terminated the backend, the network
    ///   failed): open a new connection and `LISTEN` again.
    public func notifications(waitingUpTo timeout: Duration) throws(PostgresError) -> [PostgresNotification] {
        try handle.withLock { (handle) throws(PostgresError) -> [PostgresNotification] in
            let pointer = handle.pointer
            let waiting = try Self.receivedNotifications(pointer)
            guard waiting.isEmpty else { return waiting }
            let socket = PQsocket(pointer)
            guard socket >= 0 else { throw Self.lostConnection(pointer) }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let (seconds, attoseconds) = timeout.components
            let milliseconds = max(0, min(Int64(Int32.max), seconds * 1000 + attoseconds / 1_000_000_000_000_000))
            let ready = poll(&descriptor, 1, Int32(milliseconds))
            // A signal cut the wait short (EINTR): answer nothing, and the caller waits again.
            guard ready > 0 else { return [] }
            return try Self.receivedNotifications(pointer)
        }
    }

    /// Reads what the server sent (`PQconsumeInput`) and takes the notifications libpq holds.
    private static func receivedNotifications(_ pointer: OpaquePointer) throws(PostgresError)
        -> [PostgresNotification]
    {
        guard PQconsumeInput(pointer) == 1, PQstatus(pointer) == CONNECTION_OK else {
            throw lostConnection(pointer)
        }
        var notifications: [PostgresNotification] = []
        while let notify = PQnotifies(pointer) {
            notifications.append(
                PostgresNotification(
                    channel: String(cString: notify.pointee.relname),
                    payload: notify.pointee.extra.map { String(cString: $0) } ?? "",
                    senderProcessID: notify.pointee.be_pid))
            PQfreemem(notify)
        }
        return notifications
    }

    /// The error of a connection that ended while it waited.
    private static func lostConnection(_ pointer: OpaquePointer) -> PostgresError {
        let lines = String(cString: PQerrorMessage(pointer)).split(whereSeparator: \.isNewline)
        let reason = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return .connectionLost(
            sqlState: nil, reason: reason.isEmpty ? "the server closed the connection" : reason.joined(separator: " "),
            duringCommit: false)
    }
}
