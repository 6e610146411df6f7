/// `yadg sync`: sends every change waiting for the backend now (also those it refused before) and
/// says how it went; `yadg sync --status` only says how many are waiting, and why; `yadg sync
/// --pull` also brings back the moments the server has (the same identity on a new machine).
struct SyncCommand: ShellCommand {
    static let spec = CommandSpec(
        "sync", takesArguments: true, inConversation: false,
        completion: ArgumentCompletion(options: [.init("--status"), .init("--pull")]))

    let statusOnly: Bool
    let pull: Bool
    let unknown: String?

    init(_ arguments: CommandArguments) {
        statusOnly = arguments.words.contains("--status")
        pull = arguments.words.contains("--pull")
        unknown = arguments.words.first { $0 != "--status" && $0 != "--pull" }
    }

    func run(in context: inout CommandContext) -> ShellReply {
        if let unknown {
            return .failed(Copy.fill(context.copy[SyncCopy.self].usage, ["argument": unknown]), usage: true)
        }
        return ShellReply(effects: [.sync(statusOnly: statusOnly, pull: pull && !statusOnly)])
    }
}

/// What `yadg sync` says about the outbox.
public enum SyncStatusView {
    public static func render(_ status: SyncStatus, copy: Copy) -> [StyledLine] {
        let words = copy[SyncCopy.self]
        guard status.waiting > 0 else { return [StyledLine(words.allSynced, .primary)] }
        let reason = status.lastError.map { SyncError(code: $0)?.words(copy) ?? $0 } ?? words.noReason
        let template = status.waiting == 1 ? words.waitingOne : words.waiting
        var lines = [StyledLine(Copy.fill(template, ["count": String(status.waiting), "reason": reason]))]
        if status.held > 0 { lines.append(StyledLine(Copy.fill(words.held, ["count": String(status.held)]), .dim)) }
        return lines
    }
}

/// `yadg sync`.
public struct SyncCopy: CopySection {
    public static let key = "sync"
    public let allSynced: String
    /// Another yadg holds the sync lock.
    public let busy: String
    public let waiting: String
    public let waitingOne: String
    public let noReason: String
    public let held: String
    public let notConfigured: String
    public let usage: String
    public let pulled: String
    public let pullFailed: String
    public let unreachable, timedOut, cancelled, answered, refused, off, tooLarge, planLimit: String
    public let answerNotJSON, answerUnreadable, answerEmpty, answerOtherMoment: String
    /// `yadg sync` could send none of what it tried (exit 4), or not all of it.
    public let nothingSent, someNotSent: String

    public init(_ words: CopyWords) throws {
        answerNotJSON = try words.text("answerNotJSON")
        answerUnreadable = try words.text("answerUnreadable")
        answerEmpty = try words.text("answerEmpty")
        answerOtherMoment = try words.text("answerOtherMoment")
        nothingSent = try words.text("nothingSent")
        someNotSent = try words.text("someNotSent")
        busy = try words.text("busy")
        allSynced = try words.text("allSynced")
        waiting = try words.text("waiting")
        waitingOne = try words.text("waitingOne")
        noReason = try words.text("noReason")
        held = try words.text("held")
        notConfigured = try words.text("notConfigured")
        usage = try words.text("usage")
        pulled = try words.text("pulled")
        pullFailed = try words.text("pullFailed")
        unreachable = try words.text("unreachable")
        timedOut = try words.text("timedOut")
        cancelled = try words.text("cancelled")
        answered = try words.text("answered")
        refused = try words.text("refused")
        off = try words.text("off")
        tooLarge = try words.text("tooLarge")
        planLimit = try words.text("planLimit")
    }
}
