/// A model with an `id`: what a store holds and a `Ref` points to. Every generated model
/// whose schema declares an `id` conforms; the id is a `String`, `Int`, `Int64`, `UInt` or
/// `UUID`, all `Comparable`: objects that sort equal otherwise go in id order.
public protocol IdentifiedModel: ImmutableModel, Identifiable, Sendable
where ID: IndexableValue & ModelValueRepresentable & Hashable & Comparable & Sendable {}
