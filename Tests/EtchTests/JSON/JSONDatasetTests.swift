import Foundation
import Testing

@testable import Etch

@Suite struct JSONDatasetTests {}

extension JSONDatasetTests {
    /// Large real-world documents, kept outside the repository; tests skip when absent.
    static let datasets = ["twitter.json", "canada.json"]
    static let directory = "/work/shared/data"

    @Test(arguments: datasets)
    func readWriteReadGivesEqualValues(_ name: String) throws {
        let path = Self.directory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let value = try ModelValue(jsonData: data)
        for options: JSONWritingOptions in [[], [.prettyPrinted, .sortedKeys]] {
            let written = try value.jsonData(options: options)
            #expect(try ModelValue(jsonData: written) == value)
        }
        let foundation = try JSONSerialization.jsonObject(with: data)
        if let array = foundation as? [String: Any], case .object(let object) = value {
            #expect(object.count == array.count)
        }
    }
}
