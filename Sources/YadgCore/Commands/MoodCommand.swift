/// `/mood calm`: how the last moment felt (`/mood 3 calm` for another, `/mood none` to clear it).
/// `/mood` alone lists the moods. A `#calm` in a line does the same as it is logged.
struct MoodCommand: ShellCommand {
    static let spec = CommandSpec(
        "mood", aliases: ["feeling"], takesArguments: true, asSubcommand: false,
        completion: ArgumentCompletion(sources: [.moods(hashed: false)]))

    let arguments: CommandArguments

    init(_ arguments: CommandArguments) { self.arguments = arguments }

    func run(in context: inout CommandContext) -> ShellReply {
        let words = context.copy[MoodCopy.self]
        let moods = context.resources.moods
        guard !arguments.isEmpty else {
            return context.shown(Self.list(moods, words, width: context.width), by: "mood")
        }
        let (reference, word) = CommandContext.leadingReference(arguments.text)
        guard !word.isEmpty else { return .failed(words.needsMood) }
        let clearing = word.lowercased() == "none"
        let mood = moods.mood(named: word)
        guard clearing || mood != nil else {
            let unknown = TerminalSanitizer.clean(word)
            guard let near = moods.suggestion(for: word) else {
                return .failed(Copy.fill(words.unknown, ["word": unknown]))
            }
            return .failed(Copy.fill(words.unknownWithSuggestion, ["word": unknown, "suggestion": near.name]))
        }
        switch context.moment(reference: reference, command: Self.spec.name, noMoment: words.noMoment) {
        case .failure(let early): return early.reply
        case .success(let before):
            var moment = before
            moment.mood = mood?.name
            guard let mood else {
                return context.changed(before, to: moment, Copy.fill(words.cleared, dictionary: context.named(moment)))
            }
            let said = context.named(moment).merging(["symbol": mood.symbol, "label": mood.label]) { a, _ in a }
            return context.changed(before, to: moment, Copy.fill(words.set, dictionary: said))
        }
    }

    /// The list with its title and how to use it.
    static func list(_ moods: MoodVocabulary, _ words: MoodCopy, width: Int) -> [StyledLine] {
        [StyledLine(words.listTitle, .title)] + rows(moods, width: width) + [StyledLine(words.listHint, .dim)]
    }

    /// Every mood as `🍃 calm`, bright ones first, in rows that fit the width (an entry is never
    /// split); `/did` shows them under its question.
    static func rows(_ moods: MoodVocabulary, width: Int, _ style: TextStyle = .plain) -> [StyledLine] {
        TextWidth.rows(moods.moods.map { "\($0.symbol) \($0.name)" }, width: width - 2).map {
            StyledLine("  " + $0, style)
        }
    }
}

/// `/mood`.
public struct MoodCopy: CopySection {
    public static let key = "mood"
    public let listTitle: String
    public let listHint: String
    public let set: String
    public let cleared: String
    public let unknown: String
    public let unknownWithSuggestion: String
    public let needsMood: String
    public let noMoment: String

    public init(_ words: CopyWords) throws {
        listTitle = try words.text("listTitle")
        listHint = try words.text("listHint")
        set = try words.text("set")
        cleared = try words.text("cleared")
        unknown = try words.text("unknown")
        unknownWithSuggestion = try words.text("unknownWithSuggestion")
        needsMood = try words.text("needsMood")
        noMoment = try words.text("noMoment")
    }
}
