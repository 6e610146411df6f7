#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `/edit 12 new words`: changes a moment's text, and its time when the words say one (`/edit 12
/// took a long walk yesterday`), as a logged line is read; its praise stays.
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
            let hashed = Hashtags.read(text, moods: context.resources.moods)
            guard !hashed.text.isEmpty else { return .failed(copy[EditCopy.self].needsText) }
            let now = context.clock.now()
            // `/edit last 2 hours ago` means when, not what: the words stay, and /when is named.
            if case .at = context.readWhen(hashed.text, now: now) {
                return .failed(Copy.fill(copy[EditCopy.self].onlyATime, ["text": hashed.text]))
            }
            // The new words are read as a logged line is (<doc:TimeSemantics>): a time in them is
            // when it happened (`took a long walk yesterday`). Words told as a plan stay words: the
            // moment is done already.
            let (parsed, tagged) = context.read(text, now: now)
            let retimed = parsed.kind == .past && !tagged.text.isEmpty
            moment.text = retimed ? tagged.text : hashed.text
            if retimed {
                moment.happenedAt = parsed.happenedAt
                moment.said = parsed.said
                moment.timeAgo = max(0, Int(moment.submittedAt.timeIntervalSince(parsed.happenedAt).rounded()))
                context.praiseFittingItsDay(&moment, now: now)
            }
            if let mood = tagged.mood { moment.mood = mood }
            moment.tags += tagged.tags.filter { !moment.tags.contains($0) }
            // Once the crisis reading kept a moment here it stays private, whatever it is edited to.
            moment = context.resources.crisis.flagged(moment)
            var said = context.named(moment)
            said["when"] = context.whenWords(moment.happenedAt, moment.said, now)
            let reply = context.changed(
                before, to: moment,
                Copy.fill(retimed ? copy[EditCopy.self].doneWithTime : copy[EditCopy.self].done, dictionary: said))
            guard moment.isHeavy, reply.failure == nil else { return reply }
            return context.withCareLines(reply, command: Self.spec.name, moment.sensitivity)
        }
    }
}

/// `/edit`.
public struct EditCopy: CopySection {
    public static let key = "edit"
    public let done, doneWithTime, needsText, onlyATime: String

    public init(_ words: CopyWords) throws {
        done = try words.text("done")
        doneWithTime = try words.text("doneWithTime")
        needsText = try words.text("needsText")
        onlyATime = try words.text("onlyATime")
    }
}
