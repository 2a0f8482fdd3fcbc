extension CodableTwitter {
    /// The author of a tweet.
    struct TwitterUser: Codable {
        let id: Int64
        let idStr: String
        let name: String
        let screenName: String
        let location: String
        let bio: String
        let url: String?
        let entities: UserEntities
        let protected: Bool
        let followersCount: Int
        let friendsCount: Int
        let listedCount: Int
        let createdAt: String
        let favouritesCount: Int
        let utcOffset: Int?
        let timeZone: String?
        let geoEnabled: Bool
        let verified: Bool
        let statusesCount: Int
        let lang: String
        let contributorsEnabled: Bool
        let isTranslator: Bool
        let isTranslationEnabled: Bool
        let profileBackgroundColor: String
        let profileBackgroundImageUrl: String
        let profileBackgroundImageUrlHttps: String
        let profileBackgroundTile: Bool
        let profileImageUrl: String
        let profileImageUrlHttps: String
        let profileBannerUrl: String?
        let profileLinkColor: String
        let profileSidebarBorderColor: String
        let profileSidebarFillColor: String
        let profileTextColor: String
        let profileUseBackgroundImage: Bool
        let defaultProfile: Bool
        let defaultProfileImage: Bool
        let following: Bool
        let followRequestSent: Bool
        let notifications: Bool

        enum CodingKeys: String, CodingKey {
            case id
            case idStr = "id_str"
            case name
            case screenName = "screen_name"
            case location
            case bio = "description"
            case url
            case entities
            case protected
            case followersCount = "followers_count"
            case friendsCount = "friends_count"
            case listedCount = "listed_count"
            case createdAt = "created_at"
            case favouritesCount = "favourites_count"
            case utcOffset = "utc_offset"
            case timeZone = "time_zone"
            case geoEnabled = "geo_enabled"
            case verified
            case statusesCount = "statuses_count"
            case lang
            case contributorsEnabled = "contributors_enabled"
            case isTranslator = "is_translator"
            case isTranslationEnabled = "is_translation_enabled"
            case profileBackgroundColor = "profile_background_color"
            case profileBackgroundImageUrl = "profile_background_image_url"
            case profileBackgroundImageUrlHttps = "profile_background_image_url_https"
            case profileBackgroundTile = "profile_background_tile"
            case profileImageUrl = "profile_image_url"
            case profileImageUrlHttps = "profile_image_url_https"
            case profileBannerUrl = "profile_banner_url"
            case profileLinkColor = "profile_link_color"
            case profileSidebarBorderColor = "profile_sidebar_border_color"
            case profileSidebarFillColor = "profile_sidebar_fill_color"
            case profileTextColor = "profile_text_color"
            case profileUseBackgroundImage = "profile_use_background_image"
            case defaultProfile = "default_profile"
            case defaultProfileImage = "default_profile_image"
            case following
            case followRequestSent = "follow_request_sent"
            case notifications
        }
    }

    /// The links in a user's profile.
    struct UserEntities: Codable {
        let bioLinks: URLList
        let url: URLList?

        enum CodingKeys: String, CodingKey {
            case bioLinks = "description"
            case url
        }
    }

    /// A list of links.
    struct URLList: Codable {
        let urls: [URLEntity]
    }
}
