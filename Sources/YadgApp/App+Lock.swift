import YadgCore
import YadgSealing
import YadgStorage
import YadgTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A locked journal, the application's side (the Privacy and security article of YadgStorage):
/// `/lock` and `/unlock` read the passphrase and hold the keys; a line that needs the passphrase
/// asks for it once, where this run may ask, and is handled again.
extension App {
    var lockWords: LockCopy { copy[LockCopy.self] }

    /// Carries out `/lock`, `/lock --change`, `/unlock` or `/unlock --remove`.
    func lock(_ request: LockRequest) -> ShellReply {
        guard let store = store as? SQLiteMomentStore else { return .failed(copy[StorageCopy.self].saveFailed) }
        let words = lockWords
        // /lock, whatever it finds, wipes the photos opened for a viewer (App+Photos).
        if request == .set { scrubOpenedPhotos() }
        switch (request, store.lockState) {
        case (.set, .notLocked): return setUpLock(store)
        case (.set, .locked(open: true)) where passphrases.ask != nil:
            store.close()
            return said(words.closedAgain)
        case (.set, .locked): return said(words.alreadyLocked)
        case (.open, .locked(open: false)): return openJournal(store) ?? said(words.opened)
        case (.open, .locked(open: true)): return said(words.openedAlready)
        case (.change, .locked): return changePassphrase(store)
        case (.remove, .locked): return removeLock(store)
        case (.open, .notLocked), (.change, .notLocked), (.remove, .notLocked): return said(words.notLocked)
        }
    }

    /// The set-up: what a lock does and that a forgotten passphrase cannot be recovered, said
    /// before it asks; then the passphrase twice, the second time with the warning again.
    private func setUpLock(_ store: SQLiteMomentStore) -> ShellReply {
        let words = lockWords
        var before = [StyledLine(words.intro, .primary), StyledLine(words.cannotRecover, .title)]
        if passphrases.ask == nil { before.append(StyledLine(words.reminder, .title)) }
        sayNow(before)
        let first: Passphrase
        switch passphrase(words.choose) {
        case .success(let typed): first = typed
        case .failure(let refusal): return refusal.reply
        }
        guard first.characterCount >= words.minimumCharacters else {
            return .failed(Copy.fill(words.tooShort, ["minimum": String(words.minimumCharacters)]))
        }
        if let ask = passphrases.ask {
            switch ask(words.confirm) {
            case .typed(let again)?: guard again.isEqual(to: first) else { return .failed(words.mismatch) }
            case .tooLong?: return .failed(words.mismatch)
            case .cancelled?, nil: return said(words.cancelled)
            }
        }
        sayNow([StyledLine(words.sealing, .dim)])
        do {
            switch try store.lock(with: first, photos: photoShelf) {
            case .locked(let moments, let photos):
                forgetHistoryFile()
                let template = photos > 0 ? words.doneWithPhotos : moments == 1 ? words.doneOne : words.done
                var lines = [
                    StyledLine(Copy.fill(template, ["moments": String(moments), "photos": String(photos)]), .primary)
                ]
                if store.lockIsUnfinished { lines.append(StyledLine(words.unfinished, .dim)) }
                return shown(lines, before: before)
            case .alreadyLocked: return said(words.alreadyLocked)
            case .noMemory: return .failed(words.noMemory)
            }
        } catch {
            return shell.context.storeFailure(error)
        }
    }

    /// `/unlock`, or a line that needs the passphrase: nil when the journal opened, else what to say.
    private func openJournal(_ store: SQLiteMomentStore) -> ShellReply? {
        switch passphrase(lockWords.ask) {
        case .success(let typed): return opening(store.open(with: typed))
        case .failure(let refusal): return refusal.reply
        }
    }

    /// What to say when a passphrase did not open the journal; nil when it did.
    private func opening(_ outcome: UnlockOutcome) -> ShellReply? {
        let words = lockWords
        switch outcome {
        case .opened: return nil
        case .wrongPassphrase: return ShellReply.failed(words.wrong).failing(because: .locked)
        case .damaged: return ShellReply.failed(words.damaged).failing(because: .data)
        case .noMemory: return .failed(words.noMemory)
        case .notLocked: return said(words.notLocked)
        }
    }

    /// `/lock --change`: the passphrase now, then the new one twice. Typed only.
    private func changePassphrase(_ store: SQLiteMomentStore) -> ShellReply {
        let words = lockWords
        guard let ask = passphrases.ask else { return .failed(words.needsTerminal) }
        var typed: [Passphrase] = []
        for prompt in [words.current, words.chooseNew, words.confirmNew] {
            switch ask(prompt) {
            case .typed(let passphrase)?: typed.append(passphrase)
            case .tooLong?: return .failed(words.tooLong)
            case .cancelled?, nil: return said(words.cancelled)
            }
            if typed.count == 2, typed[1].characterCount < words.minimumCharacters {
                return .failed(Copy.fill(words.tooShort, ["minimum": String(words.minimumCharacters)]))
            }
        }
        guard typed[1].isEqual(to: typed[2]) else { return .failed(words.mismatch) }
        do {
            return try opening(store.changePassphrase(current: typed[0], new: typed[1])) ?? said(words.changed)
        } catch {
            return shell.context.storeFailure(error)
        }
    }

