import Foundation

/// `/did`: the guided flow of the app's Log Moment screen — what, then when, then Enter to save.
/// Its answers arrive as the next lines; ``answer(_:at:in:)`` takes each.
struct DidCommand: ShellCommand {
    static let spec = CommandSpec("did", takesArguments: false, asSubcommand: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        context.state.guidedLog = .askingText
        return ShellReply(lines: [StyledLine(context.copy[DidCopy.self].askText, .primary)])
    }

    /// The next answer in `/did`.
    static func answer(_ line: String, at step: ConversationState.GuidedLog, in context: inout CommandContext)
        -> ShellReply
    {
        let words = context.copy[DidCopy.self]
        let answer = line.trimmingCharacters(in: .whitespaces)
        let now = context.clock.now()
        switch step {
        case .askingText:
            guard !answer.isEmpty else { return cancel(in: &context) }
            let parsed = context.parser.parse(answer, now: now, timeZone: context.zone)
            if parsed.kind == .past && !parsed.text.isEmpty {
                // The answer already says when: go straight to saving.
                return confirm(parsed.text, at: parsed.happenedAt, said: parsed.said, now: now, in: &context)
            }
            context.state.guidedLog = .askingWhen(text: answer)
            return ShellReply(lines: [StyledLine(words.askWhen, .dim)])
        case .askingWhen(let text):
            if answer.isEmpty { return confirm(text, at: now, said: .now, now: now, in: &context) }
            switch context.readWhen(answer, now: now) {
            case .at(let date, let said): return confirm(text, at: date, said: said, now: now, in: &context)
            case .future: return ShellReply(lines: [StyledLine(words.futureWhen)])
            case .unclear: return ShellReply(lines: [StyledLine(words.unclearWhen)])
            }
        case .confirming(let text, let date, let said):
            guard answer.isEmpty else { return ShellReply(lines: [StyledLine(words.confirm, .dim)]) }
            context.state.guidedLog = nil
            return context.save(text: text, happenedAt: date, said: said, input: text, now: now)
        }
    }

    /// Ends `/did` without saving (an empty first answer, or `/cancel`).
    static func cancel(in context: inout CommandContext) -> ShellReply {
        context.state.guidedLog = nil
        return ShellReply(lines: [StyledLine(context.copy[DidCopy.self].cancelled, .dim)])
    }

    private static func confirm(
        _ text: String, at date: Date, said: SaidTime, now: Date, in context: inout CommandContext
    ) -> ShellReply {
        context.state.guidedLog = .confirming(text: text, happenedAt: date, said: said)
        return ShellReply(lines: [
            StyledLine("  \(text) · \(context.whenWords(date, said, now))"),
            StyledLine(context.copy[DidCopy.self].confirm, .dim),
        ])
    }
}

/// `/did`, step by step, and `/cancel`.
public struct DidCopy: CopySection {
    public static let key = "did"
    public let askText: String
    public let askWhen: String
    public let unclearWhen: String
    public let futureWhen: String
    public let confirm: String
    public let cancelled: String
    public let nothingToCancel: String

    public init(_ words: CopyWords) throws {
        askText = try words.text("askText")
        askWhen = try words.text("askWhen")
        unclearWhen = try words.text("unclearWhen")
        futureWhen = try words.text("futureWhen")
        confirm = try words.text("confirm")
        cancelled = try words.text("cancelled")
        nothingToCancel = try words.text("nothingToCancel")
    }
}
