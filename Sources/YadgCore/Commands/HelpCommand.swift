/// `/help`: what yadg is, and the conversation's commands with a line each.
struct HelpCommand: ShellCommand {
    static let spec = CommandSpec("help", aliases: ["?"], takesArguments: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        let copy = context.copy
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

/// `/help`, and each command's one-line summary (also in `yadg --help`).
public struct HelpCopy: CopySection {
    public static let key = "help"
    public let title: String
    public let commandsTitle: String
    public let summaries: [String: String]
    /// What each option does, by its name (`--json`), for the manual and shells' completion.
    public let options: [String: String]
    /// What each exit status means, by its number (`"3"`), for the manual.
    public let exitStatuses: [String: String]

    public init(_ words: CopyWords) throws {
        title = try words.text("title")
        commandsTitle = try words.text("commandsTitle")
        summaries = try words.table("summaries")
        options = try words.table("options")
        exitStatuses = try words.table("exitStatuses")
    }
}
