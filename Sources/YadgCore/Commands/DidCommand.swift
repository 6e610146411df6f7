#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `/did`: the guided flow of the app's Log Moment screen — what, then when, then (each skipped
/// with Enter, and not asked after crisis language) how it felt and a note, then Enter to save. Its answers arrive as the next lines;
/// ``answer(_:at:in:)`` takes each.
struct DidCommand: ShellCommand {
    static let spec = CommandSpec("did", takesArguments: false, asSubcommand: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        context.state.guidedLog = .askingText
        return ShellReply(lines: [StyledLine(context.copy[DidCopy.self].askText, .primary)])
    }

    typealias Draft = ConversationState.GuidedDraft

    /// The next answer in `/did`.
    static func answer(_ line: String, at step: ConversationState.GuidedLog, in context: inout CommandContext)
        -> ShellReply
    {
        let words = context.copy[DidCopy.self]
        let answer = line.trimmedWhitespace
        let now = context.clock.now()
        let sensitivity = context.resources.crisis.read(answer).sensitivity
        if sensitivity >= .concern { return keepHeavy(answer, sensitivity, at: step, now: now, in: &context) }
        switch step {
        case .askingText:
            guard !answer.isEmpty else { return cancel(in: &context) }
            let (parsed, tagged) = context.read(answer, now: now)
            let extras = MomentExtras(mood: tagged.mood, tags: tagged.tags)
            if parsed.kind == .past && !tagged.text.isEmpty {
                // The answer already says when: go straight to the optional steps.
                let draft = Draft(text: tagged.text, happenedAt: parsed.happenedAt, said: parsed.said, extras: extras)
                return askMoodOrNote(draft, in: &context)
            }
            let text = Hashtags.read(answer, moods: context.resources.moods).text
            guard !text.isEmpty else {
                let word = tagged.mood ?? tagged.tags.first ?? ""
                return ShellReply(lines: [StyledLine(Copy.fill(context.copy[LoggingCopy.self].onlyTags, ["tag": word]))]
                )
            }
            context.state.guidedLog = .askingWhen(text: text, extras: extras)
            return ShellReply(lines: [StyledLine(words.askWhen, .dim)])
        case .askingWhen(let text, let extras):
            if answer.isEmpty {
                return askMoodOrNote(Draft(text: text, happenedAt: now, said: .now, extras: extras), in: &context)
            }
            switch context.readWhen(answer, now: now) {
            case .at(let date, let said):
                return askMoodOrNote(Draft(text: text, happenedAt: date, said: said, extras: extras), in: &context)
            case .future: return ShellReply(lines: [StyledLine(words.futureWhen)])
            case .unclear: return ShellReply(lines: [StyledLine(words.unclearWhen)])
            }
        case .askingMood(var draft):
            if !answer.isEmpty && answer.lowercased() != "none" {
                guard let mood = context.resources.moods.mood(named: answer) else {
                    let moodWords = context.copy[MoodCopy.self]
                    let unknown = TerminalSanitizer.clean(answer)
                    let message =
                        context.resources.moods.suggestion(for: answer).map {
                            Copy.fill(moodWords.unknownWithSuggestion, ["word": unknown, "suggestion": $0.name])
                        } ?? Copy.fill(moodWords.unknown, ["word": unknown])
                    return ShellReply(lines: [StyledLine(message), StyledLine(words.askMood, .dim)])
                }
                draft.extras.mood = mood.name
                draft.extras.tags.removeAll { $0 == mood.name }
            }
            context.state.guidedLog = .askingNote(draft)
            return ShellReply(lines: [StyledLine(words.askNote, .dim)])
        case .askingNote(var draft):
            if !answer.isEmpty {
                guard answer.count <= CommandContext.maxTextLength else {
                    let limit = String(CommandContext.maxTextLength)
                    return ShellReply(lines: [
                        StyledLine(Copy.fill(context.copy[LoggingCopy.self].tooLong, ["limit": limit]))
                    ])
                }
                draft.extras.note = MomentTextRule.normalizeWhitespace(answer.unicodeScalars)
            }
            return confirm(draft, now: now, in: &context)
        case .confirming(let draft):
            guard answer.isEmpty else { return ShellReply(lines: [StyledLine(words.confirm, .dim)]) }
            context.state.guidedLog = nil
            return context.save(
                text: draft.text, happenedAt: draft.happenedAt, said: draft.said, input: draft.text, now: now,
                extras: draft.extras)
        }
    }

