/// A field a predicate tests, as a key path from the model.
package struct QueryField {
    /// The key path from the model to the field, comparable with an index's
    /// ``ModelIndex/Value/keyPath``.
    package let keyPath: AnyKeyPath
    /// Whether the predicate reads the referenced id of a `Ref` field (`$0.artist.id`) rather
    /// than the field: its constants are ids, whose index keys are the `Ref`'s keys.
    package let readsReferenceID: Bool
}
