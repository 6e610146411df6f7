#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `/when 5 hours ago`: moves the last moment to that time.
struct WhenCommand: ShellCommand {
    static let spec = CommandSpec("when", takesArguments: true)

    let expression: String

    init(_ arguments: CommandArguments) { expression = arguments.text }

    func run(in context: inout CommandContext) -> ShellReply {
        let words = context.copy[WhenCopy.self]
        guard !expression.isEmpty else { return ShellReply(lines: [StyledLine(words.needsExpression)]) }
        let last: Moment?
        do {
            last = try context.store.lastSubmittedMoment()
        } catch {
            return context.storeFailure(error, reading: true)
        }
        guard var moment = last else { return ShellReply(lines: [StyledLine(words.noMoment)]) }
        let now = context.clock.now()
        switch context.readWhen(expression, now: now) {
        case .unclear:
            return .failed(Copy.fill(words.unclear, ["expression": expression]))
        case .future:
            return .failed(Copy.fill(words.future, ["text": moment.text]))
        case .at(let date, let said):
            moment.happenedAt = date
            moment.said = said
            moment.timeAgo = max(0, Int(moment.submittedAt.timeIntervalSince(date).rounded()))
            do {
                try context.store.update(moment)
            } catch {
                return context.storeFailure(error)
            }
            let when = context.whenWords(date, said, now)
            // A moment from an earlier conversation is named, so nothing moves unseen.
            let said =
                context.state.loggedThisRun
                ? Copy.fill(words.set, ["when": when])
                : Copy.fill(words.moved, ["ref": String(moment.ref), "text": moment.text, "when": when])
            return ShellReply(lines: [StyledLine(said, .primary)])
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
    public let set, moved: String

    public init(_ words: CopyWords) throws {
        noMoment = try words.text("noMoment")
        needsExpression = try words.text("needsExpression")
        unclear = try words.text("unclear")
        future = try words.text("future")
        set = try words.text("set")
        moved = try words.text("moved")
    }
}
