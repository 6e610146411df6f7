import YadgLanguage

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
        /// `what was the first thing I ever saved?`, `when did I start running?`
        case first
        /// Any other question (`how was my week?`): answered kindly, never logged.
        case open
    }

    public var kind: Kind
    /// The words asked about, as stems (`walks` → `walk`); empty for every moment.
    public var words: [String]
    /// For each of ``words``, the stems that count as it (`run`: `ran`, `jog`).
    public var alternatives: [[String]] = []
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
        alternatives = words.map { [$0] }
    }

    static let questionWords: Set<String> = [
        "how", "what", "whats", "why", "who", "where", "when", "which", "is", "am", "are", "can", "could",
        "should", "would", "will", "do", "does", "did", "have", "has", "was", "were", "any", "tell", "hows", "whens",
        "wheres", "whos",
    ]

    /// Words that say nothing about which moments: the question's frame and light verbs.
    static let frameWords: Set<String> = [
        "i", "my", "me", "the", "a", "an", "to", "for", "with", "and", "of", "on", "in", "at", "did", "do", "does",
        "done", "have", "has", "had", "take", "took", "taken", "make", "made", "get", "got", "go", "went", "gone",
        "times", "time", "moments", "moment", "wins", "win", "log", "logged", "any", "some", "really", "this", "that",
        "last", "how", "many", "often", "much", "been", "already", "ever", "all", "total", "in", "so", "far", "yet",
        "save", "saved", "entry", "entries", "since", "it", "is", "was", "were", "there", "anything", "something",
        "stuff", "things", "thing", "ones", "one", "from", "during", "actually", "even", "recently", "most", "start",
        "started", "first", "again", "logs", "record", "recorded", "put", "add", "added", "like", "about", "up", "or", "not",
        // What is left of a word cut at its apostrophe (`I've`, `mum's`, `didn't`).
        "ve", "ll", "re", "m", "d", "s", "t",
    ]

    /// A question of a kind, from the words after its opening (`rest`: what is asked about, and
    /// the period they name). Nil when it is no question after all (`did I really just run 10k`
    /// neither asks nor names a time: a moment).
    init?(
        _ kind: Kind, rest: String, reading: TalkReading, line: String, talk: TalkWords,
        parse: (String) -> ParsedMoment
    ) {
        // A `:` followed by more is a note of a count (`how many push-ups: 20`), not a question.
        if let colon = line.firstIndex(of: ":"),
            line[line.index(after: colon)...].contains(where: { $0.isLetter || $0.isNumber })
        {
            return nil
        }
        let parsed = parse(rest.trimmingTrailing("?.!"))
        // `did I walk the dog on saturday`: the rest alone (`walk the dog on saturday`) reads as a
        // plan; the whole line says it is the saturday gone, so its time is the one asked about.
        let when = parsed.kind == .future ? parse(line.trimmingTrailing("?.!")) : parsed
        let timed = when.kind != .none && when.window != nil
        let words = parsed.text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" })
            .map(String.init).filter { !Self.frameWords.contains($0) }
        let stems = words.map(Self.stem)
        // `have I logged anything today`: nothing asked about but the period, so what was logged then.
        let kind = kind == .did && stems.isEmpty && timed ? .what : kind
        self.init(
            kind, words: stems, asked: words.joined(separator: " "), window: timed ? when.window : nil,
            period: timed ? when.timeExpression?.lowercased() : nil, text: line)
        alternatives = stems.map(talk.alternatives)
        if kind == .did {
            // `did I really just run 10k` is a moment: a question asks, names a time, or says it
            // was logged (`did I already log the dishes`).
            let said = Set(talk.reader.words(of: line))
            let logged = !said.isDisjoint(with: ["already", "ever", "log", "logged", "save", "saved", "record"])
            guard reading.asks || timed || logged, !stems.isEmpty else { return nil }
        }
    }

    /// Any other question: answered kindly, with its period if it names one (for a model's answer).
    static func open(_ line: String, parse: (String) -> ParsedMoment) -> MomentQuestion {
        let parsed = parse(line.trimmingTrailing("?.!"))
        let timed = parsed.kind != .none && parsed.window != nil
        return MomentQuestion(
            .open, window: timed ? parsed.window : nil, period: timed ? parsed.timeExpression?.lowercased() : nil,
            text: line)
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

    /// True when each word asked about, or one that counts as it, starts one of the text's words
    /// (`walk` finds `walked`, not `sidewalk`; `run` finds `ran` and `jogged`).
    func matches(_ text: String) -> Bool {
        guard !words.isEmpty else { return true }
        let textWords = text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return alternatives.allSatisfy { stems in stems.contains { stem in textWords.contains { $0.hasPrefix(stem) } } }
    }

    /// Whether any word asked about has others that count as it: the store cannot search for
    /// those, so the answer reads the moments of the period and looks itself.
    var hasAlternatives: Bool { alternatives.contains { $0.count > 1 } }
}
