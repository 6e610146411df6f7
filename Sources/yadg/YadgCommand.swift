import Synchronization
import YadgAI
import YadgApp
import YadgCore
import YadgEntitlement
import YadgResources
import YadgStorage
import YadgTerminal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads argv and the environment, builds the live dependencies, and runs one of the modes:
/// the conversation (a terminal), piped lines, or a one-shot command.
struct YadgCommand {
    let arguments: [String]
    let environment: [String: String]

    struct Options {
        var json = false
        var noAI = false
        /// Pipes: every line is a moment as written, never a command, question or small talk.
        var literal = false
        /// Pipes: the end waits one praise deadline in all, not for the queue to drain.
        var noWait = false
        var help = false
        var version = false
        var command: [String] = []
    }

    func run() -> Int32 {
        let output = StandardStreams()
        let paths = AppPaths(environment: environment)
        let resources = LoadedResources.load(configDirectory: paths.configDirectory) {
            output.err(StderrMessages.said($0))
        }
        let copy = resources.copy
        // Output that cannot be written ends the run: the log folded first, then the reason said.
        let opened = Mutex<SQLiteMomentStore?>(nil)
        StandardStreams.whenOutputFails { code in
            // A fold that fails here loses nothing: every commit is in the log already, and the
            // next run's end folds it (``foldLog(of:status:copy:database:output:)``).
            if let store = opened.withLock({ $0 }) { try? store.foldLog(emptying: true) }
            EarlyKeys.release()
            guard code != EPIPE else { return }
            output.err(
                StderrMessages.said(
                    Copy.fill(copy[CommandLineCopy.self].outputFailed, ["reason": String(cString: strerror(code))])))
        }
        // The shells' completion scripts ask here at each Tab: answered from the command table and,
        // for tags, the store read-only; nothing is created, migrated or written.
        if arguments.first == "__complete" {
            output.out(
                ShellCompletionAnswer.text(
                    typed: Array(arguments.dropFirst()), copy: copy, moods: resources.moods,
                    database: paths.database))
            return 0
        }
        let options: Options
        switch parseOptions() {
        case .success(let parsed): options = parsed
        case .failure(let bad):
            output.err(
                StderrMessages.said(Copy.fill(copy[CommandLineCopy.self].unknownOption, ["option": bad.option])))
            return ExitStatus.usage.rawValue
        }
        if options.help {
            output.out(App.usage(copy) + "\n")
            return 0
        }
        if options.version {
            output.out(Self.versionLine(copy) + "\n")
            return 0
        }
        // Made when first needed (a start to Home never needs it).
        let environment = self.environment
        let zone = Lazy {
            let found = SystemTimeZone.find(environment: environment)
            let words = copy[CommandLineCopy.self]
            switch found.unused {
            case .noDatabase(let name)?:
                output.err(StderrMessages.said(Copy.fill(words.noZoneDatabase, ["zone": name])))
            case .unknown(let name)?:
                output.err(
                    StderrMessages.said(Copy.fill(words.unknownZone, ["zone": name, "used": found.zone.identifier])))
            case nil: break
            }
            return found.zone
        }
        let clock: any WallClock
        if let fixed = environment["YADG_NOW"] {
            guard let date = CivilTime.parse(fixed, zone: zone.value) else {
                output.err(StderrMessages.said(Copy.fill(copy[CommandLineCopy.self].invalidNow, ["value": fixed])))
                return ExitStatus.usage.rawValue
            }
            clock = FixedClock(date)
        } else {
            clock = SystemClock()
        }
        let rng: any RandomNumberGenerator =
            environment["YADG_SEED"].flatMap(UInt64.init).map { SplitMix64(seed: $0) } ?? BufferedSystemRandom()

        let ai = AIWiring.load(environment: environment, paths: paths, noAI: options.noAI, copy: copy) {
            output.err(StderrMessages.said($0))
        }
        let settings = ai.settings
        // A Delete my data that a kill interrupted is finished before anything is opened.
        _ = paths.eraser.finishIfInterrupted()
        let store: SQLiteMomentStore
        do {
            try PrivateFiles.createDirectory(paths.dataDirectory)
            // With a backend configured, every change is queued for it in its own transaction.
            store = try SQLiteMomentStore(path: paths.database, syncs: settings.backendURL != nil)
            opened.withLock { $0 = store }
            if store.writeRefusal == nil, try store.stateValue(.anonymousUserId) == nil {
                try store.setState([.anonymousUserId: UUID().lowercasedText])
            }
        } catch let problem as MomentStoreError {
            output.err(StderrMessages.said(problem.openingMessage(copy, path: paths.database)))
            return ExitStatus.data.rawValue
        } catch let problem as POSIXError where problem.code == .ENOTDIR {
            // YADG_HOME (or a data folder) that is a file.
            output.err(
                StderrMessages.said(Copy.fill(copy[StorageCopy.self].folderIsAFile, ["path": paths.dataDirectory])))
            return ExitStatus.data.rawValue
        } catch {
            // In words, never as a type's dump.
            let reason = (error as? POSIXError).map { String(cString: strerror($0.code.rawValue)) } ?? "\(error)"
            output.err(
                StderrMessages.said(
                    Copy.fill(copy[StorageCopy.self].unavailable, ["path": paths.database, "reason": reason])))
            return ExitStatus.data.rawValue
        }

        // A dumb terminal still converses (plain prompt, no escapes); only pipes and --json do not.
        let interactive = isatty(0) == 1 && isatty(1) == 1 && !options.json
        let mode: Shell.Mode =
            !options.command.isEmpty ? .oneShot : interactive ? .conversation : .piped
        let entitlement = AppEnvironment.entitlementService(
            environment: environment, config: ai.config, backendURL: settings.backendURL)
        let shell = Shell(
            store: store, clock: clock, timeZone: zone.value, resources: resources, rng: rng, mode: mode,
            configuration: Shell.Configuration(
                width: environment["COLUMNS"].flatMap(Int.init) ?? 80, literal: options.literal, syncs: store.syncs,
                facts: facts(
                    ai: ai, copy: copy, userID: ((try? store.stateValue(.anonymousUserId)) ?? nil) ?? "",
                    entitlement: entitlement?.service ?? .none, database: paths.database)))
        // The process ends when the mode returns, and its memory goes back with it: freeing the
        // run's tables and caches one by one first cost a one-shot log 3 % of its work. SQLite
        // needs no close for durability (every commit is synced; YadgStorage's Storage article).
        _ = Unmanaged.passRetained(shell)
        _ = Unmanaged.passRetained(store)
        // A locked journal: typed on a terminal (a conversation, a command typed on one), or a
        // script's file or command, read only when something sealed is first shown.
        let passphrases = PassphraseSources.load(
            environment: environment, config: ai.config,
            terminal: mode == .conversation || (mode == .oneShot && isatty(0) == 1 && !options.json), copy: copy
        ) { output.err(StderrMessages.said($0)) }
        let app = App(
            shell: shell, store: store,
            style: TerminalStyle.detect(isTerminal: isatty(1) == 1, environment: environment),
            clock: clock, settings: settings, configDirectory: paths.configDirectory, output: output,
            syncQueue: store.syncs ? store : nil,
            options: App.Options(
                json: options.json, outputIsTerminal: isatty(1) == 1, errorIsTerminal: isatty(2) == 1,
                dumbTerminal: environment["TERM"] == "dumb", waitsForQueuedPraise: !options.noWait),
            environment: AppEnvironment(paths: paths, entitlement: entitlement, variables: environment),
            passphrases: passphrases)
        store.setPassphraseSource(passphrases.given)
        // A /lock a kill interrupted clears its old pages now (nothing when the journal is not locked).
        // Not finished (another yadg holds the log, a full disk), it stays marked unfinished
        // (`lockIsUnfinished`) and the next start tries again.
        if store.writeRefusal == nil, store.lockIsUnfinished {
            try? store.finishLocking(photos: PhotoShelf(dataDirectory: paths.dataDirectory))
        }
        let status: Int32
        switch mode {
        case .oneShot: status = app.runCommand(options.command)
        case .conversation:
            // It holds only the line editor's history: without it, the conversation runs as
            // always and keeps no history (EditLineReader skips a file it cannot open).
            try? PrivateFiles.createDirectory(paths.stateDirectory)
            status = app.converse(historyPath: paths.history)
        case .piped: status = app.readPipe()
        }
        let folded = Self.foldLog(of: store, status: status, copy: copy, database: paths.database, output: output)
        return Self.finishOutput(status: folded, copy: copy, output: output)
    }

