/// `/undo`: brings back the moment deleted last in this conversation.
struct UndoCommand: ShellCommand {
    static let spec = CommandSpec("undo", takesArguments: false, asSubcommand: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        guard var moment = context.state.deleted.popLast() else {
            return ShellReply(lines: [StyledLine(context.copy[UndoCopy.self].nothing)])
        }
        moment.archivedAt = nil
        return context.saved(moment, Copy.fill(context.copy[UndoCopy.self].done, ["text": moment.text]))
    }
}

/// `/undo`.
public struct UndoCopy: CopySection {
    public static let key = "undo"
    public let done: String
    public let nothing: String

    public init(_ words: CopyWords) throws {
        done = try words.text("done")
        nothing = try words.text("nothing")
    }
}
