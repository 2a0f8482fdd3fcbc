import CLibPQ

extension PostgresConnection {
    /// Whether the server ended this idle connection (a restart, a terminated backend),
    /// found without a round trip: what the server sent is read without waiting
    /// (`PQconsumeInput`; libpq's socket does not block), and a closed socket makes libpq
    /// mark the connection bad.
    ///
    /// Read twice: a server that ends a session first sends its last message (`FATAL:
    /// terminating connection due to administrator command`), which the first read may take
    /// alone; the second then finds the socket closed. On a live idle connection both read
    /// nothing, and anything that did come waits in libpq's buffer for the next statement.
    var hasEnded: Bool {
        handle.withLock { handle in
            let pointer = handle.pointer
            return PQconsumeInput(pointer) == 0 || PQconsumeInput(pointer) == 0 || PQstatus(pointer) != CONNECTION_OK
        }
    }
}
