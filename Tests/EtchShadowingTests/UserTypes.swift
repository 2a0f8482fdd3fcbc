// Types a user's target may well declare, with the names of types that generated code uses.
// Generated code names its types module-qualified, so these must not change what it means.

/// A user's own `Date`.
struct Date {}
/// A user's own `URL`.
struct URL {}
/// A user's own `UUID`.
struct UUID {}
/// A user's own `Data`.
struct Data {}
/// A user's own `Decimal`.
struct Decimal {}
/// A user's own `JSON`.
struct JSON {}
/// A user's own `Ref`.
struct Ref {}
/// A user's own `ModelDictionary`.
struct ModelDictionary {}
/// A user's own `String`.
struct String {}
/// A user's own `Int`.
struct Int {}
/// A user's own `Identifiable`.
protocol Identifiable {}
/// A user's own `CaseIterable`.
protocol CaseIterable {}
