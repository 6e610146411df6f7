/// Short lines of conversation that are not moments: greetings, thanks, `ok`, `how are you?`.
/// Answered from copy (`smallTalk` in `Resources/copy.json`), never saved, never sent to an AI.
public enum SmallTalk: String, Sendable, Equatable, CaseIterable {
    case greeting, thanks, ack, howAreYou = "howareyou"

    /// The whole line must be one of these (lower case, trailing `.!?` gone): `hi` is small talk,
    /// `hi-fived my kid` and `hey I cooked dinner` are moments.
    static let phrases: [SmallTalk: Set<String>] = [
        .greeting: [
            "hi", "hello", "hey", "hiya", "heya", "yo", "howdy", "sup", "gm", "morning", "good morning",
            "good afternoon",
            "good evening", "evening", "good night", "gn", "hey there", "hi there", "hello there", "hi yadg",
            "hey yadg",
            "hello yadg", "hola", "greetings", "hey hey", "hellooo", "heyy", "hii",
        ],
        .thanks: [
            "thanks", "thank you", "thx", "ty", "tysm", "thanks a lot", "thank you so much", "thanks so much", "cheers",
            "appreciate it", "thanks yadg", "thank you yadg", "many thanks", "ok thanks", "okay thanks", "thank u",
            "thanks!!", "much appreciated",
        ],
        .ack: [
            "ok", "okay", "k", "kk", "cool", "nice", "lol", "haha", "hahaha", "lmao", "great", "alright", "yep", "yes",
            "yeah", "no", "nope", "sure", "hmm", "hm", "wow", "awesome", "yay", "oh", "ah", ":)", ":-)", ":d", "👍", "❤️",
            "<3", "ok cool", "sounds good", "got it", "fine", "nice one", "perfect", "good", "oh nice", "oh ok", "neat",
        ],
        .howAreYou: [
            "how are you", "how are you doing", "how's it going", "hows it going", "what's up", "whats up", "how r u",
            "how are u", "you ok", "are you ok", "how are things", "how have you been", "wyd", "how's your day",
        ],
    ]

    /// Each phrase to the first kind (in ``allCases`` order) that lists it: one lookup for a line.
    static let kindOfPhrase: [String: SmallTalk] = {
        var kinds: [String: SmallTalk] = [:]
        for kind in allCases.reversed() {
            for phrase in phrases[kind] ?? [] { kinds[phrase] = kind }
        }
        return kinds
    }()

    init?(_ core: String) {
        // A stretched last letter is the same word: `heyyy`, `hiii`, `thanksss`, `okkk`. Where the
        // line as said and the line unstretched are of two kinds, the earlier kind wins.
        let (said, plain) = (Self.kindOfPhrase[core], Self.kindOfPhrase[Self.unstretched(core)])
        guard let found = Self.allCases.first(where: { $0 == said || $0 == plain }) else { return nil }
        self = found
    }

    /// The line without a stretched last letter (`heyyy` → `hey`); a line of ASCII, nearly every
    /// one, is read as bytes.
    static func unstretched(_ core: String) -> String {
        guard core.utf8.allSatisfy({ $0 < 0x80 }) else {
            var plain = core
            while plain.count > 1, let last = plain.last, last.isLetter, plain.dropLast().last == last {
                plain.removeLast()
            }
            return plain
        }
        let bytes = Array(core.utf8)
        var end = bytes.count
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
        while end > 1, isLetter(bytes[end - 1]), bytes[end - 2] == bytes[end - 1] { end -= 1 }
        return end == bytes.count ? core : String(decoding: bytes[..<end], as: UTF8.self)
    }
}
