#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything a command may use: the injected store, clock, zone and randomness, the resources,
/// how the person reaches yadg, and the conversation's state (the one part commands change).
public struct CommandContext {
    public let store: any MomentHistory
    public let clock: any WallClock
    /// The person's time zone, made when a command first asks for it (Home does not).
    public var zone: Zone { zoneWhenNeeded.value }
    public let zoneWhenNeeded: Lazy<Zone>
    public let resources: ShellResources
    public let mode: Shell.Mode
    /// A backend is configured: changes are synced, and lists mark what is not on the server yet.
    public var syncs = false
    /// Terminal width for views; the application keeps it current.
    public var width = 80
    public var state = ConversationState()
    /// When this run began: before it logged anything, `last` is the newest moment saved before
    /// then, never one another yadg (or an import dated later) saved since.
    var startedAt = Date.distantFuture
    /// What the application gathered about this installation (Settings, the paywall, support).
    public var facts = AppFacts()
    var rng: any RandomNumberGenerator
    /// Makes moment ids. Random in production even when praise choice is seeded: ids from a
    /// seeded generator would repeat across runs and collide with stored moments.
    let makeID: () -> UUID
    let parser = TimeExpressionParser()

    var copy: Copy { resources.copy }

    /// How views show moods, tags, notes and photos.
    public var extrasShown: ExtrasShown {
        ExtrasShown(moods: resources.moodsWhenNeeded, photoRoot: facts.dataDirectory)
    }

    /// Longest moment text accepted, in characters.
    public static let maxTextLength = 1000

    public var today: LocalDay { LocalDay(number: TimeWords.dayNumber(clock.now(), zone)) }

    func startOfDay(_ day: LocalDay) -> Date {
        TimeContext(now: clock.now(), zone: zone).instant(day: day.number)
    }

    // MARK: Replies

    /// The reply of a command that only shows lines (reported as a `command` event in `--json`).
    func shown(_ lines: [StyledLine], by name: String) -> ShellReply {
        ShellReply(lines: lines, events: [.command(name: name, output: lines.plainText)])
    }

