import Etch
import EtchStore
import Foundation
import Testing

/// The store's behaviour: reads, indexes, queries, transactions and files.
@Suite struct StoreTests {}