    /// Standard output is closed, and a close that fails is said with exit 3, like a write.
    static func finishOutput(status: Int32, copy: Copy, output: some OutputSink) -> Int32 {
        guard let code = StandardStreams.finish() else { return status }
        output.err(
            StderrMessages.said(
                Copy.fill(copy[CommandLineCopy.self].outputFailed, ["reason": String(cString: strerror(code))])))
        return max(status, ExitStatus.data.rawValue)
    }

    /// The end of every run folds the log into the database, as the last connection's close would
    /// (the process ends without closing it): `moments.db` alone then holds every moment this run
    /// confirmed. A fold that finds the database damaged says so, with exit 3.
    static func foldLog(
        of store: SQLiteMomentStore, status: Int32, copy: Copy, database: String, output: some OutputSink
    ) -> Int32 {
        do {
            try store.foldLog(emptying: true)
        } catch let problem as MomentStoreError {
            guard case .damaged = problem else {
                // A removed log was folded back; a full disk or a busy file leaves every commit
                // durable in the log, for the next run's end to fold.
                return status
            }
            output.err(StderrMessages.said(problem.openingMessage(copy, path: database)))
            return max(status, ExitStatus.data.rawValue)
        } catch {
            // As above: the next run's end folds it.
        }
        return status
    }