    /// A document from `Resources/` (privacy, terms), line by line.
    func shown(document: String, by name: String) -> ShellReply {
        shown(
            document.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(String($0)) }, by: name)
    }

    /// The kind reply to a `/line` that is not a command that can run.
    func reply(to error: SlashCommand.ParseError) -> ShellReply {
        let words = copy[CommandLineCopy.self]
        switch error {
        case .unknown(let name, let suggestion?):
            return .failed(Copy.fill(words.unknownCommandWithSuggestion, ["name": name, "suggestion": suggestion]))
        case .unknown(let name, nil):
            return .failed(Copy.fill(words.unknownCommand, ["name": name]))
        case .takesNoArguments(let name):
            return .failed(Copy.fill(words.takesNoArguments, ["name": name]))
        }
    }

    /// Runs a view; a read that fails is said, never shown as an empty view.
    func reading(_ body: () throws -> ShellReply) -> ShellReply {
        do {
            return try body()
        } catch {
            return storeFailure(error, reading: true)
        }
    }

    /// A store that failed, said so a person can act on it; damaged, newer or unwritable data
    /// ends a one-shot run or a pipe with ``ExitStatus/data``.
    public func storeFailure(_ error: any Error, reading: Bool = false) -> ShellReply {
        let reply = ShellReply.failed(reading ? readMessage(for: error) : message(for: error))
        switch error as? MomentStoreError {
        case .locked?, .wrongPassphrase?: return reply.failing(because: .locked)
        case nil: return reply
        default: return reply.failing(because: .data)
        }
    }

    /// Writes a changed moment and says so, or says why it could not be written.
    func saved(_ moment: Moment, _ message: String) -> ShellReply {
        do {
            try store.update(moment)
        } catch {
            return storeFailure(error)
        }
        return ShellReply(lines: [StyledLine(message, .primary)])
    }

    /// Writes a moment a command changed, says so, and keeps the change for `/undo`.
    mutating func changed(_ before: Moment, to after: Moment, _ message: String) -> ShellReply {
        let reply = saved(after, message)
        if reply.failure == nil { state.remember(.changed(before: before, after: after)) }
        return reply
    }

    /// `#3 "took a walk"`: how a confirmation names the moment it changed.
    func named(_ moment: Moment) -> [String: String] {
        ["ref": String(moment.ref), "text": moment.text]
    }

    /// What a person can act on when a write failed.
    public func message(for error: any Error) -> String {
        if let damage = damageMessage(error) { return damage }
        return (error as? MomentStoreError)?.message(copy) ?? copy[StorageCopy.self].saveFailed
    }

    /// What a person can act on when a read failed: never an empty view.
    public func readMessage(for error: any Error) -> String {
        if let damage = damageMessage(error) { return damage }
        switch error as? MomentStoreError {
        case .locked?, .wrongPassphrase?, .sealDamaged?, .unreadableMoment?, .logLost?: return message(for: error)
        default: return copy[StorageCopy.self].readFailed
        }
    }

    /// A damaged file, said with its path and SQLite's detail (what quick_check found) after it.
    private func damageMessage(_ error: any Error) -> String? {
        guard case .damaged? = error as? MomentStoreError else { return nil }
        let problem = error as! MomentStoreError
        guard !facts.databasePath.isEmpty else { return problem.message(copy) }
        return String(problem.openingMessage(copy, path: facts.databasePath).dropFirst("yadg: ".count))
    }

    /// What stands where praise would, under a card or an edit: the crisis message, the concern's
    /// check-in, or nothing for a moment that is cheered.
    func careLines(_ sensitivity: Moment.Sensitivity) -> [StyledLine] {
        let words = copy[CardCopy.self]
        let message =
            switch sensitivity {
            case .crisis: words.crisisMessage
            case .concern: words.concernMessage
            case .ordinary, .milestone: ""
            }
        return message.split(separator: "\n").map { StyledLine("  " + $0, .secondary) }
    }

    /// A command's reply with the crisis message or the check-in added, marked for `--json`
    /// (`/note`, `/edit`).
    func withCareLines(_ reply: ShellReply, command: String, _ sensitivity: Moment.Sensitivity) -> ShellReply {
        let lines = reply.lines + careLines(sensitivity)
        return ShellReply(lines: lines, events: [.command(name: command, output: lines.plainText, kept: sensitivity)])
    }

    // MARK: Rows

    /// The moment a reference names: its short number (`12` or `#12`, the same in every list and
    /// session) or `last`, the moment just logged (``lastMoment(noMoment:)``). A reply that says
    /// why when there is none.
    func moment(reference: String, command: String) -> Result<Moment, EarlyReplyError> {
        let text = reference.trimmedWhitespace
        guard !text.isEmpty else {
            return .failure(
                EarlyReplyError(.failed(Copy.fill(copy[RowsCopy.self].referenceNeeded, ["command": command]))))
        }
        if text.lowercased() == "last" {
            return lastMoment(noMoment: Copy.fill(copy[RowsCopy.self].referenceUnknown, ["reference": text]))
        }
        let found: Moment?
        do {
            // A store's failure (a locked journal, damage) is said as it is, never as an unknown number.
            if let n = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text), n >= 1 {
                found = try store.moment(ref: n)
            } else {
                found = nil
            }
        } catch {
            return .failure(EarlyReplyError(storeFailure(error, reading: true)))
        }
        guard let found, found.archivedAt == nil else {
            return .failure(
                EarlyReplyError(.failed(Copy.fill(copy[RowsCopy.self].referenceUnknown, ["reference": text]))))
        }
        return .success(found)
    }

    /// The moment `last`, `that` and `it` name: the newest this conversation logged that is not
    /// deleted; before it logged one, the newest saved before it began. A moment another yadg saved
    /// meanwhile (`yadg log` in another shell), or an import dated after now, is never it: then
    /// the reply says to name one by its number. `noMoment` is said when there is none at all.
    func lastMoment(noMoment: String) -> Result<Moment, EarlyReplyError> {
        do {
            for id in state.loggedHere.reversed() {
                if let moment = try store.moment(id: id), moment.archivedAt == nil { return .success(moment) }
            }
            guard let last = try store.lastSubmittedMoment() else {
                return .failure(EarlyReplyError(.failed(noMoment)))
            }
            guard last.submittedAt <= startedAt else {
                return .failure(EarlyReplyError(.failed(copy[RowsCopy.self].lastNotHere)))
            }
            return .success(last)
        } catch {
            return .failure(EarlyReplyError(storeFailure(error, reading: true)))
        }
    }

    /// `/note 3 words` names row 3 and `/note words` the last moment: the first word is a
    /// reference when it is a number, `#` and a number, or `last`.
    static func leadingReference(_ text: String) -> (reference: String?, rest: String) {
        let trimmed = text.trimmedWhitespace
        let first = trimmed.prefix { !$0.isWhitespace }
        let digits = first.hasPrefix("#") ? first.dropFirst() : first
        guard first.lowercased() == "last" || (!digits.isEmpty && digits.allSatisfy(\.isASCII) && Int(digits) != nil)
        else { return (nil, trimmed) }
        return (String(first), trimmed.dropFirst(first.count).trimmedWhitespace)
    }

    /// The moment a row command names, or the last one logged when it names none (`noMoment`
    /// says what to do when there is none yet).
    func moment(reference: String?, command: String, noMoment: String) -> Result<Moment, EarlyReplyError> {
        if let reference { return moment(reference: reference, command: command) }
        return lastMoment(noMoment: noMoment)
    }

    /// A reply that ends a command early (a bad row number, say).
    struct EarlyReplyError: Error {
        let reply: ShellReply
        init(_ reply: ShellReply) { self.reply = reply }
    }
}

