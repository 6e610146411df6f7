/// `/note some words`: a note under the last moment (`/note 3 …` for another, `/note none` to
/// remove it). Notes stay on this machine: no backend or AI receives them.
struct NoteCommand: ShellCommand {
    static let spec = CommandSpec("note", takesArguments: true, asSubcommand: false, crisisWords: .keptByCommand)

    let reference: String?
    let text: String

    init(_ arguments: CommandArguments) {
        let (reference, rest) = CommandContext.leadingReference(arguments.text)
        self.reference = reference
        text = MomentTextRule.normalizeWhitespace(rest.unicodeScalars)
    }

    func run(in context: inout CommandContext) -> ShellReply {
        let copy = context.copy
        let words = copy[NoteCopy.self]
        guard !text.isEmpty else { return .failed(words.needsText) }
        guard text.count <= CommandContext.maxTextLength else {
            return .failed(Copy.fill(copy[LoggingCopy.self].tooLong, ["limit": String(CommandContext.maxTextLength)]))
        }
        switch context.moment(reference: reference, command: Self.spec.name, noMoment: words.noMoment) {
        case .failure(let early): return early.reply
        case .success(let before):
            var moment = before
            guard text.lowercased() != "none" else {
                guard moment.note != nil else {
                    return ShellReply(lines: [StyledLine(Copy.fill(words.noNote, dictionary: context.named(moment)))])
                }
                moment.note = nil
                return context.changed(before, to: moment, Copy.fill(words.removed, dictionary: context.named(moment)))
            }
            let message = Copy.fill(
                moment.note == nil ? words.added : words.replaced, dictionary: context.named(moment))
            moment.note = text
            // A note is read like the text: a crisis or a concern keeps the moment private and says
            // where help is.
            moment = context.resources.crisis.flagged(moment)
            let reply = context.changed(before, to: moment, message)
            guard moment.isHeavy && moment.sensitivity > before.sensitivity, reply.failure == nil else { return reply }
            return context.withCareLines(reply, command: Self.spec.name, moment.sensitivity)
        }
    }
}

/// `/note`.
public struct NoteCopy: CopySection {
    public static let key = "note"
    public let added: String
    public let replaced: String
    public let removed: String
    public let noNote: String
    public let needsText: String
    public let noMoment: String

    public init(_ words: CopyWords) throws {
        added = try words.text("added")
        replaced = try words.text("replaced")
        removed = try words.text("removed")
        noNote = try words.text("noNote")
        needsText = try words.text("needsText")
        noMoment = try words.text("noMoment")
    }
}
