/// `/cancel`: leaves `/did` without saving.
struct CancelCommand: ShellCommand {
    static let spec = CommandSpec("cancel", takesArguments: false, inConversation: false, asSubcommand: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        guard context.state.guidedLog != nil else {
            return ShellReply(lines: [StyledLine(context.copy[DidCopy.self].nothingToCancel, .dim)])
        }
        return DidCommand.cancel(in: &context)
    }
}
