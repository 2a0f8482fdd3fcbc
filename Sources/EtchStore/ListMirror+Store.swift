#if canImport(Observation)
    import Etch

    extension ListMirror {
        /// Mirrors a live query on the main actor, for a SwiftUI view to read directly; see
        /// ``Store/observe(_:)-(StoreQuery<Model>)``.
        ///
        /// ```swift
        /// struct AlbumList: View {
        ///     @State private var albums: ListMirror<Album>
        ///
        ///     init(store: Store) {
        ///         _albums = State(initialValue: ListMirror(store, StoreQuery<Album>(sortBy: [SortDescriptor(\.year)])))
        ///     }
        ///
        ///     var body: some View {
        ///         List(albums.objects) { Text($0.title) }
        ///     }
        /// }
        /// ```
        public convenience init(_ store: Store, _ query: StoreQuery<Element>) where Element: IdentifiedModel {
            self.init { try await store.observe(query) }
        }

        /// Mirrors the members of an inverse relation on the main actor; see
        /// ``Store/observe(_:of:)``.
        public convenience init<Owner: IdentifiedModel>(
            _ store: Store, _ relation: InverseRelation<Owner, Element>, of ownerID: Owner.ID
        ) where Element: IdentifiedModel {
            self.init { try await store.observe(relation, of: ownerID) }
        }
    }
#endif
