#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the shell did with one line: lines to show, events to report (`--json`), and effects for
/// the application to carry out (the core does no I/O and never waits on the network).
public struct ShellReply: Sendable, Equatable {
    public var lines: [StyledLine]
    public var events: [ShellEvent]
    public var effects: [Effect]
    /// Why something could not be done, when it could not: nil when all was done.
    public var failure: Failure?

    /// Why a reply's request could not be done, as one value: the one-line reason (pipes print it
    /// on stderr) and what kind of failure it is (``ExitStatus``), which travel together.
    public struct Failure: Sendable, Equatable {
        public var message: String
        /// A wrong use, data that cannot be used, a server's no, a locked journal, or simply not done.
        public var cause: FailureCause

        public init(_ message: String, cause: FailureCause = .notDone) {
            self.message = message
            self.cause = cause
        }

        /// A wrong use of the command (one-shot runs exit 2, not 1).
        public var isUsage: Bool { cause == .usage }
    }

    public init(
        lines: [StyledLine] = [], events: [ShellEvent] = [], effects: [Effect] = [], failure: Failure? = nil
    ) {
        self.lines = lines
        self.events = events
        self.effects = effects
        self.failure = failure
    }

    /// A reply that only says why something could not be done.
    public static func failed(_ message: String, usage: Bool = false) -> ShellReply {
        ShellReply(lines: [StyledLine(message)], failure: Failure(message, cause: usage ? .usage : .notDone))
    }

    /// The person asked to leave.
    /// By its case alone: comparing whole effects compared the moments a praise request carries.
    public var quit: Bool {
        effects.contains {
            if case .quit = $0 { true } else { false }
        }
    }
}

/// Work a reply asks the application to do after showing it. Each is carried out once; nothing
/// is done by running a command again.
public enum Effect: Sendable, Equatable {
    /// Ask the AI provider for praise of a moment just saved (never for crisis language).
    case requestPraise(Moment)
    /// Ask the AI provider for the summaries of these days or weeks, which are missing or stale,
    /// then show `then` again with them where the mode waits (pipes).
    case writeSummaries([SummaryTarget], then: LookBack)
    /// Write an export. `path` nil: the mode's default (stdout for `yadg export`, a dated file in
    /// the current folder for `/export`).
    /// `withDeleted`: deleted moments too (marked by `archivedAt`); otherwise they are left out.
    case export(ExportFormat, path: String?, withDeleted: Bool)
    /// Read a JSON export into the store.
    case importFile(path: String)
    /// Read phrases on stdin and write what the parser makes of each (`yadg parse`).
    case parsePhrases(now: Date, zone: Zone)
    /// Send what waits for the backend (`statusOnly`: only say how much waits; `pull`: also bring
    /// back the moments the server has and this machine lacks).
    case sync(statusOnly: Bool, pull: Bool)
    /// Ask the AI provider to answer an open question from the moments the local answer listed.
    case answerWithModel(QuestionRequest)
    /// Read whether the person has Premium (from the cache or a server), then show the command's
    /// view with it (``Shell/entitlementRead(_:for:)``).
    case checkEntitlement(EntitlementCheck)
    /// Open a link in the browser, or print it where there is none (over SSH, say).
    case openLink(String)
    /// Look for model servers on this machine, then offer the AI choices
    /// (``Shell/offerAIChoices(found:pick:)``).
    case offerAIChoices(pick: String?)
    /// Write the AI choice to yadg's own settings file; it applies from the next line.
    case chooseAI(AIChoice)
    /// Write whether Home may bring up a moment from this day in an earlier year to yadg's own
    /// settings file.
    case setOnThisDayAtHome(Bool)
    /// Copy a photo into the data folder, then attach it to the moment
    /// (``Shell/photoKept(_:for:)``).
    case keepPhoto(source: String, momentID: UUID)
    /// Remove everything yadg keeps on this machine (after archiving on the backend), then end.
    case deleteMyData
    /// Show a moment's photos: each plain one's path, each sealed one opened into a private folder
    /// (`/photo open`; a locked journal's photos are sealed files).
    case openPhotos(momentID: UUID)
    /// Print a shell's completion script to stdout as it is (never wrapped or styled).
    case printCompletionScript(CompletionShell)
    /// Lock the journal, open it, change its passphrase or take the lock away: the application
    /// reads the passphrase (never echoed, never an argument) and holds the keys.
    case lock(LockRequest)
    /// End the conversation.
    case quit
}

