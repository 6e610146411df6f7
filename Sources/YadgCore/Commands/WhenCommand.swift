#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `/when 5 hours ago`: moves the last moment to that time; `/when #3 yesterday` moves moment 3.
/// Only `#3` names a moment here, never a bare number, which is a time's (`/when 2 hours ago`).
struct WhenCommand: ShellCommand {
    static let spec = CommandSpec("when", takesArguments: true)

    let reference: String?
    let expression: String

    init(_ arguments: CommandArguments) {
        let text = arguments.text.trimmedWhitespace
        let (reference, rest) = CommandContext.leadingReference(text)
        if let reference, reference.hasPrefix("#") {
            self.reference = reference
            expression = rest
        } else {
            self.reference = nil
            expression = text
        }
    }

    func run(in context: inout CommandContext) -> ShellReply {
        let words = context.copy[WhenCopy.self]
        guard !expression.isEmpty else { return ShellReply(lines: [StyledLine(words.needsExpression)]) }
        let before: Moment
        switch context.moment(reference: reference, command: Self.spec.name, noMoment: words.noMoment) {
        case .failure(let early): return early.reply
        case .success(let last): before = last
        }
        var moment = before
        let now = context.clock.now()
        switch context.readWhen(expression, now: now) {
        case .unclear:
            return .failed(Copy.fill(words.unclear, ["expression": expression]))
        case .future:
            return .failed(Copy.fill(words.future, ["text": moment.text]))
        case .at(let date, _) where !CivilTime.isStorable(date):
            return .failed(context.copy[LoggingCopy.self].tooLongAgo)
        case .at(let date, let said):
            moment.happenedAt = date
            moment.said = said
            moment.timeAgo = max(0, Int(moment.submittedAt.timeIntervalSince(date).rounded()))
            context.praiseFittingItsDay(&moment, now: now)
            // The moment is named, so nothing moves unseen.
            let when = context.named(moment).merging(["when": context.whenWords(date, said, now)]) { a, _ in a }
            return context.changed(before, to: moment, Copy.fill(words.set, dictionary: when))
        }
    }
}

/// `/when`.
public struct WhenCopy: CopySection {
    public static let key = "when"
    public let noMoment: String
    public let needsExpression: String
    public let unclear: String
    public let future: String
    public let set: String

    public init(_ words: CopyWords) throws {
        noMoment = try words.text("noMoment")
        needsExpression = try words.text("needsExpression")
        unclear = try words.text("unclear")
        future = try words.text("future")
        set = try words.text("set")
    }
}
