#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A question about one's own moments, as the stage read it: what is asked, about which words,
/// and over which period (read by the time parser: `this week`, `in October`, `on Monday`).
public struct MomentQuestion: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// `when did I last call mom?`
        case last
        /// `how many walks did I take this week?`
        case count
        /// `what did I do yesterday?`, `show me my wins from last week`
        case what
        /// `did I meditate today?`
        case did
        /// `what was my best day?` (the day with most moments; never a ranking of the person)
        case best
        /// Any other question (`how was my week?`): answered kindly, never logged.
        case open
    }

    public var kind: Kind
    /// The words asked about, as stems (`walks` → `walk`); empty for every moment.
    public var words: [String]
    /// The words as asked, for the answer (`call mom`).
    public var asked: String
    /// The period asked about, or nil for all time (`last`, `best`) or today (`what`, `did`).
    public var window: DateInterval?
    /// The period as it was said (`this week`), or nil.
    public var period: String?
    /// The question as typed.
    public var text: String

    init(
        _ kind: Kind, words: [String] = [], asked: String = "", window: DateInterval? = nil, period: String? = nil,
        text: String
    ) {
        self.kind = kind
        self.words = words
        self.asked = asked
        self.window = window
        self.period = period
        self.text = text
    }

    static let questionWords: Set<String> = [
        "how", "what", "what's", "whats", "why", "who", "where", "when", "which", "is", "am", "are", "can", "could",
        "should", "would", "will", "do", "does", "did", "have", "has", "was", "were", "any", "tell",
    ]

    /// Words that say nothing about which moments: the question's frame and light verbs.
    static let frameWords: Set<String> = [
        "i", "my", "me", "the", "a", "an", "to", "for", "with", "and", "of", "on", "in", "at", "did", "do", "does",
        "done", "have", "has", "had", "take", "took", "taken", "make", "made", "get", "got", "go", "went", "gone",
        "times", "time", "moments", "moment", "wins", "win", "log", "logged", "any", "some", "really", "this", "that",
        "last", "how", "many", "often", "much", "been",
    ]

    /// Reads a question, or nil when the line is not one (most lines).
    init?(_ said: SaidWords, parse: (String) -> ParsedMoment) {
        let w = said.words
        guard let first = w.first,
            Self.questionWords.contains(first) || first == "show" || first == "last"
                || first == "my"
        else { return nil }
        func starts(_ opening: [String]) -> Bool { Array(w.prefix(opening.count)) == opening }
        func about(after count: Int, kind: Kind, defaultPeriod: Bool) -> MomentQuestion {
            let rest = said.original(after: count).trimmingTrailing("?.!")
            let parsed = parse(rest)
            let timed = parsed.kind != .none && parsed.window != nil
            let words = parsed.text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" })
                .map(String.init).filter { !Self.frameWords.contains($0) }
            return MomentQuestion(
                kind, words: words.map(Self.stem), asked: words.joined(separator: " "),
                window: timed ? parsed.window : nil,
                period: timed ? parsed.timeExpression?.lowercased() : nil, text: said.original)
        }
        // A `:` followed by more is a note of a count (`how many push-ups: 20`), not a question.
        guard !said.original.contains(":") else { return nil }
        for opening in [
            ["when", "did", "i", "last"], ["when", "was", "the", "last", "time", "i"], ["when", "was", "my", "last"],
        ]
        where starts(opening) {
            self = about(after: opening.count, kind: .last, defaultPeriod: false)
            return
        }
        if starts(["last", "time", "i"]) && said.asks {
            self = about(after: 3, kind: .last, defaultPeriod: false)
            return
        }
        if starts(["how", "many"]) || starts(["how", "often"]) {
            self = about(after: 2, kind: .count, defaultPeriod: false)
            return
        }
        let doneVerbs: Set<String> = ["do", "log", "get", "accomplish", "achieve", "manage", "finish"]
        if starts(["what", "did", "i"]), w.count >= 4, doneVerbs.contains(w[3]) {
            self = about(after: 4, kind: .what, defaultPeriod: true)
            return
        }
        if starts(["what", "have", "i"]), w.count >= 4, ["done", "logged", "accomplished"].contains(w[3]) {
            self = about(after: 4, kind: .what, defaultPeriod: true)
            return
        }
        for opening in [["show", "me", "my"], ["show", "my"]] where starts(opening) && w.count > opening.count + 1 {
            let target = w[opening.count]
            guard ["wins", "moments"].contains(target),
                ["from", "for", "on", "in", "during"].contains(w[opening.count + 1])
            else { continue }
            self = about(after: opening.count + 1, kind: .what, defaultPeriod: true)
            return
        }
        if (starts(["did", "i"]) || starts(["have", "i"])) && w.count >= 3
            && !["mention", "tell", "say", "ever"].contains(w[2])
        {
            let question = about(after: 2, kind: .did, defaultPeriod: true)
            // `did I really just run 10k` is a moment: a question asks, or names a time.
            guard said.asks || question.window != nil, !question.words.isEmpty else { return nil }
            self = question
            return
        }
        for opening in [
            ["what", "was", "my", "best", "day"], ["which", "was", "my", "best", "day"], ["my", "best", "day"],
            ["what's", "been", "my", "best", "day"], ["what", "is", "my", "best", "day"],
            ["what's", "my", "best", "day"],
            ["which", "day", "was", "my", "best"],
        ] where starts(opening) {
            self = about(after: opening.count, kind: .best, defaultPeriod: false)
            return
        }
        guard said.asks, Self.questionWords.contains(first) else { return nil }
        // Its period, if it names one, for a model's answer (`how was my week?` has none: the past week).
        let period = about(after: 0, kind: .open, defaultPeriod: false)
        self = MomentQuestion(.open, window: period.window, period: period.period, text: said.original)
    }

    /// A word's stem for looking it up (`walks` → `walk`, `called` → `call`, `running` → `run`).
    static func stem(_ word: String) -> String {
        var stem = word
        if stem.hasSuffix("ies"), stem.count > 4 {
            stem = String(stem.dropLast(3)) + "y"
        } else if stem.hasSuffix("ing"), stem.count > 5 {
            stem = String(stem.dropLast(3))
        } else if stem.hasSuffix("ed"), stem.count > 4 {
            stem = String(stem.dropLast(2))
        } else if stem.hasSuffix("s"), !stem.hasSuffix("ss"), stem.count > 3 {
            stem = String(stem.dropLast())
        }
        // running → runn → run
        if stem.count > 3, let last = stem.last, stem.dropLast().last == last, !"aeiouls".contains(last) {
            stem.removeLast()
        }
        return stem
    }

    /// True when every stem starts one of the text's words (`walk` finds `walked`, not `sidewalk`).
    func matches(_ text: String) -> Bool {
        guard !words.isEmpty else { return true }
        let textWords = text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return words.allSatisfy { stem in textWords.contains { $0.hasPrefix(stem) } }
    }
}