/// A look-back view with AI summaries, to show again once they are written.
public enum LookBack: Sendable, Equatable {
    case journey(JourneyPage)
    /// `/journey weeks`: `before` is a Monday.
    case journeyWeeks(JourneyPage)
    case week(monday: LocalDay)
}

/// One page of the Journey: the days (or weeks) before `before` (nil: from today).
public struct JourneyPage: Sendable, Equatable {
    public let before: LocalDay?
    public let isFirst: Bool

    public init(before: LocalDay?, isFirst: Bool) {
        self.before = before
        self.isFirst = isFirst
    }
}

/// Why a line was not logged as a moment.
public enum NotLoggedReason: String, Sendable, Equatable {
    case future
    case tooLong = "too_long"
    case noText = "no_text"
    case saveFailed = "save_failed"
    /// A word for the conversation (`exit`, `help`) in a pipe, which `--literal` would log.
    case conversationWord = "conversation_word"
    /// Something that did not happen, a to-do or a feeling with no act (`didn't go to the gym`):
    /// never praised as done; `keep it` on the next line, or `--literal`, keeps it.
    case notAWin = "not_a_win"
    /// A time before the year 0, or a clock past the year 9999: it could not be read back.
    case outOfRange = "out_of_range"
    /// Bytes that are not UTF-8 text: binary data, or another encoding, piped in by mistake.
    case notText = "not_text"
}

/// A piped line that is not text: its bytes were not UTF-8. The reader marks it
/// with a newline first, which no line read up to a newline can hold, so the shell can tell it
/// apart from any text and refuse it, with its number, instead of saving what decoding made of it.
public enum PipedLine {
    static let notTextMark = "\n"

    /// The line for `bytes` (without its newline): the text, or the mark and what lossy decoding
    /// made of the bytes (for `--json`'s `input`, escaped there).
    public static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            // Most lines are ASCII, which is text: one pass to see it, then the cheapest decoding.
            if !buffer.contains(where: { $0 >= 0x80 }) { return String(decoding: buffer, as: UTF8.self) }
            if let text = String(validating: buffer, as: UTF8.self) { return text }
            return notTextMark + String(decoding: buffer, as: UTF8.self)
        }
    }

    /// Whether a line came from bytes that were not UTF-8.
    static func isNotText(_ line: String) -> Bool { line.utf8.first == 10 }
}

/// Machine-readable events (`--json`).
public enum ShellEvent: Sendable, Equatable {
    /// A moment was committed.
    case logged(Moment)
    case notLogged(input: String, reason: NotLoggedReason)
    /// A question about one's moments was answered: the sentence and the moments it lists.
    case answer(String, [Moment])
    /// Small talk was answered (never saved).
    case smallTalk(String)
    /// The AI provider's answer to an open question, after the local one.
    case modelAnswer(String)
    /// A command ran; `output` is its text.
    /// `kept`: what the crisis reading made of the words the command kept (a note, an edit), so
    /// `--json` marks a crisis or a concern.
    case command(name: String, output: String, kept: Moment.Sensitivity = .ordinary)
    /// A list of moments was shown (`--json` prints them as data).
    case moments([Moment])
    case journey([JourneyView.Day])
    /// `/week`.
    case week(WeekView.Week)
    /// `/journey weeks`.
    case weeks([WeekView.Week])
    /// `/onthisday`: the earlier days that have moments, nearest first.
    case onThisDay(today: LocalDay, [OnThisDay.Group])
    case stats(MomentTotals)
    /// How much waits for the backend (`yadg sync`).
    case syncStatus(SyncStatus)
    /// The Settings screen.
    case settings(SettingsScreen)

    /// True for `.logged`.
    public var isLogged: Bool { if case .logged = self { true } else { false } }
    /// True for `.notLogged`.
    public var isNotLogged: Bool { if case .notLogged = self { true } else { false } }
}
