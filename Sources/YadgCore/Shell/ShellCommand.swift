#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A command of yadg, declared in one file: its spec, how it reads its arguments, and its body.
/// Slash commands (`/moments today`) and subcommands (`yadg moments today`) are the same command.
///
/// To add one, write a type conforming to this protocol in `Sources/YadgCore/Commands/`, add it to
/// ``CommandTable/all``, and give it a line in `help.summaries` of `Resources/copy.json` (its `/help`
/// summary), plus a section of its own (a ``CopySection``) if it says anything else.
public protocol ShellCommand: Sendable {
    static var spec: CommandSpec { get }
    /// Reads the words after the command's name. Wrong arguments are kept and reported by `run`,
    /// where the copy is at hand.
    init(_ arguments: CommandArguments)
    /// Runs the command once against the conversation's state.
    func run(in context: inout CommandContext) -> ShellReply
}

/// What the command table knows about a command.
public struct CommandSpec: Sendable, Equatable {
    public let name: String
    /// Other spellings that run the same command.
    public let aliases: [String]
    public let takesArguments: Bool
    /// Shown in `/help` and Tab completion of the conversation.
    public let inConversation: Bool
    /// Runnable as `yadg <name>`.
    public let asSubcommand: Bool
    /// What a line holding crisis language does with this command.
    public let crisisWords: CrisisWords
    /// What Tab offers after the name, in the conversation and in shells.
    public let completion: ArgumentCompletion

    public init(
        _ name: String, aliases: [String] = [], takesArguments: Bool, inConversation: Bool = true,
        asSubcommand: Bool = true, crisisWords: CrisisWords = .keptAsMoment, completion: ArgumentCompletion = .none
    ) {
        self.name = name
        self.aliases = aliases
        self.takesArguments = takesArguments
        self.inConversation = inConversation
        self.asSubcommand = asSubcommand
        self.crisisWords = crisisWords
        self.completion = completion
    }
}

/// What happens to a command line that holds crisis language (<doc:CrisisSafety>). It is read
/// before the command parses its arguments, so such a line never gets a usage message.
public enum CrisisWords: Sendable, Equatable {
    /// The words are not the command's to use (`/when`, `/mood`, …): it does not run, and they are
    /// kept as a moment of their own, with the crisis reply.
    case keptAsMoment
    /// The command keeps them where they belong (`/log`, `/note`, `/edit`) and adds the crisis
    /// reply; where it cannot (no such moment), they are kept as a moment of their own.
    case keptByCommand
    /// Its words are a search of the person's own moments, a file name or an option (`/find`,
    /// `/export`, `/import`, `/photo`), not something said: it runs as typed.
    case runsAsTyped
}

/// The words after a command's name, as typed (`/edit 3 a new text` keeps its spacing in `text`)
/// and as separate words (`yadg export --output "my file.json"` keeps the argv words whole).
public struct CommandArguments: Sendable, Equatable {
    public let text: String
    public let words: [String]

    /// From a typed line. Words are split at spaces; a word in double or single quotes may hold
    /// spaces (`/export md --output "my moments.md"`).
    public init(_ text: String) {
        self.text = text
        var words: [String] = []
        var word: String?
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { word?.append(character) }
            } else if character == "\"" || character == "'", word == nil {
                (quote, word) = (character, "")
            } else if character.isWhitespace {
                if let finished = word { words.append(finished) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let last = word { words.append(last) }
        self.words = words
    }

    /// From argv, where the shell already split the words.
    public init(words: [String]) {
        self.words = words
        text = words.joinedText(separator: " ")
    }

    public var isEmpty: Bool { words.isEmpty }
}

/// A parsed command line: which command, with which arguments. Parsing is pure and separate from
/// running it.
public struct SlashCommand: Sendable, Equatable {
    public let type: any ShellCommand.Type
    public let arguments: CommandArguments

    public var name: String { type.spec.name }

    /// The command, ready to run.
    public var command: any ShellCommand { type.init(arguments) }

    /// A command made whole, with no line to parse: as a line said in words reads it
    /// (`actually it was yesterday` is `WhenCommand` with `yesterday`). The arguments are read as a
    /// typed line's are.
    public init(_ type: any ShellCommand.Type, _ arguments: String = "") {
        self.init(type: type, arguments: CommandArguments(arguments.trimmedWhitespace))
    }

    init(type: any ShellCommand.Type, arguments: CommandArguments) {
        self.type = type
        self.arguments = arguments
    }

    public static func == (a: SlashCommand, b: SlashCommand) -> Bool {
        ObjectIdentifier(a.type) == ObjectIdentifier(b.type) && a.arguments == b.arguments
    }

