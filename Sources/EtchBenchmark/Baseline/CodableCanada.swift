/// The hand-written `Codable` structs a user would write for canada.json, declaring the
/// same fields as `Canada.etch`.
enum CodableCanada {
    /// A GeoJSON feature collection.
    struct FeatureCollection: Codable {
        let type: String
        let features: [Feature]
    }

    /// One feature: a shape and its properties.
    struct Feature: Codable {
        let type: String
        let properties: [String: String]
        let geometry: Geometry
    }

    /// A polygon: rings of `[longitude, latitude]` pairs.
    struct Geometry: Codable {
        let type: String
        let coordinates: [[[Double]]]
    }
}
