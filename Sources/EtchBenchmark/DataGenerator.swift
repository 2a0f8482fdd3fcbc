import EtchBenchmarkSupport

/// Makes a twitter-like search response when twitter.json is not at hand, so the benchmark
/// runs on a fresh clone: the same shape and key order as the real file (statuses with
/// users, entities and retweets; unicode and escaped text; ids above 2^53; nulls), from a
/// fixed seed, so every run measures the same bytes.
struct DataGenerator {
    var random: SeededGenerator
    private var nextID: Int64 = 505_874_924_095_815_681

    /// Makes a generator; equal seeds make equal documents.
    init(seed: UInt64 = 42) {
        random = SeededGenerator(seed: seed)
    }

    /// The document as pretty-printed UTF-8 text; 100 statuses are about as big as twitter.json.
    mutating func twitterDocument(statuses count: Int = 100) -> String {
        let statuses = (0..<count).map { _ in status(canRetweet: true) }
        let metadata: GeneratedJSON = .object([
            ("completed_in", .double(0.087)), ("max_id", .int(505_874_924_095_815_681)),
            ("max_id_str", "505874924095815681"),
            ("next_results", "?max_id=505874847260352512&q=%E4%B8%80&count=100&include_entities=1"),
            ("query", "%E4%B8%80"), ("refresh_url", "?since_id=505874924095815681&q=%E4%B8%80&include_entities=1"),
            ("count", .int(Int64(count))), ("since_id", .int(0)), ("since_id_str", "0"),
        ])
        return GeneratedJSON.object([("statuses", .array(statuses)), ("search_metadata", metadata)]).text
    }

    private mutating func id() -> (GeneratedJSON, GeneratedJSON) {
        nextID -= Int64(random.int(in: 1...9_999_999))
        return (.int(nextID), .string(String(nextID)))
    }

    private mutating func count(upTo limit: Int) -> GeneratedJSON { .int(Int64(random.int(in: 0...limit))) }

    private mutating func status(canRetweet: Bool) -> GeneratedJSON {
        let (id, idString) = self.id()
        let replies = random.chance(0.1)
        let replyUser = Int64(random.int(in: 10_000...3_000_000_000))
        var members: [(String, GeneratedJSON)] = [
            (
                "metadata",
                .object([("result_type", "recent"), ("iso_language_code", .string(random.pick(Self.languages)))])
            ),
            ("created_at", .string(twitterDate())), ("id", id), ("id_str", idString),
            ("text", .string(sentence(words: 3...24))), ("source", .string(random.pick(Self.sources))),
            ("truncated", false),
            ("in_reply_to_status_id", replies ? self.id().0 : .null),
            ("in_reply_to_status_id_str", replies ? .string(String(nextID)) : .null),
            ("in_reply_to_user_id", replies ? .int(replyUser) : .null),
            ("in_reply_to_user_id_str", replies ? .string(String(replyUser)) : .null),
            ("in_reply_to_screen_name", replies ? .string(random.pick(Self.names)) : .null),
            ("user", user()), ("geo", nil), ("coordinates", nil), ("place", nil), ("contributors", nil),
        ]
        if canRetweet, random.chance(0.7) { members.append(("retweeted_status", status(canRetweet: false))) }
        members += [
            ("retweet_count", count(upTo: 5000)), ("favorite_count", count(upTo: 500)), ("entities", entities()),
            ("favorited", false), ("retweeted", false),
        ]
        if random.chance(0.15) { members.append(("possibly_sensitive", .bool(random.chance(0.1)))) }
        members.append(("lang", .string(random.pick(Self.languages))))
        return .object(members)
    }