    /// `/unlock --remove`: said what it means, then the passphrase.
    private func removeLock(_ store: SQLiteMomentStore) -> ShellReply {
        let words = lockWords
        let before = [StyledLine(words.removeWarning)]
        sayNow(before)
        switch passphrase(words.ask) {
        case .failure(let refusal): return refusal.reply
        case .success(let typed):
            do {
                let (outcome, moments) = try store.removeLock(with: typed, photos: photoShelf)
                if let refused = opening(outcome) { return refused }
                return shown(
                    [StyledLine(Copy.fill(words.removed, ["moments": String(moments)]), .primary)], before: before)
            } catch {
                return shell.context.storeFailure(error)
            }
        }
    }

    /// A reply that failed because the journal is locked, where this run may ask: the passphrase
    /// is asked for once; true when the journal opened (the line is then handled again), else
    /// the reply to show instead.
    func openedToRetry(_ reply: ShellReply) -> (retry: Bool, reply: ShellReply) {
        guard reply.failure?.cause == .locked, passphrases.ask != nil, let store = store as? SQLiteMomentStore,
            store.lockState == .locked(open: false)
        else { return (false, reply) }
        sayNow([StyledLine(lockWords.askToRead, .secondary)])
        guard let refused = openJournal(store) else { return (true, reply) }
        return (false, refused)
    }

    /// `yadg sync` on a locked journal, where changes wait that this run cannot open: on a terminal
    /// the passphrase is asked for once, first.
    func openForSync() {
        guard passphrases.ask != nil, let store = store as? SQLiteMomentStore, store.lockState == .locked(open: false),
            store.changesWaitingForKey() > 0
        else { return }
        sayNow([StyledLine(lockWords.askToSync, .secondary)])
        if let refused = openJournal(store) { sayNow(refused.lines) }
    }

    /// How many changes still wait for the passphrase, said under the sync status.
    func syncWaitingForKey() -> [StyledLine] {
        guard let store = store as? SQLiteMomentStore, store.lockState == .locked(open: false) else { return [] }
        let count = store.changesWaitingForKey()
        guard count > 0 else { return [] }
        let words = lockWords
        return [
            StyledLine(count == 1 ? words.syncWaitingOne : Copy.fill(words.syncWaiting, ["count": String(count)]), .dim)
        ]
    }

    /// One passphrase: typed where this run may ask, else a script's; a reply saying why not.
    private func passphrase(_ prompt: String) -> Result<Passphrase, ShellReplyError> {
        let words = lockWords
        if let ask = passphrases.ask {
            switch ask(prompt) {
            case .typed(let typed)?: return .success(typed)
            case .tooLong?: return .failure(ShellReplyError(.failed(words.tooLong)))
            case .cancelled?, nil: return .failure(ShellReplyError(said(words.cancelled)))
            }
        }
        if let given = passphrases.given?() { return .success(given) }
        return .failure(ShellReplyError(ShellReply.failed(words.needsTerminal)))
    }

    /// Lines said before a question (the set-up's warnings): printed now on a terminal; in JSON
    /// they are part of the reply instead.
    private func sayNow(_ lines: [StyledLine]) {
        guard !json else { return }
        // Wrapped as the conversation wraps its replies; elsewhere lines are printed whole.
        let conversation = shell.context.mode == .conversation
        output.out(style.render(conversation ? lines.wrapped(to: shell.width) : lines))
    }

    /// The reply, with what was said before it when that was not printed (JSON).
    private func shown(_ lines: [StyledLine], before: [StyledLine]) -> ShellReply {
        let all = (json ? before : []) + lines
        return ShellReply(lines: all, events: [.command(name: "lock", output: all.plainText)])
    }

    private func said(_ line: String) -> ShellReply {
        ShellReply(lines: [StyledLine(line, .secondary)], events: [.command(name: "lock", output: line)])
    }

    private var photoShelf: PhotoShelf? { environment.paths.map { PhotoShelf(dataDirectory: $0.dataDirectory) } }

    /// The conversation's history file goes: a locked journal keeps what was typed in memory only.
    func forgetHistoryFile() {
        guard let history = environment.paths?.history else { return }
        unlink(history)
    }
}

/// A reply as an error, for `Result` (a reply is not an `Error` itself).
struct ShellReplyError: Error {
    let reply: ShellReply
    init(_ reply: ShellReply) { self.reply = reply }
}
