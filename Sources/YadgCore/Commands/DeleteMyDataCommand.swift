#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `/delete-my-data`: removes everything yadg keeps on this machine, after the person types the
/// word `delete` (anything else keeps it all). In pipes and as `yadg delete-my-data` it runs only
/// with `--yes`. The removal itself is the application's (`Effect.deleteMyData`).
struct DeleteMyDataCommand: ShellCommand {
    static let spec = CommandSpec(
        "delete-my-data", takesArguments: true, completion: ArgumentCompletion(options: [.init("--yes")]))

    let confirmed: Bool
    let unknown: String?

    init(_ arguments: CommandArguments) {
        confirmed = arguments.words.contains("--yes")
        unknown = arguments.words.first { $0 != "--yes" }
    }

    func run(in context: inout CommandContext) -> ShellReply {
        let words = context.copy[DeleteMyDataCopy.self]
        if let unknown { return .failed(Copy.fill(words.usage, ["argument": unknown]), usage: true) }
        if confirmed { return ShellReply(effects: [.deleteMyData]) }
        guard context.mode == .conversation else { return .failed(words.needsYes, usage: true) }
        context.state.awaiting = .deleteConfirmation
        var lines = [StyledLine(words.warning, .primary)]
        if context.facts.backendURL != nil { lines.append(StyledLine(words.serverWarning)) }
        lines.append(StyledLine(words.question, .title))
        return ShellReply(lines: lines)
    }

    /// The answer to the question: the word `delete` deletes; anything else keeps everything.
    static func answer(_ line: String, in context: inout CommandContext) -> ShellReply {
        context.state.awaiting = nil
        let words = context.copy[DeleteMyDataCopy.self]
        guard line.trimmedWhitespace.lowercased() == words.confirmationWord else {
            return ShellReply(lines: [StyledLine(words.cancelled, .secondary)])
        }
        return ShellReply(effects: [.deleteMyData])
    }
}

/// Delete my data.
public struct DeleteMyDataCopy: CopySection {
    public static let key = "deleteMyData"
    public let warning, serverWarning, question, confirmationWord, cancelled, needsYes, usage: String
    public let done, removed, kept, nothingFound, failed, fresh: String
    public let serverArchived, serverArchivedNone, serverFailed, serverOff: String

    public init(_ words: CopyWords) throws {
        warning = try words.text("warning")
        serverWarning = try words.text("serverWarning")
        question = try words.text("question")
        confirmationWord = try words.text("confirmationWord")
        cancelled = try words.text("cancelled")
        needsYes = try words.text("needsYes")
        usage = try words.text("usage")
        done = try words.text("done")
        removed = try words.text("removed")
        kept = try words.text("kept")
        nothingFound = try words.text("nothingFound")
        failed = try words.text("failed")
        fresh = try words.text("fresh")
        serverArchived = try words.text("serverArchived")
        serverArchivedNone = try words.text("serverArchivedNone")
        serverFailed = try words.text("serverFailed")
        serverOff = try words.text("serverOff")
    }
}
