/// The hand-written `Codable` structs a user would write for twitter.json, declaring
/// exactly the fields of `Twitter.etch`, with explicit `CodingKeys` (faster than
/// `.convertFromSnakeCase`, so the baseline gets Foundation's best case).
enum CodableTwitter {
    /// One page of search results.
    struct SearchResult: Codable {
        let statuses: [Status]
        let searchMetadata: SearchMetadata

        enum CodingKeys: String, CodingKey {
            case statuses
            case searchMetadata = "search_metadata"
        }
    }

    /// Paging information of a search.
    struct SearchMetadata: Codable {
        let completedIn: Double
        let maxId: Int64
        let maxIdStr: String
        let nextResults: String?
        let query: String
        let refreshUrl: String
        let count: Int
        let sinceId: Int64
        let sinceIdStr: String

        enum CodingKeys: String, CodingKey {
            case completedIn = "completed_in"
            case maxId = "max_id"
            case maxIdStr = "max_id_str"
            case nextResults = "next_results"
            case query
            case refreshUrl = "refresh_url"
            case count
            case sinceId = "since_id"
            case sinceIdStr = "since_id_str"
        }
    }

    /// A tweet.
    struct Status: Codable {
        let metadata: StatusMetadata
        let createdAt: String
        let id: Int64
        let idStr: String
        let text: String
        let source: String
        let truncated: Bool
        let inReplyToStatusId: Int64?
        let inReplyToStatusIdStr: String?
        let inReplyToUserId: Int64?
        let inReplyToUserIdStr: String?
        let inReplyToScreenName: String?
        let user: TwitterUser
        /// A `var`, unlike the other fields, so the "copyWith 1 field vs struct" row can set
        /// it on a copy; `Codable` treats it as it treats a `let`.
        var retweetCount: Int
        let favoriteCount: Int
        let entities: Entities
        let favorited: Bool
        let retweeted: Bool
        let possiblySensitive: Bool?
        let lang: String
        let retweetedStatus: Indirect<Status>?

        enum CodingKeys: String, CodingKey {
            case metadata
            case createdAt = "created_at"
            case id
            case idStr = "id_str"
            case text
            case source
            case truncated
            case inReplyToStatusId = "in_reply_to_status_id"
            case inReplyToStatusIdStr = "in_reply_to_status_id_str"
            case inReplyToUserId = "in_reply_to_user_id"
            case inReplyToUserIdStr = "in_reply_to_user_id_str"
            case inReplyToScreenName = "in_reply_to_screen_name"
            case user
            case retweetCount = "retweet_count"
            case favoriteCount = "favorite_count"
            case entities
            case favorited
            case retweeted
            case possiblySensitive = "possibly_sensitive"
            case lang
            case retweetedStatus = "retweeted_status"
        }
    }

    /// Why a tweet is in the results.
    struct StatusMetadata: Codable {
        let resultType: String
        let isoLanguageCode: String

        enum CodingKeys: String, CodingKey {
            case resultType = "result_type"
            case isoLanguageCode = "iso_language_code"
        }
    }
}
