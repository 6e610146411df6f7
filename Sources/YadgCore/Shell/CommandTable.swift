/// The commands of yadg. Slash commands (`/moments today`) and subcommands
/// (`yadg moments today`) are the same table.
public enum CommandName: String, Sendable, CaseIterable {
    case help, moments, today, find, fav, unfav, delete, undo, edit, journey, calendar, stats, export, `import`, when,
        did, cancel, privacy, terms, quit, log, parse
}

public struct CommandSpec: Sendable, Equatable {
    public let name: CommandName
    /// Other spellings that run the same command.
    public let aliases: [String]
    public let takesArguments: Bool
    /// Shown in `/help` and Tab completion of the conversation.
    public let inConversation: Bool
    /// Runnable as `yadg <name>`.
    public let asSubcommand: Bool
}

public enum CommandTable {
    public static let all: [CommandSpec] = [
        CommandSpec(name: .help, aliases: ["?"], takesArguments: false, inConversation: true, asSubcommand: true),
        CommandSpec(name: .moments, aliases: [], takesArguments: true, inConversation: true, asSubcommand: true),
        CommandSpec(name: .today, aliases: [], takesArguments: false, inConversation: true, asSubcommand: true),
        CommandSpec(name: .find, aliases: ["search"], takesArguments: true, inConversation: true, asSubcommand: true),
        CommandSpec(
            name: .fav, aliases: ["favorite", "favourite"], takesArguments: true, inConversation: true,
            asSubcommand: false),
        CommandSpec(name: .unfav, aliases: [], takesArguments: true, inConversation: true, asSubcommand: false),
        CommandSpec(name: .delete, aliases: [], takesArguments: true, inConversation: true, asSubcommand: false),
        CommandSpec(name: .undo, aliases: [], takesArguments: false, inConversation: true, asSubcommand: false),
        CommandSpec(name: .edit, aliases: [], takesArguments: true, inConversation: true, asSubcommand: false),
        CommandSpec(name: .journey, aliases: [], takesArguments: true, inConversation: true, asSubcommand: true),
        CommandSpec(name: .calendar, aliases: [], takesArguments: true, inConversation: true, asSubcommand: true),
        CommandSpec(name: .stats, aliases: [], takesArguments: false, inConversation: true, asSubcommand: true),
        CommandSpec(name: .export, aliases: [], takesArguments: true, inConversation: true, asSubcommand: true),
        CommandSpec(name: .import, aliases: [], takesArguments: true, inConversation: false, asSubcommand: true),
        CommandSpec(name: .when, aliases: [], takesArguments: true, inConversation: true, asSubcommand: true),
        CommandSpec(name: .did, aliases: [], takesArguments: false, inConversation: true, asSubcommand: false),
        CommandSpec(name: .cancel, aliases: [], takesArguments: false, inConversation: false, asSubcommand: false),
        CommandSpec(name: .privacy, aliases: [], takesArguments: false, inConversation: true, asSubcommand: true),
        CommandSpec(name: .terms, aliases: [], takesArguments: false, inConversation: true, asSubcommand: true),
        CommandSpec(
            name: .quit, aliases: ["exit", "q"], takesArguments: false, inConversation: true,
            asSubcommand: false),
        CommandSpec(name: .log, aliases: [], takesArguments: true, inConversation: false, asSubcommand: true),
        CommandSpec(name: .parse, aliases: [], takesArguments: true, inConversation: false, asSubcommand: true),
    ]

    public static func spec(named name: String) -> CommandSpec? {
        let lowered = name.lowercased()
        return all.first { $0.name.rawValue == lowered || $0.aliases.contains(lowered) }
    }

    /// `/name` of every command offered in the conversation, for help and completion.
    public static var conversationNames: [String] {
        all.filter(\.inConversation).map { "/" + $0.name.rawValue }
    }
}
