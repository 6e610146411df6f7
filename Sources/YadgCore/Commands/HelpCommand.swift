/// `/help`: what yadg is, and the conversation's commands with a line each.
struct HelpCommand: ShellCommand {
    static let spec = CommandSpec("help", aliases: ["?"], takesArguments: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        let copy = context.copy
        var lines = [StyledLine(copy.helpTitle), StyledLine(""), StyledLine(copy.helpCommandsTitle, .title)]
        let names = CommandTable.specs.filter(\.inConversation).map(\.name)
        let width = (names.map(\.count).max() ?? 0) + 1
        for name in names {
            let padded = "/" + name + String(repeating: " ", count: width - name.count)
            lines.append(StyledLine("  \(padded)  \(copy.commands[name] ?? "")"))
        }
        return context.shown(lines, by: Self.spec.name)
    }
}
