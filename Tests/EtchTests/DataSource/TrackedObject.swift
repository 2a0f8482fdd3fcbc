/// Counts the ``Tracked`` objects alive, so a test sees a leak or a double release.
final class LiveCount {
    var count = 0
}

/// An object that counts itself alive in a ``LiveCount``.
final class Tracked {
    let value: Int
    let live: LiveCount

    init(_ value: Int, _ live: LiveCount) {
        self.value = value
        self.live = live
        live.count += 1
    }

    deinit { live.count -= 1 }
}
