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

    init?(_ core: String) {
        // A stretched last letter is the same word: `heyyy`, `hiii`, `thanksss`, `okkk`.
        var plain = core
        while plain.count > 1, let last = plain.last, last.isLetter, plain.dropLast().last == last {
            plain.removeLast()
        }
        guard
            let found = Self.allCases.first(where: {
                Self.phrases[$0]?.contains(core) == true || Self.phrases[$0]?.contains(plain) == true
            })
        else { return nil }
        self = found
    }
}