    private mutating func user() -> GeneratedJSON {
        let (id, idString) = self.id()
        let hasURL = random.chance(0.11)
        let link = self.link()
        let hasZone = random.chance(0.19)
        let image = "http://pbs.twimg.com/profile_images/\(random.next() % 1_000_000_000)/avatar_normal.jpeg"
        var members: [(String, GeneratedJSON)] = [
            ("id", id), ("id_str", idString), ("name", .string(random.pick(Self.names))),
            ("screen_name", .string("user_\(random.next() % 100_000)")), ("location", .string(sentence(words: 0...2))),
            ("description", .string(sentence(words: 0...16))), ("url", hasURL ? .string(link.url) : .null),
            (
                "entities",
                .object(
                    (hasURL ? [("url", .object([("urls", .array([urlEntity(link, at: 0)]))]))] : [])
                        + [("description", .object([("urls", .array([]))]))])
            ),
            ("protected", false), ("followers_count", count(upTo: 100_000)), ("friends_count", count(upTo: 5000)),
            ("listed_count", count(upTo: 100)), ("created_at", .string(twitterDate())),
            ("favourites_count", count(upTo: 20_000)),
            ("utc_offset", hasZone ? .int(Int64(random.int(in: -12...12) * 3600)) : .null),
            ("time_zone", hasZone ? .string(random.pick(Self.timeZones)) : .null),
            ("geo_enabled", .bool(random.chance(0.3))), ("verified", .bool(random.chance(0.02))),
            ("statuses_count", count(upTo: 50_000)), ("lang", .string(random.pick(Self.languages))),
            ("contributors_enabled", false), ("is_translator", false), ("is_translation_enabled", false),
            ("profile_background_color", .string(random.pick(Self.colors))),
            ("profile_background_image_url", "http://abs.twimg.com/images/themes/theme1/bg.png"),
            ("profile_background_image_url_https", "https://abs.twimg.com/images/themes/theme1/bg.png"),
            ("profile_background_tile", .bool(random.chance(0.2))),
            ("profile_image_url", .string(image)), ("profile_image_url_https", .string("https" + image.dropFirst(4))),
        ]
        if random.chance(0.86) {
            members.append(
                ("profile_banner_url", .string("https://pbs.twimg.com/profile_banners/\(idString)/1409318784")))
        }
        for key in ["link", "sidebar_border", "sidebar_fill", "text"] {
            members.append(("profile_\(key)_color", .string(random.pick(Self.colors))))
        }
        for key in ["profile_use_background_image", "default_profile", "default_profile_image"] {
            members.append((key, .bool(random.chance(0.5))))
        }
        return .object(members + [("following", false), ("follow_request_sent", false), ("notifications", false)])
    }

    private func urlEntity(_ link: (url: String, expanded: String, display: String), at start: Int) -> GeneratedJSON {
        .object([
            ("url", .string(link.url)), ("expanded_url", .string(link.expanded)),
            ("display_url", .string(link.display)),
            ("indices", .array([.int(Int64(start)), .int(Int64(start + 22))])),
        ])
    }

    private mutating func entities() -> GeneratedJSON {
        let hashtags = (0..<random.int(in: 0...1)).map { _ in
            GeneratedJSON.object([("text", .string(random.pick(Self.words))), ("indices", .array([.int(3), .int(9)]))])
        }
        let urls = (0..<random.int(in: 0...1)).map { _ in urlEntity(link(), at: random.int(in: 0...100)) }
        let mentions = (0..<random.int(in: 0...2)).map { _ in
            let (id, idString) = self.id()
            return GeneratedJSON.object([
                ("screen_name", .string("user_\(random.next() % 100_000)")), ("name", .string(random.pick(Self.names))),
                ("id", id), ("id_str", idString), ("indices", .array([.int(0), .int(9)])),
            ])
        }
        var members: [(String, GeneratedJSON)] = [
            ("hashtags", .array(hashtags)), ("symbols", .array([])), ("urls", .array(urls)),
            ("user_mentions", .array(mentions)),
        ]
        if random.chance(0.06) { members.append(("media", .array([media()]))) }
        return .object(members)
    }

    private mutating func media() -> GeneratedJSON {
        let (id, idString) = self.id()
        let link = self.link()
        func size(_ width: Int64, _ height: Int64, _ resize: String) -> GeneratedJSON {
            .object([("w", .int(width)), ("h", .int(height)), ("resize", .string(resize))])
        }
        return .object([
            ("id", id), ("id_str", idString), ("indices", .array([.int(27), .int(49)])),
            ("media_url", "http://pbs.twimg.com/media/BwUxfC6CIAEr-Ye.jpg"),
            ("media_url_https", "https://pbs.twimg.com/media/BwUxfC6CIAEr-Ye.jpg"), ("url", .string(link.url)),
            ("display_url", .string(link.display)), ("expanded_url", .string(link.expanded)), ("type", "photo"),
            (
                "sizes",
                .object([
                    ("medium", size(600, 338, "fit")), ("small", size(340, 192, "fit")),
                    ("thumb", size(150, 150, "crop")),
                    ("large", size(765, 432, "fit")),
                ])
            ),
        ])
    }
}
