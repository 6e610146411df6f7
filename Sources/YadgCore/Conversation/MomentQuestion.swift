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

    /// Openings that make a question of a kind whatever follows: the words after them are what
    /// is asked about, with the period they name.
    static let openings: [([String], Kind)] = [
        (["when", "did", "i", "last"], .last), (["when", "was", "the", "last", "time", "i"], .last),
        (["when", "was", "my", "last"], .last), (["how", "many"], .count), (["how", "often"], .count),
        (["what", "was", "my", "best", "day"], .best), (["which", "was", "my", "best", "day"], .best),
        (["my", "best", "day"], .best), (["what's", "been", "my", "best", "day"], .best),
        (["what", "is", "my", "best", "day"], .best), (["what's", "my", "best", "day"], .best),
        (["which", "day", "was", "my", "best"], .best),
    ]

    /// `what did I do …`, `what have I done …`: the frame, then one of these verbs.
    static let doneVerbs: [[String]: Set<String>] = [
        ["what", "did", "i"]: ["do", "log", "get", "accomplish", "achieve", "manage", "finish"],
        ["what", "have", "i"]: ["done", "logged", "accomplished"],
    ]

    /// Reads a question, or nil when the line is not one (most lines).
    init?(_ said: SaidWords, parse: (String) -> ParsedMoment) {
        let w = said.words
        guard let first = w.first, Self.questionWords.contains(first) || ["show", "last", "my"].contains(first),
            // A `:` followed by more is a note of a count (`how many push-ups: 20`), not a question.
            !said.original.contains(":")
        else { return nil }
        func starts(_ opening: [String]) -> Bool { w.starts(with: opening) }
        /// The words after the first `count`: what is asked about, and the period they name.
        func about(after count: Int, _ kind: Kind) -> MomentQuestion {
            let parsed = parse(said.original(after: count).trimmingTrailing("?.!"))
            let timed = parsed.kind != .none && parsed.window != nil
            let words = parsed.text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" })
                .map(String.init).filter { !Self.frameWords.contains($0) }
            return MomentQuestion(
                kind, words: words.map(Self.stem), asked: words.joined(separator: " "),
                window: timed ? parsed.window : nil, period: timed ? parsed.timeExpression?.lowercased() : nil,
                text: said.original)
        }
        if let (opening, kind) = Self.openings.first(where: { starts($0.0) }) {
            self = about(after: opening.count, kind)
            return
        }
        if starts(["last", "time", "i"]) && said.asks {
            self = about(after: 3, .last)
            return
        }
        if let (frame, verbs) = Self.doneVerbs.first(where: { w.count > $0.key.count && starts($0.key) }),
            verbs.contains(w[frame.count])
        {
            self = about(after: frame.count + 1, .what)
            return
        }
        // `show me my wins from last week`, `show my moments from today`.
        for frame in [["show", "me", "my"], ["show", "my"]] where starts(frame) && w.count > frame.count + 1 {
            if ["wins", "moments"].contains(w[frame.count]),
                ["from", "for", "on", "in", "during"].contains(w[frame.count + 1])
            {
                self = about(after: frame.count + 1, .what)
                return
            }
        }
        if (starts(["did", "i"]) || starts(["have", "i"])) && w.count >= 3
            && !["mention", "tell", "say", "ever"].contains(w[2])
        {
            let question = about(after: 2, .did)
            // `did I really just run 10k` is a moment: a question asks, or names a time.
            guard said.asks || question.window != nil, !question.words.isEmpty else { return nil }
            self = question
            return
        }
        guard said.asks, Self.questionWords.contains(first) else { return nil }
        // Its period, if it names one, for a model's answer (`how was my week?` has none: the past week).
        let period = about(after: 0, .open)
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
