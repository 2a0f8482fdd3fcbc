/// A notification the server delivered to a connection that listens on its channel
/// (`LISTEN channel`): sent by `NOTIFY channel, 'payload'` or `pg_notify(channel, payload)`
/// in a transaction that committed.
public struct PostgresNotification: Sendable, Equatable {
    /// The channel it was sent on.
    public let channel: String
    /// What the sender attached; empty when nothing.
    public let payload: String
    /// The process id of the sender's backend on the server.
    public let senderProcessID: Int32

    /// Makes a notification from its parts.
    ///
    /// - Parameters:
    ///   - channel: The channel.
    ///   - payload: The payload.
    ///   - senderProcessID: The sender's backend process id.
    public init(channel: String, payload: String, senderProcessID: Int32) {
        self.channel = channel
        self.payload = payload
        self.senderProcessID = senderProcessID
    }
}
