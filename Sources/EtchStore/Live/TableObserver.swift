@_spi(EtchCollections) import Etch

/// Something a table tells about each commit that changes its objects: a stream of
/// ``StoreChange``s, a live query, a relation or an object being observed.
///
/// Every kind of observation is one of these, so a commit has one way to reach them all,
/// and a cancelled one is removed the same way whatever it is.
final class TableObserver<Model: IdentifiedModel> {
    /// Receives one commit's change to the table, on the store's actor.
    let receive: (StoreChange<Model>) -> Void
    /// Ends the observation's stream, when the store goes away.
    let finish: () -> Void

    init(receive: @escaping (StoreChange<Model>) -> Void, finish: @escaping () -> Void) {
        self.receive = receive
        self.finish = finish
    }
}