/// What a person can act on when the moments file fails.
public struct StorageCopy: CopySection {
    public static let key = "storage"
    public let newerSchema: String
    public let damaged: String
    public let damagedAt: String
    public let diskFull: String
    public let notWritable: String
    public let busy: String
    public let deletedElsewhere: String
    public let logRemoved, logRemovedNoticed, logLost, logLostAt: String
    public let unreadableMoment: String
    public let diskFullAt, notWritableAt, busyAt: String
    public let readFailed: String
    public let saveFailed: String
    public let unavailable: String
    /// A locked journal, asked to show what is sealed without its passphrase (one line).
    public let locked: String
    /// The passphrase a script gave does not open the journal.
    public let wrongPassphrase: String
    /// A sealed box that does not open: of a moment (`{reference}`), or of something else.
    public let sealDamaged, sealDamagedSummary: String
    /// The data folder is a file (`YADG_HOME=~/notes.txt`).
    public let folderIsAFile: String

    public init(_ words: CopyWords) throws {
        newerSchema = try words.text("newerSchema")
        damaged = try words.text("damaged")
        damagedAt = try words.text("damagedAt")
        diskFull = try words.text("diskFull")
        notWritable = try words.text("notWritable")
        deletedElsewhere = try words.text("deletedElsewhere")
        logRemoved = try words.text("logRemoved")
        logRemovedNoticed = try words.text("logRemovedNoticed")
        logLost = try words.text("logLost")
        logLostAt = try words.text("logLostAt")
        unreadableMoment = try words.text("unreadableMoment")
        busy = try words.text("busy")
        diskFullAt = try words.text("diskFullAt")
        notWritableAt = try words.text("notWritableAt")
        busyAt = try words.text("busyAt")
        readFailed = try words.text("readFailed")
        saveFailed = try words.text("saveFailed")
        unavailable = try words.text("unavailable")
        locked = try words.text("locked")
        wrongPassphrase = try words.text("wrongPassphrase")
        sealDamaged = try words.text("sealDamaged")
        sealDamagedSummary = try words.text("sealDamagedSummary")
        folderIsAFile = try words.text("folderIsAFile")
    }
}

/// Naming a moment by its number, for the row commands.
public struct RowsCopy: CopySection {
    public static let key = "rows"
    public let referenceUnknown: String
    public let referenceNeeded: String
    /// `last` when the newest moment was saved by another yadg (or an import) since this one began.
    public let lastNotHere: String

    public init(_ words: CopyWords) throws {
        referenceUnknown = try words.text("referenceUnknown")
        referenceNeeded = try words.text("referenceNeeded")
        lastNotHere = try words.text("lastNotHere")
    }
}

extension MomentStoreError {
    /// What a person can act on, in the words of the copy.
    public func message(_ copy: Copy) -> String {
        let words = copy[StorageCopy.self]
        switch self {
        case .newerSchema: return words.newerSchema
        case .damaged: return words.damaged
        case .diskFull: return words.diskFull
        case .notWritable: return words.notWritable
        case .busy: return words.busy
        case .deletedElsewhere: return words.deletedElsewhere
        case .locked: return words.locked
        case .wrongPassphrase: return words.wrongPassphrase
        case .sealDamaged(let reference?): return Copy.fill(words.sealDamaged, ["reference": String(reference)])
        case .sealDamaged(nil): return words.sealDamagedSummary
        case .logRemoved: return words.logRemoved
        case .logLost: return words.logLost
        case .unreadableMoment(let ref, let detail):
            return Copy.fill(words.unreadableMoment, ["ref": String(ref), "detail": detail])
        }
    }

    /// The same when the moments could not even be opened (a whole line for stderr, with the path).
    public func openingMessage(_ copy: Copy, path: String) -> String {
        let words = copy[StorageCopy.self]
        switch self {
        case .diskFull: return Copy.fill(words.diskFullAt, ["path": path])
        case .notWritable: return Copy.fill(words.notWritableAt, ["path": path])
        case .busy: return Copy.fill(words.busyAt, ["path": path])
        case .deletedElsewhere: return "yadg: " + words.deletedElsewhere
        case .logRemoved: return "yadg: " + words.logRemoved
        case .logLost: return Copy.fill(words.logLostAt, ["path": path])
        case .unreadableMoment: return "yadg: " + message(copy)
        case .damaged(let detail):
            // One line, and short: the detail is for whoever helps, after what the person can do.
            let line = detail.split(whereSeparator: \.isNewline).joined(separator: " ")
            let short = line.count > 400 ? line.prefix(400) + "…" : line
            return Copy.fill(words.damagedAt, ["path": path, "detail": short])
        case .newerSchema: return "yadg: " + words.newerSchema
        case .locked, .wrongPassphrase, .sealDamaged: return "yadg: " + message(copy)
        }
    }
}