    /// `yadg 0.1.0 (commit 0ef708d1a2b3)`: what to quote in a report.
    static func versionLine(_ copy: Copy) -> String {
        let commit = EmbeddedResources.buildCommit
        let words = copy[CommandLineCopy.self]
        guard !commit.isEmpty else { return Copy.fill(words.version, ["version": YadgVersion.number]) }
        return Copy.fill(words.versionAndCommit, ["version": YadgVersion.number, "commit": String(commit.prefix(12))])
    }

    /// What Settings, the paywall and `/support` say about this installation.
    private func facts(
        ai: AIConfiguration, copy: Copy, userID: String, entitlement: EntitlementService, database: String
    ) -> AppFacts {
        var facts = AppFacts()
        facts.version = YadgVersion.number
        facts.ai = ai.facts
        facts.configuredAI = ai.configured
        facts.backendURL = ai.settings.backendURL
        facts.modelAnswers = AIWiring.answersQuestions(ai.settings)
        facts.userID = userID
        facts.databasePath = database
        facts.onThisDayAtHome = ai.onThisDayAtHome
        facts.links = AppFacts.Links(
            support: ai.config["support_url"], contact: ai.config["contact"],
            purchase: ai.config["purchase_url"])
        facts.entitlementService = entitlement
        return facts
    }

    private struct BadOptionError: Error { let option: String }

    private func parseOptions() -> Result<Options, BadOptionError> {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.first, options.command.isEmpty {
            rest = rest.dropFirst()
            switch argument {
            case "--json": options.json = true
            case "--no-ai": options.noAI = true
            case "--literal": options.literal = true
            case "--no-wait": options.noWait = true
            case "--help", "-h": options.help = true
            case "--version", "-V": options.version = true
            case "--": options.command = Array(rest)
            default:
                if argument.hasPrefix("-") && argument.count > 1 { return .failure(BadOptionError(option: argument)) }
                options.command = [argument] + rest
            }
        }
        // `yadg log --help`, `yadg export -h`: that command's help, never a moment or a file named so
        // (after `--` they are words: `yadg log -- -h`).
        let own = options.command.dropFirst().prefix { $0 != "--" }
        if let name = options.command.first, own.contains("--help") || own.contains("-h") {
            options.command = ["help", name]
            return .success(options)
        }
        if let end = options.command.firstIndex(of: "--"), end > 0 { options.command.remove(at: end) }
        // `yadg moments today --json`: the flags may also follow the command.
        if options.command.count > 1 {
            let flags: Set<String> = ["--json", "--no-ai"]
            options.json = options.json || options.command.dropFirst().contains("--json")
            options.noAI = options.noAI || options.command.dropFirst().contains("--no-ai")
            options.command = [options.command[0]] + options.command.dropFirst().filter { !flags.contains($0) }
        }
        return .success(options)
    }
}
