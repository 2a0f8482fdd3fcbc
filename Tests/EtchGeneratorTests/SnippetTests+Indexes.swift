import EtchSchema
import Testing

@testable import EtchGenerator

extension SnippetTests {
    @Test func indexAttributesBecomeTheModelsIndexTable() {
        let output = generate(
            """
            model Album {
                let id: String
                @unique let slug: String
                @index @sorted var year: Int
                @sorted(groupBy: artist) var rating: Double
                @index let artist: Ref<Album>?
                var default: Bool
            }
            """
        )
        expectContains(output, "public struct Album: Etch.CopyableModel, Etch.IdentifiedModel {")
        expectContains(
            output,
            """
                /// The schema's `@index`, `@unique` and `@sorted` fields, for a store.
                public static let _indexes: [Etch.ModelIndex<Album>] = [
                    .unique("slug", \\.slug, read: { $0.slug }),
                    .index("year", \\.year, read: { $0.year }),
                    .sorted("year", \\.year, read: { $0.year }),
                    .sorted("rating", \\.rating, read: { $0.rating }, groupBy: "artist", \\.artist, readGroup: { $0.artist }),
                    .index("artist", \\.artist, read: { $0.artist }),
                ]
            """)
    }

    @Test func aModelWithoutIndexesHasNoIndexTable() {
        let output = generate("model Note {\n    let id: Int\n    var text: String\n}")
        #expect(!output.contains("_indexes"))
    }

    @Test func theRegistryListsTheModelsWithAnID() {
        let result = GeneratorPipeline(options: GeneratorOptions(accessLevel: .internal)).run([
            SchemaSource(path: "A.etch", text: "model User {\n    let id: String\n}\nmodel Point {\n    let x: Int\n}"),
            SchemaSource(path: "B.etch", text: "model Post {\n    let id: Int\n    let author: Ref<User>\n}"),
        ])
        #expect(result.files.map(\.name) == ["A.swift", "B.swift", "EtchModels.swift"])
        expectContains(
            result.files.last?.contents ?? "",
            """
            enum EtchModels {
                /// Every model with an `id`, in schema order.
                static let all: [any Etch.IdentifiedModel.Type] = [User.self, Post.self]
            }
            """)
    }
}
