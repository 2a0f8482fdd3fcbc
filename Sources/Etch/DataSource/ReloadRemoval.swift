/// Which objects a ``DataSource/reload(removing:)`` removes when the fresh first page does
/// not hold them.
///
/// A reload replaces the objects on the first page with the server's fresh copies. What it
/// does with the other objects is a choice: the ones beyond the first page may be the
/// user's offline data (a store's cache of earlier pages), and an object absent from the
/// page may have been deleted on the server or merely have moved further down the list.
/// So a plain `reload()` removes nothing; a removal is always asked for by name.
///
/// ```swift
/// try await issues.reload()                                  // keeps every object
/// try await issues.reload(removing: .missingWithinPage)      // the server deleted them
/// try await issues.reload(removing: .allMissing)             // exactly the first page
/// ```
public enum ReloadRemoval: Sendable, Hashable {
    /// Removes nothing: the page's objects are inserted or replaced, and every other object
    /// stays. Right for a pull to refresh over an offline cache.
    case nothing
    /// Removes the objects the page does not hold that sort within the range it covers:
    /// from the start of the list up to the page's last object in the data source's order.
    /// A short page (fewer objects than the page size) is the whole list, so it covers
    /// everything. Right when the loader pages in the data source's own order, so that an
    /// object missing from that range is one the server no longer has.
    case missingWithinPage
    /// Removes every object the page does not hold: the contents become exactly the first
    /// page, and with a store behind the data source they are deleted from the store.
    case allMissing
}
