#if canImport(Observation)
    import Observation

    /// A main-actor copy of a list that changes over time — a ``DataSource``, or a store's
    /// live query — that SwiftUI views read directly.
    ///
    /// The mirror follows a stream of ``ListChange``s and updates its observable properties on
    /// the main actor, so a view re-renders when the list changes. ``DataSourceMirror`` holds
    /// one; EtchStore makes one for a query (`ListMirror(store, query)`).
    ///
    /// ```swift
    /// @State private var albums = ListMirror { try await store.observe(albumsQuery) }
    /// var body: some View { List(albums.objects) { Text($0.title) } }
    /// ```
    @MainActor
    @Observable
    public final class ListMirror<Element: Sendable> {
        /// The objects as of the last change received.
        public private(set) var objects: [Element] = []
        /// The last change received; its indices turn the previous ``objects`` into the current ones.
        public private(set) var lastChange: ListChange<Element>?
        /// How many changes were received, the first (the initial contents) included.
        public private(set) var changeCount = 0
        /// The error that kept the stream from starting, if any; the list stays empty then.
        public private(set) var error: (any Error)?

        @ObservationIgnored private var task: Task<Void, Never>?

        /// Starts mirroring the changes `subscribe` returns; ``objects`` fills in with the
        /// stream's first change.
        ///
        /// - Parameter subscribe: Makes the stream, such as `{ await tasks.changes() }`.
        public init(_ subscribe: @escaping @Sendable () async throws -> AsyncStream<ListChange<Element>>) {
            task = Task { [weak self] in
                let changes: AsyncStream<ListChange<Element>>
                do {
                    changes = try await subscribe()
                } catch {
                    self?.error = error
                    return
                }
                for await change in changes {
                    guard let self else { return }
                    self.objects = change.snapshot
                    self.lastChange = change
                    self.changeCount += 1
                }
            }
        }

        isolated deinit {
            task?.cancel()
        }
    }
#endif
