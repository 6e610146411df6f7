import YadgLanguage
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a line is, decided before anything is saved: the one reading every typed or piped line
/// goes through (<doc:Conversation>). In order: crisis language, a `/command`, a command said in
/// words, a question about one's own moments, small talk, a plan, and otherwise a moment.
///
/// The rules are narrow on purpose. A line is read as anything but a moment only when it is
/// nothing else (`exit` alone, `undo that`, `when did I last call mom?`); whatever the reader is
/// unsure about is a moment, so logging a real win never gets harder (`quit smoking`, `asked my
/// boss for a raise`, `deleted old photos` stay moments).
public enum LineMeaning: Equatable, Sendable {
    case blank
    /// Crisis language (<doc:CrisisSafety>): read first, whatever else the line looks like.
    case crisis
    /// A line starting with `/`.
    case command
    /// `exit`, `quit`, `q`, `bye` alone: leave, as Ctrl-D does.
    case leave
    /// `help`, `?`, `commands`: `/help`.
    case help
    /// A command said in words, as the command line it stands for: `show my moments` is
    /// `/moments`, `undo that` is `/delete last`, `actually it was yesterday` is `/when yesterday`.
    case inWords(kind: String, line: String)
    /// `show my favourites`: there is no command for it, so it is answered like a question.
    case favorites
    case question(MomentQuestion)
    case smallTalk(SmallTalk)
    /// The time parser reads it as a plan (`gonna run tomorrow`, <doc:TimeSemantics> §6); what it read is kept, so
    /// logging does not read the line twice.
    case plan(ParsedMoment)
    case moment(ParsedMoment)

    /// The reading's name, as the test table writes it (`leave`, `when`, `question.count`).
    public var name: String {
        switch self {
        case .blank: "blank"
        case .crisis: "crisis"
        case .command: "command"
        case .leave: "leave"
        case .help: "help"
        case .inWords(let kind, _): kind
        case .favorites: "show"
        case .question(let question): "question." + question.kind.rawValue
        case .smallTalk(let talk): "smalltalk." + talk.rawValue
        case .plan: "plan"
        case .moment: "moment"
        }
    }
}

/// The stage's inputs beyond the line: what it must not read for itself.
public struct LineContext {
    public var crisis: CrisisCheck
    public var moods: MoodVocabulary
    /// The time parser, at the conversation's now and zone.
    public var parse: (String) -> ParsedMoment
    /// The line before logged a moment: `I felt proud` is then its mood, not a new moment.
    public var afterMoment: Bool
    /// The caller read the line for crisis language already (the shell does, before anything).
    public var crisisChecked: Bool

    public init(
        crisis: CrisisCheck, moods: MoodVocabulary, parse: @escaping (String) -> ParsedMoment, afterMoment: Bool,
        crisisChecked: Bool = false
    ) {
        self.crisis = crisis
        self.moods = moods
        self.parse = parse
        self.afterMoment = afterMoment
        self.crisisChecked = crisisChecked
    }
}

extension LineMeaning {
    /// Reads a line. Pure: the clock, zone and vocabularies come in through `context`.
    public static func read(_ line: String, in context: LineContext) -> LineMeaning {
        let trimmed = line.trimmedWhitespace
        guard !trimmed.isEmpty else { return .blank }
        if !context.crisisChecked && context.crisis.matches(trimmed) { return .crisis }
        if trimmed.hasPrefix("/") { return .command }
        if SaidWords.mayBeSaid(trimmed), let said = SaidWords(trimmed), let meaning = readWords(said, in: context) {
            return meaning
        }
        let parsed = context.parse(trimmed)
        return parsed.kind == .future ? .plan(parsed) : .moment(parsed)
    }

    /// Everything between a `/command` and a moment: only lines short or shaped enough to be one.
    private static func readWords(_ said: SaidWords, in context: LineContext) -> LineMeaning? {
        if said.isOnlyQuestionMarks { return .help }
        let key = said.core
        if PhrasesSaid.leave.contains(key) { return .leave }
        if PhrasesSaid.help.contains(key) { return .help }
        if let talk = SmallTalk(key) { return .smallTalk(talk) }
        if PhrasesSaid.undo.contains(key) { return .inWords(kind: "undo", line: "/undo") }
        if let shown = PhrasesSaid.view(said) { return shown }
        if let correction = PhrasesSaid.correction(said, in: context) { return correction }
        if let question = MomentQuestion(said, parse: context.parse) { return .question(question) }
        return nil
    }
}

/// A line as words: lower-cased for reading, with the original kept for the words a command
/// carries on (a note's text keeps its capitals).
struct SaidWords {
    /// The line as typed, trimmed.
    let original: String
    /// Lower case, curly apostrophes straightened, spaces collapsed, and trailing `.!?,` dropped.
    let core: String
    /// The words of `core`, split at spaces, with commas and a leading filler's comma gone.
    let words: [String]
    /// The line ended with `?`.
    let asks: Bool
    /// `?` or `??` alone.
    let isOnlyQuestionMarks: Bool

    /// Every word a reading other than a moment can start with, lower case. A line whose first
    /// word is none of them, and that does not end with `?`, is read no further: most moments
    /// (`took a walk`) cost the stage one look at their first word.
    static let openers: Set<String> = {
        var words: Set<String> = [
            "show", "list", "view", "open", "see", "display", "my", "me", "all", "delete", "remove", "erase", "scratch",
            "undo", "favorite", "favourite", "fav", "fave", "star", "heart", "mark", "add", "note", "note:", "tag",
            "that",
            "it", "that's", "thats", "it's", "its", "i", "i'm", "im", "felt", "feeling", "was", "make", "change",
            "last",
        ]
        words.formUnion(PhrasesSaid.fillers)
        words.formUnion(MomentQuestion.questionWords)
        let phrases = [PhrasesSaid.leave, PhrasesSaid.help, PhrasesSaid.undo] + SmallTalk.phrases.values
        for set in phrases {
            for phrase in set { words.insert(String(phrase.split(separator: " ").first ?? "")) }
        }
        return words
    }()

