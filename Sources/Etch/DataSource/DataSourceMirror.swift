#if canImport(Observation)
    import Observation

    /// A main-actor copy of a ``DataSource`` that SwiftUI views read directly.
    ///
    /// The mirror follows the data source's ``DataSource/changes()`` and
    /// ``DataSource/statuses()`` and updates its observable properties on the main actor, so a
    /// view re-renders when the list or its load state changes.
    ///
    /// ```swift
    /// struct TaskList: View {
    ///     let tasks: DataSource<TaskItem>
    ///     @State private var mirror: DataSourceMirror<TaskItem>
    ///
    ///     init(tasks: DataSource<TaskItem>) {
    ///         self.tasks = tasks
    ///         _mirror = State(initialValue: DataSourceMirror(tasks))
    ///     }
    ///
    ///     var body: some View {
    ///         List(mirror.objects) { task in
    ///             Text(task.title)
    ///                 .onAppear { if task.id == mirror.objects.last?.id { Task { try? await tasks.loadNextPage() } } }
    ///         }
    ///         .overlay { if mirror.loadState.isLoading { ProgressView() } }
    ///         .refreshable { try? await tasks.reload() }
    ///     }
    /// }
    /// ```
    @MainActor
    @Observable
    public final class DataSourceMirror<Element: ImmutableModel & Identifiable>
    where Element.ID: Comparable & Sendable {
        /// The objects, sorted, as of the last change received.
        public private(set) var objects: [Element] = []
        /// The last change received; its indices turn the previous ``objects`` into the current ones.
        public private(set) var lastChange: ListChange<Element>?
        /// Where paging stands.
        public private(set) var loadState: DataSourceLoadState = .idle
        /// The error of the data source's last save, or `nil`.
        public private(set) var saveError: DataSourceError?
        /// How many changes were received, the first (the initial contents) included.
        public private(set) var changeCount = 0

        /// The data source mirrored.
        public let dataSource: DataSource<Element>

        @ObservationIgnored private var tasks: [Task<Void, Never>] = []

        /// Starts mirroring a data source; ``objects`` fills in as soon as the data source answers.
        public init(_ dataSource: DataSource<Element>) {
            self.dataSource = dataSource
            tasks.append(
                Task { [weak self] in
                    for await change in await dataSource.changes() {
                        guard let self else { return }
                        self.objects = change.snapshot
                        self.lastChange = change
                        self.changeCount += 1
                    }
                })
            tasks.append(
                Task { [weak self] in
                    for await status in await dataSource.statuses() {
                        guard let self else { return }
                        self.loadState = status.loadState
                        self.saveError = status.saveError
                    }
                })
        }

        isolated deinit {
            for task in tasks { task.cancel() }
        }
    }
#endif
