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
        public var objects: [Element] { list.objects }
        /// The last change received; its indices turn the previous ``objects`` into the current ones.
        public var lastChange: ListChange<Element>? { list.lastChange }
        /// How many changes were received, the first (the initial contents) included.
        public var changeCount: Int { list.changeCount }
        /// Where paging stands.
        public private(set) var loadState: DataSourceLoadState = .idle
        /// The error of the data source's last save, or `nil`.
        public private(set) var saveError: DataSourceError?

        /// The data source mirrored.
        public let dataSource: DataSource<Element>

        /// The mirror of the data source's changes.
        public let list: ListMirror<Element>
        @ObservationIgnored private var statusTask: Task<Void, Never>?

        /// Starts mirroring a data source; ``objects`` fills in as soon as the data source answers.
        public init(_ dataSource: DataSource<Element>) {
            self.dataSource = dataSource
            list = ListMirror { await dataSource.changes() }
            statusTask = Task { [weak self] in
                for await status in await dataSource.statuses() {
                    guard let self else { return }
                    self.loadState = status.loadState
                    self.saveError = status.saveError
                }
            }
        }

        isolated deinit {
            statusTask?.cancel()
        }
    }
#endif