    /// The same in a word table, for the lookup every line makes.
    static let openerTable = WordSet(words: openers)

    /// The longest of ``openers``, in bytes: a longer first word is no opener.
    static let longestOpener = openers.map(\.utf8.count).max() ?? 0

    /// Whether the line may be anything but a moment (see ``openers``).
    static func mayBeSaid(_ line: String) -> Bool {
        if line.utf8.last == UInt8(ascii: "?") { return true }
        var line = line
        let ascii = line.withUTF8 { bytes -> Bool? in
            let count = bytes.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } ?? bytes.count
            // Stretched words (`heyyyyy`) may run a little longer than their opener.
            guard count <= longestOpener + 8 else { return false }
            // Most first words are plain ASCII: lower-cased and trimmed as bytes on the stack and
            // looked up as bytes in a word table. Others take the Character path below.
            guard bytes[..<count].allSatisfy({ $0 < 0x80 }) else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { word in
                for k in 0..<count { word[k] = bytes[k] >= 0x41 && bytes[k] <= 0x5A ? bytes[k] + 32 : bytes[k] }
                var length = count
                func isEnding(_ byte: UInt8) -> Bool {
                    byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: ",")
                        || byte == UInt8(ascii: "~")
                }
                while length > 1, isEnding(word[length - 1]) { length -= 1 }
                if openerTable[bytes: UnsafeBufferPointer(rebasing: word[..<length])] != nil { return true }
                while length > 1, (0x61...0x7A).contains(word[length - 1]), word[length - 2] == word[length - 1] {
                    length -= 1
                }
                return openerTable[bytes: UnsafeBufferPointer(rebasing: word[..<length])] != nil
            }
        }
        return ascii ?? firstWordIsOpener(readingCharactersOf: line)
    }

    /// The same reading of the first word, as `Character`s: for a first word that is not ASCII
    /// (and, in the tests, to hold the bytes' reading to).
    static func firstWordIsOpener(readingCharactersOf line: String) -> Bool {
        let firstBytes = line.utf8.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
        guard firstBytes.count <= longestOpener + 8 else { return false }
        var first = String(decoding: firstBytes, as: UTF8.self).lowercased()
        while let last = first.last, ".!,~".contains(last), first.count > 1 { first.removeLast() }
        if openers.contains(first) { return true }
        // A stretched last letter (`heyyy`) is read as the word.
        while first.count > 1, let last = first.last, last.isLetter, first.dropLast().last == last {
            first.removeLast()
        }
        return openers.contains(first)
    }

    init?(_ line: String) {
        // A moment can be long; what this stage reads is short. Past 120 characters it is a moment.
        guard line.utf8.count <= 120 || line.count <= 120 else { return nil }
        original = line
        (words, asks, isOnlyQuestionMarks) =
            line.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 })
            ? Self.readASCII(line) : Self.readCharacters(line)
        core = words.joined(separator: " ")
    }

    /// The line's words, whether it ends with `?`, and whether it is only question marks.
    static func readCharacters(_ line: String) -> (words: [String], asks: Bool, isOnlyQuestionMarks: Bool) {
        let lowered = line.lowercased().replacing("\u{2019}", with: "'")
        let ending: Set<Character> = [".", "!", "?", ",", "~"]
        var end = lowered.endIndex
        while end > lowered.startIndex, ending.contains(lowered[lowered.index(before: end)]) {
            end = lowered.index(before: end)
        }
        let kept = end == lowered.startIndex ? lowered : String(lowered[..<end])
        let words = kept.split(whereSeparator: { $0 == " " || $0 == "\t" })
            .map { $0.hasSuffix(",") && $0.count > 1 ? String($0.dropLast()) : String($0) }
        return (words, lowered.hasSuffix("?") || lowered.hasSuffix("?!"), lowered.allSatisfy { $0 == "?" })
    }

    /// The same reading of a line of printable ASCII (nearly every line), done on its bytes:
    /// the `Character` path above cost more than the rest of the stage for the lines it reads.
    static func readASCII(_ line: String) -> (words: [String], asks: Bool, isOnlyQuestionMarks: Bool) {
        let question = UInt8(ascii: "?")
        let bytes = line.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
        var end = bytes.count
        while end > 0, ".!?,~".utf8.contains(bytes[end - 1]) { end -= 1 }
        let asks = bytes.last == question || (bytes.count >= 2 && bytes.suffix(2).elementsEqual("?!".utf8))
        let kept = end == 0 ? bytes[...] : bytes[..<end]
        let words = kept.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == 0x09 }).map { word in
            String(decoding: word.last == UInt8(ascii: ",") && word.count > 1 ? word.dropLast() : word, as: UTF8.self)
        }
        return (words, asks, bytes.allSatisfy { $0 == question })
    }

    /// The original text after the first `count` words (for a note's text, a time expression).
    func original(after count: Int) -> String {
        var rest = Substring(original)
        for _ in 0..<count {
            rest = rest.drop(while: { $0 == " " || $0 == "\t" })
            rest = rest.drop(while: { $0 != " " && $0 != "\t" })
        }
        return String(rest).trimmedWhitespace
    }
}
