/// `/delete 12`: archives a moment (kept, hidden); `/undo` brings it back.
struct DeleteCommand: ShellCommand {
    static let spec = CommandSpec("delete", takesArguments: true, asSubcommand: false)

    let reference: String

    init(_ arguments: CommandArguments) { reference = arguments.text }

    func run(in context: inout CommandContext) -> ShellReply {
        switch context.moment(reference: reference, command: Self.spec.name) {
        case .failure(let early): return early.reply
        case .success(var moment):
            moment.archivedAt = context.clock.now()
            let reply = context.saved(moment, Copy.fill(context.copy[DeleteCopy.self].done, ["text": moment.text]))
            if reply.failure == nil { context.state.undoable.append(.deleted(moment)) }
            return reply
        }
    }
}

/// `/delete`.
public struct DeleteCopy: CopySection {
    public static let key = "delete"
    public let done: String

    public init(_ words: CopyWords) throws {
        done = try words.text("done")
    }
}
