extension CodableTwitter {
    /// What a tweet's text refers to.
    struct Entities: Codable {
        let hashtags: [Hashtag]
        let symbols: [Hashtag]
        let urls: [URLEntity]
        let userMentions: [UserMention]
        let media: [Media]?

        enum CodingKeys: String, CodingKey {
            case hashtags
            case symbols
            case urls
            case userMentions = "user_mentions"
            case media
        }
    }

    /// A `#hashtag` (or a `$symbol`) in a tweet.
    struct Hashtag: Codable {
        let text: String
        let indices: [Int]
    }

    /// A link in a tweet.
    struct URLEntity: Codable {
        let url: String
        let expandedUrl: String
        let displayUrl: String
        let indices: [Int]

        enum CodingKeys: String, CodingKey {
            case url
            case expandedUrl = "expanded_url"
            case displayUrl = "display_url"
            case indices
        }
    }

    /// An `@mention` in a tweet.
    struct UserMention: Codable {
        let screenName: String
        let name: String
        let id: Int64
        let idStr: String
        let indices: [Int]

        enum CodingKeys: String, CodingKey {
            case screenName = "screen_name"
            case name
            case id
            case idStr = "id_str"
            case indices
        }
    }

    /// A photo attached to a tweet.
    struct Media: Codable {
        let id: Int64
        let idStr: String
        let indices: [Int]
        let mediaUrl: String
        let mediaUrlHttps: String
        let url: String
        let displayUrl: String
        let expandedUrl: String
        let type: String
        let sizes: [String: MediaSize]
        let sourceStatusId: Int64?
        let sourceStatusIdStr: String?

        enum CodingKeys: String, CodingKey {
            case id
            case idStr = "id_str"
            case indices
            case mediaUrl = "media_url"
            case mediaUrlHttps = "media_url_https"
            case url
            case displayUrl = "display_url"
            case expandedUrl = "expanded_url"
            case type
            case sizes
            case sourceStatusId = "source_status_id"
            case sourceStatusIdStr = "source_status_id_str"
        }
    }

    /// One rendition of a photo.
    struct MediaSize: Codable {
        let w: Int
        let h: Int
        let resize: String
    }
}
