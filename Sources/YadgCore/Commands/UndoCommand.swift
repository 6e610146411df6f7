/// `/undo`: brings back the moment deleted last in this conversation.
struct UndoCommand: ShellCommand {
    static let spec = CommandSpec("undo", takesArguments: false, asSubcommand: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        guard var moment = context.state.deleted.popLast() else {
            return ShellReply(lines: [StyledLine(context.copy.undoNothing)])
        }
        moment.archivedAt = nil
        return context.saved(moment, Copy.fill(context.copy.undoDone, ["text": moment.text]))
    }
}
