/// What a model's praise or summary must never say, as folded word sequences (lowercase,
/// apostrophes dropped: `don't` → `dont`; a trailing `*` matches any word starting so).
///
/// Praise is never advice, never medical, never a should/must/try-to, never a comparison and
/// never a judgement (ai.md §5.1). Small local models also echo the prompt, offer help like a
/// chatbot, or misread the moment as their own: those are refused too. A refused reply falls
/// back like any other (the offline praise stays, the summary is not cached).
enum ReplyRules {
    /// Telling the person what to do.
    static let advice = [
        "should", "shouldve", "must", "try to", "need to", "needs to", "have to", "has to", "ought", "i recommend",
        "i suggest", "we recommend", "consider", "next time", "make sure", "be sure", "dont forget", "remember to",
        "keep in mind", "it is important", "its important", "you might want", "you could", "why not", "instead of",
        "how about", "go ahead and", "consult", "professional help", "stop taking", "start taking", "keep taking",
        "lets",
    ]
    /// Anything medical: praise never touches treatment.
    static let medical = [
        "medicat*", "medicine*", "prescri*", "dose", "doses", "dosage*", "pill", "pills", "diagnos*", "symptom*",
        "treatment*", "therap*", "doctor*", "mg",
    ]
    /// Measuring the person against others, their past, or what they did not do.
    static let comparison = [
        "than yesterday", "than before", "than last", "than usual", "than most", "than others", "than other",
        "than everyone", "than anyone", "than you", "compared to", "compared with", "unlike most", "unlike others",
        "unlike other", "most people", "other people", "better than", "worse than", "more productive", "others",
    ]
    /// Therapy language and exaggeration (the system prompt rules both out; small models use
    /// them anyway).
    static let tone = [
        "self care", "selfcare", "validat*", "healing", "trauma*", "boundaries", "journey", "importance of",
        "amazing", "incredible", "awesome", "huge", "tremendous", "extraordinary", "phenomenal", "never forget",
    ]
    /// Grading the win.
    static let judgement = [
        "finally", "about time", "lazy", "at least", "not enough", "could have", "couldve", "should have",
        "barely", "for once", "not bad", "you only", "its a start", "better late", "not much", "too little",
        "disappoint*", "failed", "failure", "cant", "couldnt", "wont", "again tomorrow", "do it again", "do more",
        "keep it up", "keep going",
    ]
    /// The prompt said back, or a chatbot's habits.
    static let chatter = [
        "let me know", "how i can help", "i can help", "happy to help", "here to help", "feel free", "if you need",
        "as an ai", "language model", "i cannot", "i cant", "im sorry", "i am sorry", "my", "myself", "mine",
        "for me", "to me", "with me", "our", "we can", "we all",
        "moment>", "<moment",
    ]
    /// Labels of the prompt's lines: a reply that starts with one echoes it.
    static let echoedLabels = ["when:", "day:", "feeling:", "user:", "system:", "moment:", "moments:"]

    static let all: [[String]] = (advice + medical + comparison + tone + judgement + chatter).map {
        $0.split(separator: " ").map(String.init)
    }

    /// Second-person words: praise speaks to the person (a reply without one is about someone
    /// else, or about nothing).
    static let addressed: Set<String> = ["you", "your", "youre", "yourself", "youve", "youd", "youll", "yours"]

    /// The reply's words as the rules spell them.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            switch scalar {
            case "'", "\u{2019}", "\u{2018}": continue
            case "<", ">": current.unicodeScalars.append(scalar)
            default:
                if CrisisCheck.isWordScalar(scalar) {
                    current.unicodeScalars.append(scalar)
                } else if !current.isEmpty {
                    words.append(current)
                    current = ""
                }
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The first rule the words break, or nil.
    static func broken(by words: [String]) -> [String]? {
        all.first { phrase in
            guard words.count >= phrase.count else { return false }
            return (0...(words.count - phrase.count)).contains { start in
                phrase.enumerated().allSatisfy { offset, key in
                    let word = words[start + offset]
                    if key.hasSuffix("*") { return word.hasPrefix(key.dropLast()) }
                    // `moment>` and `<moment` are parts of a tag, wherever they stand in a word.
                    if key.contains("<") || key.contains(">") { return word.contains(key) }
                    return word == key
                }
            }
        }
    }
}
