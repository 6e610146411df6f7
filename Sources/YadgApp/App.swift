import YadgAI
import YadgCore
import YadgTerminal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The application: the three ways a run talks to a person (the conversation, piped lines,
/// one-shot commands) around one ``Shell``, carrying out the effects of its replies. Everything it
/// touches is injected, so tests reach it without spawning the binary.
public struct App {
    /// How this run meets the person, decided before the app is made (argv, `isatty`, `TERM`).
    public struct Options: Sendable {
        /// `--json`: events, one JSON object a line, instead of text.
        public var json = false
        /// stdout is a terminal (CSV printed there is sanitised).
        public var outputIsTerminal = false
        /// Standard error is a terminal: the end of a pipe shows how many AI lines it waits for.
        public var errorIsTerminal = false
        /// `TERM=dumb`: converse with a plain prompt and the terminal's own line editing.
        public var dumbTerminal = false
        /// `--no-wait` turns it off: the end of a pipe then waits one praise deadline in all, not
        /// for the queue to drain.
        public var waitsForQueuedPraise = true

        public init(
            json: Bool = false, outputIsTerminal: Bool = false, errorIsTerminal: Bool = false,
            dumbTerminal: Bool = false, waitsForQueuedPraise: Bool = true
        ) {
            self.json = json
            self.outputIsTerminal = outputIsTerminal
            self.errorIsTerminal = errorIsTerminal
            self.dumbTerminal = dumbTerminal
            self.waitsForQueuedPraise = waitsForQueuedPraise
        }
    }

    let shell: Shell
    let store: any MomentHistory
    let style: TerminalStyle
    let options: Options
    let clock: any WallClock
    /// The shell's: made when first needed.
    var zone: Zone { shell.context.zone }
    /// The AI settings in force now: shared by every copy of this value, so what `/settings ai`
    /// chose is what the rest of the conversation reads (``reloadAISettings()``).
    var settings: AISettings { currentAI.settings }
    private let currentAI: CurrentAISettings
    let configDirectory: String
    let output: any OutputSink
    /// The outbox for the backend, when one is configured.
    let syncQueue: (any SyncQueue)?
    /// Folders, the entitlement service, and the variables that decide how links open.
    let environment: AppEnvironment
    /// Shared by every copy of this value for the run: what was said once, whether data was deleted.
    let session = SessionState()
    /// Where a locked journal's passphrase may come from in this run (the terminal, a script's).
    let passphrases: PassphraseSources

    var json: Bool { options.json }
    var outputIsTerminal: Bool { options.outputIsTerminal }
    var errorIsTerminal: Bool { options.errorIsTerminal }
    var dumbTerminal: Bool { options.dumbTerminal }
    var waitsForQueuedPraise: Bool { options.waitsForQueuedPraise }

    var copy: Copy { shell.resources.copy }

    /// Everything the app touches, given once: it is not changed after it is made.
    public init(
        shell: Shell, store: any MomentHistory, style: TerminalStyle, clock: any WallClock, settings: AISettings,
        configDirectory: String, output: any OutputSink = StandardStreams(), syncQueue: (any SyncQueue)? = nil,
        options: Options = Options(), environment: AppEnvironment = AppEnvironment(),
        passphrases: PassphraseSources = PassphraseSources()
    ) {
        self.environment = environment
        self.syncQueue = syncQueue
        self.shell = shell
        self.store = store
        self.style = style
        self.options = options
        self.clock = clock
        self.currentAI = CurrentAISettings(settings)
        self.configDirectory = configDirectory
        self.output = output
        self.passphrases = passphrases
    }

    /// The AI settings read again (after `/settings ai` wrote a choice), for every copy of this
    /// value, and Settings told.
    func reloadAISettings() {
        guard let paths = environment.paths else { return }
        let loaded = AIWiring.load(
            environment: environment.variables, paths: paths, noAI: settings.networkOff, copy: copy,
            warn: { _ in })
        currentAI.replace(with: loaded.settings)
        shell.aiChanged(to: loaded.facts, answersQuestions: AIWiring.answersQuestions(loaded.settings))
    }

    /// The AI provider to use now, if any (configured, or detected and agreed to).
    var provider: HTTPPraiseProvider? {
        AIWiring.provider(settings, store: store, configDirectory: configDirectory)
    }

    /// The provider to ask for praise: none when a backend is configured, because the backend's
    /// answer to the new moment carries its praise (see App+Sync).
    var praiseProvider: HTTPPraiseProvider? { settings.backendURL == nil ? provider : nil }

    /// Who answers open questions about one's moments: the provider, never the backend.
    var answerWriter: (any QuestionAnswerWriter)? { settings.backendURL == nil ? provider : nil }

    /// `YADG_AI_DEBUG=1`: every raw reply from the AI provider is shown with its verdict.
    var showsAIVerdicts: Bool { environment.variables["YADG_AI_DEBUG"] == "1" }

    /// How long to wait for outstanding praise at the end: the provider's deadline (the longer
    /// first one for a model on this machine, which may be loading), and a little.
    var praiseWait: Double { (settings.firstDeadline ?? settings.timeout) + 1 }

    /// A coordinator that prints praise straight to the output (pipes and one-shot commands).
    /// `labelsEveryLine`: pipes name the moment on each praise or fallback line.
    func printingCoordinator(labelsEveryLine: Bool = false) -> PraiseCoordinator? {
        guard let provider = praiseProvider else { return nil }
        let (json, style, copy, output) = (self.json, self.style, self.copy, self.output)
        let verdictSink: (@Sendable (String) -> Void)? =
            showsAIVerdicts ? { @Sendable line in output.err(StderrMessages.debug(line)) } : nil
        return PraiseCoordinator(
            provider: provider, store: store, zone: shell.context.zoneWhenNeeded, clock: clock, words: TimeWords(copy),
            inFlight: settings.requestsInFlight, alwaysLabelled: labelsEveryLine, debug: verdictSink,
            crisis: shell.resources.crisisWhenNeeded
        ) { moment, outcome, labelled in
            if json {
                output.out(PraiseCoordinator.json(moment, outcome) + "\n")
            } else {
                let lines = MomentCard.aiPraise(for: moment, outcome, labelled: labelled, copy: copy)
                if !lines.isEmpty { output.out(style.render(lines)) }
            }
        }
    }

    /// Prints a reply as text (pipes: results only, not-logged lines go to stderr) or JSON events.
    func show(_ reply: ShellReply) {
        let text = shown(reply)
        if !text.isEmpty { output.out(text) }
    }

    /// What ``show(_:)`` prints on stdout for a reply.
    func shown(_ reply: ShellReply) -> String {
        var out: [UInt8] = []
        shown(reply, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The same added to `out`: a pipe writes a whole batch's at once.
    func shown(_ reply: ShellReply, into out: inout [UInt8]) {
        guard json else {
            let notLogged = reply.events.contains(where: \.isNotLogged)
            if notLogged || (reply.failure != nil && reply.events.isEmpty) { return }
            return style.render(reply.lines, into: &out)
        }
        let events =
            reply.events.isEmpty && !reply.lines.isEmpty && reply.failure == nil
            ? [ShellEvent.command(name: "", output: reply.lines.plainText)] : reply.events
        for line in JSONEvents.lines(
            for: events, now: clock.now(), zone: zone, copy: copy, moods: shell.resources.moods)
        {
            out.append(contentsOf: line.utf8)
            out.append(UInt8(ascii: "\n"))
        }
        // A command that could not run (an unknown /command, say) is an event too.
        if reply.events.isEmpty, let failure = reply.failure {
            out.append(
                contentsOf: JSONText.object([
                    ("event", JSONText.quote("error")), ("message", JSONText.quote(failure.message)),
                ]).utf8)
            out.append(UInt8(ascii: "\n"))
        }
    }
}
