/// `/lock`: seals what the person writes with a passphrase (the Privacy and security article of
/// YadgStorage): set up on a journal that is not locked, asked for without echo, never an
/// argument. `/lock --change` changes the passphrase; `/lock` on a journal this conversation
/// opened closes it again. Logging never needs the passphrase. The work is the application's
/// (``Effect/lock(_:)``): it reads the passphrase and holds the keys.
struct LockCommand: ShellCommand {
    static let spec = CommandSpec(
        "lock", takesArguments: true, completion: ArgumentCompletion(options: [.init("--change")]))

    let change: Bool
    let unknown: Bool

    init(_ arguments: CommandArguments) {
        change = arguments.words.contains("--change")
        unknown = arguments.words.contains { $0 != "--change" }
    }

    func run(in context: inout CommandContext) -> ShellReply {
        // Whatever else was typed is never said back: it may be a passphrase given by mistake.
        if unknown { return .failed(context.copy[LockCopy.self].usage, usage: true) }
        return ShellReply(effects: [.lock(change ? .change : .set)])
    }
}

/// `/unlock`: opens a locked journal for this conversation (it asks for the passphrase, once);
/// `/unlock --remove` takes the lock away, writing everything back as it was.
struct UnlockCommand: ShellCommand {
    static let spec = CommandSpec(
        "unlock", takesArguments: true, completion: ArgumentCompletion(options: [.init("--remove")]))

    let remove: Bool
    let unknown: Bool

    init(_ arguments: CommandArguments) {
        remove = arguments.words.contains("--remove")
        unknown = arguments.words.contains { $0 != "--remove" }
    }

    func run(in context: inout CommandContext) -> ShellReply {
        if unknown { return .failed(context.copy[LockCopy.self].unlockUsage, usage: true) }
        return ShellReply(effects: [.lock(remove ? .remove : .open)])
    }
}

/// What `/lock` and `/unlock` ask the application to do.
public enum LockRequest: Sendable, Equatable {
    /// `/lock`: set a passphrase (or, on a journal opened in this conversation, close it again).
    case set
    /// `/lock --change`.
    case change
    /// `/unlock`: open it for this conversation.
    case open
    /// `/unlock --remove`.
    case remove
}

/// A locked journal: setting it up, opening, changing, removing.
public struct LockCopy: CopySection {
    public static let key = "lock"
    public let usage, unlockUsage: String
    /// The set-up, in order: what it does, the first warning, the two questions (the second warns again).
    public let intro, cannotRecover, choose, confirm: String
    /// The second warning, where nothing is asked (a script's passphrase).
    public let reminder: String
    public let minimumCharacters: Int
    public let tooShort, tooLong, mismatch, cancelled, sealing, doneOne, done, doneWithPhotos: String
    public let alreadyLocked, closedAgain, notLocked, askToRead, ask, opened, openedAlready, wrong: String
    public let current, chooseNew, confirmNew, changed: String
    public let removeWarning, removed: String
    public let needsTerminal, damaged, noMemory, unfinished: String
    /// A script's passphrase source that was not used: a file others may read, one that could
    /// not be read, a command that gave nothing.
    public let fileTooOpen, fileUnreadable, commandFailed: String
    /// `yadg sync` with changes an earlier run logged while locked.
    public let askToSync, syncWaiting, syncWaitingOne: String

    public init(_ words: CopyWords) throws {
        usage = try words.text("usage")
        unlockUsage = try words.text("unlockUsage")
        intro = try words.text("intro")
        cannotRecover = try words.text("cannotRecover")
        choose = try words.text("choose")
        confirm = try words.text("confirm")
        reminder = try words.text("reminder")
        minimumCharacters = Int(try words.text("minimumCharacters")) ?? 8
        tooShort = try words.text("tooShort")
        tooLong = try words.text("tooLong")
        mismatch = try words.text("mismatch")
        cancelled = try words.text("cancelled")
        sealing = try words.text("sealing")
        doneOne = try words.text("doneOne")
        done = try words.text("done")
        doneWithPhotos = try words.text("doneWithPhotos")
        alreadyLocked = try words.text("alreadyLocked")
        closedAgain = try words.text("closedAgain")
        notLocked = try words.text("notLocked")
        askToRead = try words.text("askToRead")
        ask = try words.text("ask")
        opened = try words.text("opened")
        openedAlready = try words.text("openedAlready")
        wrong = try words.text("wrong")
        current = try words.text("current")
        chooseNew = try words.text("chooseNew")
        confirmNew = try words.text("confirmNew")
        changed = try words.text("changed")
        removeWarning = try words.text("removeWarning")
        removed = try words.text("removed")
        needsTerminal = try words.text("needsTerminal")
        damaged = try words.text("damaged")
        noMemory = try words.text("noMemory")
        unfinished = try words.text("unfinished")
        fileTooOpen = try words.text("fileTooOpen")
        fileUnreadable = try words.text("fileUnreadable")
        commandFailed = try words.text("commandFailed")
        askToSync = try words.text("askToSync")
        syncWaiting = try words.text("syncWaiting")
        syncWaitingOne = try words.text("syncWaitingOne")
    }
}