    /// Why a `/line` is not a command we can run.
    public enum ParseError: Error, Sendable, Equatable {
        case unknown(name: String, suggestion: String?)
        case takesNoArguments(name: String)
    }

    /// Parses `"/moments today"`. The leading slash is optional (for subcommands).
    public static func parse(_ line: String) throws(ParseError) -> SlashCommand {
        var body = Substring(line.trimmedWhitespace)
        if body.hasPrefix("/") { body = body.dropFirst() }
        let name = String(body.prefix { !$0.isWhitespace })
        let rest = body.dropFirst(name.count).trimmedWhitespace
        return try parse(name: name, CommandArguments(rest), among: \.inConversation)
    }

    /// Parses argv words: `["export", "--output", "my file.json"]`.
    public static func parse(words: [String]) throws(ParseError) -> SlashCommand {
        try parse(name: words.first ?? "", CommandArguments(words: Array(words.dropFirst())), among: \.asSubcommand)
    }

    /// `among`: the commands a suggestion may name (a subcommand suggests only subcommands).
    private static func parse(
        name: String, _ arguments: CommandArguments, among offered: KeyPath<CommandSpec, Bool>
    ) throws(ParseError) -> SlashCommand {
        guard let type = CommandTable.command(named: name) else {
            throw .unknown(name: name, suggestion: suggestion(for: name, among: offered))
        }
        if !type.spec.takesArguments && !arguments.isEmpty { throw .takesNoArguments(name: type.spec.name) }
        return SlashCommand(type: type, arguments: arguments)
    }

    /// The closest command by edit distance (or the one it is a prefix of).
    static func suggestion(for typed: String, among offered: KeyPath<CommandSpec, Bool> = \.inConversation) -> String? {
        let typed = typed.lowercased()
        guard !typed.isEmpty else { return nil }
        let names = CommandTable.specs.filter { $0[keyPath: offered] }.map(\.name)
        // More than one edit only when the first letter is right: `took` (a walk) is no typo of `lock`.
        return closest(to: typed, in: names) { $0.first == typed.first ? max(1, min(3, $0.count / 2)) : 1 }
            .map { "/" + $0 }
    }

    /// The word `typed` starts, or else the nearest by edit distance within `allowed(word)` edits
    /// (for suggestions: a command, a mood).
    static func closest(to typed: String, in words: [String], allowed: (String) -> Int) -> String? {
        guard !typed.isEmpty else { return nil }
        if let prefixed = words.first(where: { $0.hasPrefix(typed) }) { return prefixed }
        let scored = words.map { ($0, editDistance(typed, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= allowed(best) else { return nil }
        return best
    }

    /// Levenshtein distance between two strings, by characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where j <= b.count {
                current[j] = Swift.min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Commands that cannot run, options, `yadg --help`, and warnings at start.
public struct CommandLineCopy: CopySection {
    public static let key = "commandLine"
    public let aiKeyFileTooOpen: String
    public let unknownCommandWithSuggestion: String
    public let unknownCommand: String
    public let unknownSubcommand: String
    public let unknownSubcommandWithSuggestion: String
    public let takesNoArguments: String
    public let onlyInConversation: String
    public let usage: String
    public let unknownOption: String
    public let invalidNow: String
    /// Standard output could not be written (a full disk, a closed stdout): exit 3.
    public let outputFailed: String
    public let resourceOverrideBroken: String
    /// `TZ` names a zone, but there is no tz database at all (a container without tzdata).
    public let noZoneDatabase: String
    /// `TZ` names no zone the database knows: the system's zone is used, and said once a run.
    public let unknownZone: String
    /// `yadg --version`, with and without the commit it was built from.
    public let version, versionAndCommit: String

    public init(_ words: CopyWords) throws {
        aiKeyFileTooOpen = try words.text("aiKeyFileTooOpen")
        unknownCommandWithSuggestion = try words.text("unknownCommandWithSuggestion")
        unknownCommand = try words.text("unknownCommand")
        unknownSubcommand = try words.text("unknownSubcommand")
        unknownSubcommandWithSuggestion = try words.text("unknownSubcommandWithSuggestion")
        takesNoArguments = try words.text("takesNoArguments")
        onlyInConversation = try words.text("onlyInConversation")
        usage = try words.text("usage")
        unknownOption = try words.text("unknownOption")
        invalidNow = try words.text("invalidNow")
        outputFailed = try words.text("outputFailed")
        resourceOverrideBroken = try words.text("resourceOverrideBroken")
        noZoneDatabase = try words.text("noZoneDatabase")
        unknownZone = try words.text("unknownZone")
        version = try words.text("version")
        versionAndCommit = try words.text("versionAndCommit")
    }
}
