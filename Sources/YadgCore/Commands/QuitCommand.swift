/// `/quit`: ends the conversation with a goodbye.
struct QuitCommand: ShellCommand {
    static let spec = CommandSpec("quit", aliases: ["exit", "q"], takesArguments: false, asSubcommand: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        ShellReply(lines: [StyledLine(context.copy[HomeCopy.self].goodbye, .secondary)], effects: [.quit])
    }
}
