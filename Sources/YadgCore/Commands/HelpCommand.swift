/// `/help`: what yadg is, and the conversation's commands with a line each. `/help export` (and
/// `yadg help export`, `yadg export --help`): that command alone, with its options.
struct HelpCommand: ShellCommand {
    static let spec = CommandSpec("help", aliases: ["?"], takesArguments: true)

    let topic: String

    init(_ arguments: CommandArguments) { topic = arguments.words.first.map { String($0.drop { $0 == "/" }) } ?? "" }

    func run(in context: inout CommandContext) -> ShellReply {
        let copy = context.copy
        guard topic.isEmpty else { return Self.about(topic, in: context) }
        var lines = copy[HelpCopy.self].title.split(separator: "\n").flatMap {
            TextWidth.wrap(String($0), width: context.width).map { StyledLine($0) }
        }
        lines += [StyledLine(""), StyledLine(copy[HelpCopy.self].commandsTitle, .title)]
        let names = CommandTable.specs.filter(\.inConversation).map(\.name)
        let width = (names.map(\.count).max() ?? 0) + 1
        // Each summary wraps under itself, so the column of commands stays a column at any width.
        let hanging = String(repeating: " ", count: 2 + 1 + width + 2)
        for name in names {
            let padded = "  /" + name + String(repeating: " ", count: width - name.count) + "  "
            lines += TextWidth.wrap(
                copy[HelpCopy.self].summaries[name] ?? "", width: context.width, firstIndent: padded, indent: hanging
            ).map { StyledLine($0) }
        }
        return context.shown(lines, by: Self.spec.name)
    }
}

extension HelpCommand {
    /// One command: what it does, its other names, what may follow it and its options, as
    /// `yadg <name>` in a one-shot run or a pipe and as `/name` in the conversation.
    static func about(_ name: String, in context: CommandContext) -> ShellReply {
        let words = context.copy[HelpCopy.self]
        let oneShot = context.mode != .conversation
        let offered: KeyPath<CommandSpec, Bool> = oneShot ? \.asSubcommand : \.inConversation
        guard let spec = CommandTable.spec(named: name) else {
            let suggestion = SlashCommand.suggestion(for: name, among: offered)
            let unknown = context.reply(to: .unknown(name: name, suggestion: suggestion))
            return .failed(unknown.failure?.message ?? "", usage: true)
        }
        let runs = oneShot && spec.asSubcommand ? "yadg " + spec.name : "/" + spec.name
        var usage = runs
        if !spec.completion.words.isEmpty { usage += " [" + spec.completion.words.joined(separator: "|") + "]" }
        for option in spec.completion.options {
            usage += " [" + option.name + (option.argument.map { " " + $0 } ?? "") + "]"
        }
        var lines = [StyledLine(Copy.fill(words.commandUsage, ["usage": usage]), .title)]
        lines += TextWidth.wrap(words.summaries[spec.name] ?? "", width: context.width, firstIndent: "  ", indent: "  ")
            .map { StyledLine($0) }
        if !spec.aliases.isEmpty {
            let prefix = runs.hasPrefix("/") ? "/" : "yadg "
            lines.append(
                StyledLine(Copy.fill(words.also, ["names": spec.aliases.map { prefix + $0 }.joined(separator: ", ")])))
        }
        if oneShot && !spec.asSubcommand {
            lines.append(
                StyledLine(Copy.fill(context.copy[CommandLineCopy.self].onlyInConversation, ["name": spec.name])))
        }
        let options = spec.completion.options.map { ($0.name + ($0.argument.map { " " + $0 } ?? ""), $0.name) }
        if !options.isEmpty {
            let width = options.map(\.0.count).max() ?? 0
            lines.append(StyledLine(""))
            lines.append(StyledLine(words.optionsTitle, .title))
            for (shown, name) in options {
                let padded = "  " + shown + String(repeating: " ", count: width - shown.count) + "   "
                lines += TextWidth.wrap(
                    words.options[name] ?? "", width: context.width, firstIndent: padded,
                    indent: String(repeating: " ", count: padded.count)
                ).map { StyledLine($0) }
            }
        }
        return context.shown(lines, by: Self.spec.name)
    }
}

/// `/help`, and each command's one-line summary (also in `yadg --help`).
public struct HelpCopy: CopySection {
    public static let key = "help"
    public let title: String
    public let commandsTitle: String
    /// One command's help: its usage line, its other names, the title of its options.
    public let commandUsage, also, optionsTitle: String
    public let summaries: [String: String]
    /// What each option does, by its name (`--json`), for the manual and shells' completion.
    public let options: [String: String]
    /// What each exit status means, by its number (`"3"`), for the manual.
    public let exitStatuses: [String: String]

    public init(_ words: CopyWords) throws {
        title = try words.text("title")
        commandsTitle = try words.text("commandsTitle")
        commandUsage = try words.text("commandUsage")
        also = try words.text("also")
        optionsTitle = try words.text("optionsTitle")
        summaries = try words.table("summaries")
        options = try words.table("options")
        exitStatuses = try words.table("exitStatuses")
    }
}