    /// A crisis or a concern in any answer: no more questions. The moment is saved at once,
    /// flagged, with the crisis reply or the check-in; an answer to the first question is the
    /// moment, a later one its note.
    private static func keepHeavy(
        _ answer: String, _ sensitivity: Moment.Sensitivity, at step: ConversationState.GuidedLog, now: Date,
        in context: inout CommandContext
    ) -> ShellReply {
        context.state.guidedLog = nil
        var draft: Draft
        switch step {
        case .askingText: return context.keepHeavyLine(answer, sensitivity)
        case .askingWhen(let text, let extras): draft = Draft(text: text, happenedAt: now, said: .now, extras: extras)
        case .askingMood(let asked), .askingNote(let asked), .confirming(let asked): draft = asked
        }
        draft.extras.note = [draft.extras.note, answer].compactMap { $0 }.joinedText(separator: " ")
        return context.save(
            text: draft.text, happenedAt: draft.happenedAt, said: draft.said, input: answer, now: now,
            extras: draft.extras, sensitivity: sensitivity)
    }

    /// After a command typed in the middle of `/did`: the moment waits, and its question is asked again.
    static func stillWaiting(_ step: ConversationState.GuidedLog, in context: CommandContext) -> [StyledLine] {
        let words = context.copy[DidCopy.self]
        let question: String
        switch step {
        case .askingText: question = words.askText
        case .askingWhen: question = words.askWhen
        case .askingMood: question = words.askMood
        case .askingNote: question = words.askNote
        case .confirming: question = words.confirm
        }
        return [StyledLine(""), StyledLine(words.stillWaiting, .dim), StyledLine(question, .dim)]
    }

    /// Ends `/did` without saving (an empty first answer, or `/cancel`).
    static func cancel(in context: inout CommandContext) -> ShellReply {
        context.state.guidedLog = nil
        return ShellReply(lines: [StyledLine(context.copy[DidCopy.self].cancelled, .dim)])
    }

    /// The moment so far, then the feeling question with the moods to choose from (skipped when
    /// the text already carried a `#mood`).
    private static func askMoodOrNote(_ draft: Draft, in context: inout CommandContext) -> ShellReply {
        let words = context.copy[DidCopy.self]
        // After crisis language a list of feelings to pick from would be out of place: straight
        // to saving, where the gentle message follows.
        if context.resources.crisis.matches(draft.text) {
            return confirm(draft, now: context.clock.now(), in: &context)
        }
        let summary = StyledLine("  " + draftLine(draft, now: context.clock.now(), in: context))
        guard draft.extras.mood == nil else {
            context.state.guidedLog = .askingNote(draft)
            return ShellReply(lines: [summary, StyledLine(words.askNote, .dim)])
        }
        context.state.guidedLog = .askingMood(draft)
        return ShellReply(
            lines: [summary, StyledLine(words.askMood, .dim)]
                + MoodCommand.rows(context.resources.moods, width: context.width, .dim))
    }

    private static func confirm(_ draft: Draft, now: Date, in context: inout CommandContext) -> ShellReply {
        context.state.guidedLog = .confirming(draft)
        var lines = [StyledLine("  " + draftLine(draft, now: now, in: context))]
        if let note = draft.extras.note {
            lines.append(StyledLine("  " + Copy.fill(context.copy[MomentsCopy.self].noteLine, ["note": note]), .dim))
        }
        return ShellReply(lines: lines + [StyledLine(context.copy[DidCopy.self].confirm, .dim)])
    }

    /// `🍃 took a walk #outside · 2 hours ago`.
    private static func draftLine(_ draft: Draft, now: Date, in context: CommandContext) -> String {
        let headline = context.extrasShown.headline(
            text: draft.text, mood: draft.extras.mood, tags: draft.extras.tags)
        return "\(headline) · \(context.whenWords(draft.happenedAt, draft.said, now))"
    }
}

/// `/did`, step by step, and `/cancel`.
public struct DidCopy: CopySection {
    public static let key = "did"
    public let askText: String
    public let askWhen: String
    public let unclearWhen: String
    public let futureWhen: String
    public let askMood: String
    public let askNote: String
    public let confirm: String
    public let cancelled: String
    public let nothingToCancel: String
    /// A command ran in the middle of `/did`: the moment is still waiting.
    public let stillWaiting: String

    public init(_ words: CopyWords) throws {
        stillWaiting = try words.text("stillWaiting")
        askText = try words.text("askText")
        askWhen = try words.text("askWhen")
        unclearWhen = try words.text("unclearWhen")
        futureWhen = try words.text("futureWhen")
        askMood = try words.text("askMood")
        askNote = try words.text("askNote")
        confirm = try words.text("confirm")
        cancelled = try words.text("cancelled")
        nothingToCancel = try words.text("nothingToCancel")
    }
}
