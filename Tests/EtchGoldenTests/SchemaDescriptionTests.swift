import Testing

@testable import Etch

/// What the generated field tables tell a store about the schema a file was written with:
/// old names from `@renamed`, value types and defaults.
@Suite struct SchemaDescriptionTests {
    /// A model's fields by Swift name.
    func fields(of schema: _ModelSchema) -> [String: any _AnyModelField] {
        Dictionary(uniqueKeysWithValues: schema.fields.map { ($0.name, $0) })
    }

    @Test func renamedFieldsKnowTheirOldWireKeys() {
        let fields = fields(of: Scalars._schema)
        #expect(fields["createdAt"]?.path == ["created_at"])
        #expect(fields["createdAt"]?.renamedFrom == ["created", "meta.created_on"])
        #expect(fields["text"]?.renamedFrom == [])
    }

    @Test func renamedModelsKnowTheirOldNames() {
        #expect(Point._schema.renamedFrom == ["Coordinate"])
        #expect(Scalars._schema.renamedFrom == [])
    }

    @Test func fieldsNameTheirValueTypes() {
        let scalars = fields(of: Scalars._schema)
        #expect(scalars["text"]?.valueTypeName == "String")
        #expect(scalars["big"]?.valueTypeName == "Optional<Int64>")
        let collections = fields(of: Collections._schema)
        #expect(collections["others"]?.valueTypeName == "Array<Ref<Scalars>>")
        #expect(collections["scores"]?.valueTypeName == "Dictionary<String, Double>")
        #expect(collections["level"]?.valueTypeName == "Level")
    }

    @Test func fieldsSayWhetherTheyHaveADefault() {
        let scalars = fields(of: Scalars._schema)
        #expect(scalars["unsigned"]?.hasDefault == true)
        #expect(scalars["text"]?.hasDefault == false)
        #expect(scalars["big"]?.hasDefault == false)
        #expect(fields(of: Collections._schema)["tags"]?.hasDefault == true)
    }
}
