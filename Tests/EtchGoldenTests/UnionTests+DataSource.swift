import Etch
import Testing

/// Unions in a data source's large batch, which finds the objects it replaces by id: a
/// variant made in code has no tag in its storage, so the union's `dictionary` is a new
/// buffer on each read and cannot name the object it came from.
extension UnionTests {
    /// A post's text or an ad's sponsor: something each variant has, to sort by.
    private static func label(_ item: FeedItem) -> String {
        switch item {
        case .post(let post): post.text
        case .ad(let ad): ad.sponsor
        case .unknown(let unknown): unknown.dictionary["id"].map { "\($0)" } ?? ""
        }
    }

    @Test(arguments: [false, true])
    func aBatchReplacesUnionsMadeInCode(sorted: Bool) async throws {
        let keys: [SortKey<FeedItem>] = sorted ? [.comparator { Self.label($0).compare(Self.label($1)) }] : []
        let source = DataSource<FeedItem>(sortedBy: keys)
        let initial = (0..<40).map { index in
            index % 4 == 0
                ? FeedItem.ad(Ad(id: "i\(index)", sponsor: "s\(100 + index)"))
                : FeedItem.post(Post(id: "i\(index)", text: "t\(100 + index)"))
        }
        await source.sortAndAdd(contentsOf: initial)
        var changes = await source.changes().makeAsyncIterator()
        var copy = await changes.next()!.snapshot

        // Every third object replaced (an ad by a post, a post by one with new text, so that
        // it moves when sorted), and a few new ones.
        let replacements = stride(from: 0, to: 40, by: 3).map { index in
            FeedItem.post(Post(id: "i\(index)", text: "t\(180 - index)"))
        }
        let fresh = (40..<44).map { FeedItem.post(Post(id: "i\($0)", text: "t\(100 + $0)")) }
        await source.sortAndAdd(contentsOf: replacements + fresh)

        var expected = initial.filter { item in !replacements.contains { $0.id == item.id } } + replacements + fresh
        expected.sort { lhs, rhs in
            let (left, right) = sorted ? (Self.label(lhs), Self.label(rhs)) : ("", "")
            return left != right ? left < right : lhs.id < rhs.id
        }
        #expect(await source.objects == expected)
        #expect(await source.object(withID: "i3") == .post(Post(id: "i3", text: "t177")))
        let change = await changes.next()!
        #expect(change.insertions.count == fresh.count && change.deletions.isEmpty)
        #expect(change.moves.count + change.updates.count == replacements.count)
        change.apply(to: &copy)
        #expect(copy == expected)
    }
}
