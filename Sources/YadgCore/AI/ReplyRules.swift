/// How the reply rules (``ReplyJudgement``) read a reply's words, and the prompt's labels a reply
/// must not start with.
enum ReplyRules {
    /// Labels of the prompt's lines: a reply that starts with one echoes it.
    static let echoedLabels = ["when:", "day:", "feeling:", "user:", "system:", "moment:", "moments:"]

    /// Second-person words: a first-person sentence that has one speaks to the person (`I'm proud
    /// of you`), not about the model (``ReplyJudgement/talksAboutItself(_:)``).
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
}
