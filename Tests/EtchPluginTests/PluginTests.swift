import Etch
import Foundation
import Testing

/// This target applies `EtchPlugin`: `Product` comes from `Inventory.etch` beside this file,
/// and `Scalars`, `Attributes` and `Level` from `Tests/Fixtures`, listed in `etch.json`.
@Suite struct PluginTests {}

extension PluginTests {
    @Test func ownSchemaFileIsGenerated() throws {
        let product = Product(id: "p1", name: "Lamp", unitPrice: Decimal(string: "19.99"), isFavorite: true)
        #expect(product["unit_price"] == "19.99")
        #expect(product.stockCount == 0)
        let restocked = product.copyWith { $0.stockCount = 5 }
        #expect(restocked.stockCount == 5)
        #expect(restocked.isFavorite)
        #expect(restocked.copyWith(unitPrice: nil).unitPrice == nil)
    }

    @Test func enumKeepsUnknownRawValues() throws {
        let product = try Product(dictionary: ["id": "p1", "name": "Song", "kind": "stream"])
        #expect(product.kind == .unknown("stream"))
        #expect(product.kind.rawValue == "stream")
        #expect(Product(id: "p2", name: "Book", kind: .digital)["kind"] == "download")
    }

    @Test func schemasFromEtchJSONDirectoriesAreGenerated() throws {
        let attributes = try Attributes(dictionary: ["ID": "a1", "slug": "first", "meta": ["stats": ["views": 7]]])
        #expect(attributes.views == 7)
        #expect(attributes.likes == 0)
        #expect(Level(rawValue: "mid") == .medium)
    }
}
