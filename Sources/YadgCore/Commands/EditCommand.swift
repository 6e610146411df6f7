/// `/edit 12 new words`: changes a moment's text (its time and praise stay).
struct EditCommand: ShellCommand {
    static let spec = CommandSpec("edit", takesArguments: true, asSubcommand: false, crisisWords: .keptByCommand)

    let reference: String
    let text: String

    init(_ arguments: CommandArguments) {
        let parts = arguments.text.split(separator: " ", maxSplits: 1).map(String.init)
        reference = parts.first ?? ""
        text = parts.count > 1 ? MomentTextRule.normalizeWhitespace(parts[1].unicodeScalars) : ""
    }

    func run(in context: inout CommandContext) -> ShellReply {
        let copy = context.copy
        switch context.moment(reference: reference, command: Self.spec.name) {
        case .failure(let early): return early.reply
        case .success(let before):
            var moment = before
            guard !text.isEmpty else { return .failed(copy[EditCopy.self].needsText) }
            guard text.count <= CommandContext.maxTextLength else {
                return .failed(
                    Copy.fill(copy[LoggingCopy.self].tooLong, ["limit": String(CommandContext.maxTextLength)]))
            }
            // `#words` at the end add a mood or tags, as they do in a logged line.
            let tagged = Hashtags.read(text, moods: context.resources.moods)
            guard !tagged.text.isEmpty else { return .failed(copy[EditCopy.self].needsText) }
            // `/edit last 2 hours ago` means when, not what: the words stay, and /when is named.
            if case .at = context.readWhen(tagged.text, now: context.clock.now()) {
                return .failed(Copy.fill(copy[EditCopy.self].onlyATime, ["text": tagged.text]))
            }
            moment.text = tagged.text
            if let mood = tagged.mood { moment.mood = mood }
            moment.tags += tagged.tags.filter { !moment.tags.contains($0) }
            // Once the crisis reading kept a moment here it stays private, whatever it is edited to.
            moment = context.resources.crisis.flagged(moment)
            let reply = context.changed(
                before, to: moment, Copy.fill(copy[EditCopy.self].done, dictionary: context.named(moment)))
            guard moment.isHeavy, reply.failure == nil else { return reply }
            return context.withCareLines(reply, command: Self.spec.name, moment.sensitivity)
        }
    }
}

/// `/edit`.
public struct EditCopy: CopySection {
    public static let key = "edit"
    public let done, needsText, onlyATime: String

    public init(_ words: CopyWords) throws {
        done = try words.text("done")
        needsText = try words.text("needsText")
        onlyATime = try words.text("onlyATime")
    }
}
