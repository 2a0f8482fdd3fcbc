extension DataGenerator {
    /// Words in several scripts, with emoji and characters JSON must escape, as in real tweets.
    static let words = [
        "the", "a", "swift", "json", "benchmark", "today", "morning", "coffee", "release", "build", "test",
        "名前", "前田あゆみ", "第一印象", "なんか怖っ", "ありがとう", "一言", "お前は一生もんのダチ", "野球部",
        "😋", "✨", "😊", "❤️", "💖", "👍🏽", "🇯🇵", "日本語", "中文", "한국어", "Привет", "مرحبا", "Ελληνικά",
        "\"quoted\"", "back\\slash", "tab\there", "line\nbreak", "<b>bold</b>", "a/b", "x&y",
    ]

    static let names = ["AYUMI", "Kiyoshi", "ぱんだ", "Ana María", "Zoë", "李雷", "Jürgen", "Иван", "🐱 cat", "O'Brien"]
    static let languages = ["ja", "en", "es", "fr", "zh", "ko", "ru", "ar", "de", "und"]
    static let timeZones = ["Tokyo", "Osaka", "Hawaii", "Pacific Time (US & Canada)", "London", "Irkutsk"]
    static let colors = ["C0DEED", "0084B4", "DDEEF6", "333333", "FFFFFF", "000000", "F5ABB5", "DBE9ED"]
    static let sources = [
        #"<a href="http://twitter.com/download/iphone" rel="nofollow">Twitter for iPhone</a>"#,
        #"<a href="http://twitter.com/download/android" rel="nofollow">Twitter for Android</a>"#,
        "web",
    ]
    static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A tweet-like text of a few words.
    mutating func sentence(words count: ClosedRange<Int>) -> String {
        (0..<random.int(in: count)).map { _ in random.pick(Self.words) }.joined(separator: " ")
    }

    /// A date as Twitter writes it: `Sun Aug 31 00:29:15 +0000 2014`.
    mutating func twitterDate() -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let time = "\(two(random.int(in: 0...23))):\(two(random.int(in: 0...59))):\(two(random.int(in: 0...59)))"
        return "\(random.pick(Self.days)) \(random.pick(Self.months)) \(two(random.int(in: 1...28))) \(time) +0000 "
            + "\(random.int(in: 2007...2014))"
    }

    /// A short link and what it expands to.
    mutating func link() -> (url: String, expanded: String, display: String) {
        let code = String((0..<10).map { _ in random.pick(Array("abcdefghijkLMNOPQ0123456789")) })
        let host = random.pick(["example.com", "twpf.jp", "ameblo.jp", "swift.org"])
        return ("http://t.co/\(code)", "http://\(host)/\(code)", "\(host)/\(code)")
    }
}
