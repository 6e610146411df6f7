/// `/undo`: takes back the last delete or edit of this conversation.
struct UndoCommand: ShellCommand {
    static let spec = CommandSpec("undo", takesArguments: false, asSubcommand: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        switch context.state.undoable.popLast() {
        case nil:
            return ShellReply(lines: [StyledLine(context.copy[UndoCopy.self].nothing)])
        case .deleted(var moment):
            moment.archivedAt = nil
            return context.saved(moment, Copy.fill(context.copy[UndoCopy.self].done, ["text": moment.text]))
        case .edited(let before):
            // The text, mood and tags it had; the flag of crisis language stays if the edit set it.
            let stored: Moment?
            do {
                stored = try context.store.moment(id: before.id)
            } catch {
                context.state.undoable.append(.edited(before: before))  // kept for when it can be read
                return context.storeFailure(error, reading: true)
            }
            guard var moment = stored else {
                return ShellReply(lines: [StyledLine(context.copy[UndoCopy.self].nothing)])
            }
            moment.text = before.text
            moment.mood = before.mood
            moment.tags = before.tags
            return context.saved(moment, Copy.fill(context.copy[UndoCopy.self].editUndone, ["text": moment.text]))
        }
    }
}

/// `/undo`.
public struct UndoCopy: CopySection {
    public static let key = "undo"
    public let done, editUndone: String
    public let nothing: String

    public init(_ words: CopyWords) throws {
        done = try words.text("done")
        editUndone = try words.text("editUndone")
        nothing = try words.text("nothing")
    }
}
