/// `/delete 12`: archives a moment (kept, hidden); `/undo` brings it back.
struct DeleteCommand: ShellCommand {
    static let spec = CommandSpec("delete", takesArguments: true, asSubcommand: false)

    let reference: String

    init(_ arguments: CommandArguments) { reference = arguments.text }

    func run(in context: inout CommandContext) -> ShellReply {
        switch context.moment(reference: reference, command: Self.spec.name) {
        case .failure(let early): return early.reply
        case .success(let before):
            var moment = before
            moment.archivedAt = context.clock.now()
            return context.changed(
                before, to: moment, Copy.fill(context.copy[DeleteCopy.self].done, dictionary: context.named(moment)))
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
