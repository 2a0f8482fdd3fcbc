import Foundation

extension SortKey {
    /// A key that orders as a Foundation `SortDescriptor` does, for an order shared with a
    /// store query (`StoreQuery(sortBy:)`).
    ///
    /// ```swift
    /// .descriptor(SortDescriptor(\.title, comparator: .localizedStandard))
    /// ```
    ///
    /// A descriptor compares through Foundation on every comparison; `.ascending(\.x)` and
    /// `.descending(\.x)` are compiled for their key's type and keep the keys beside the
    /// objects, so they sort large batches faster. Strings are the one place
    /// where the two differ: a key path descriptor of a `String` compares with
    /// `.localizedStandard` (`"a2"` before `"a10"`), `.ascending(\.title)` with `<`.
    public static func descriptor(_ descriptor: SortDescriptor<Element>) -> SortKey {
        .comparator { descriptor.compare($0, $1) }
    }
}

extension DataSource {
    /// Makes a data source sorted by Foundation `SortDescriptor`s, as a store query is;
    /// otherwise the same as the initializer that takes ``SortKey``s.
    ///
    /// Which to use: Etch's own keys (`.ascending(\.rank)`) sort faster and say where `nil`
    /// goes; descriptors share one order with a `StoreQuery` and sort strings as Foundation
    /// does. Either way ties are ordered by id.
    ///
    /// ```swift
    /// let tasks = DataSource<TaskItem>(sortedBy: [SortDescriptor(\.rank, order: .reverse)])
    /// ```
    public init(
        sortedBy descriptors: some Sequence<SortDescriptor<Element>>, pageSize: Int = 50, loader: PageLoader? = nil,
        file: DataSourceFile? = nil
    ) {
        self.init(sortedBy: descriptors.map(SortKey.descriptor), pageSize: pageSize, loader: loader, file: file)
    }
}
