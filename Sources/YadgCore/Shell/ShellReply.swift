import Foundation

/// What the shell did with one line, for a renderer to show (text) or to report (JSON events).
public struct ShellReply: Sendable, Equatable {
    public var lines: [StyledLine]
    public var events: [ShellEvent]
    /// The person asked to leave.
    public var quit: Bool
    /// A one-line reason when something could not be done (pipes print it on stderr).
    public var failure: String?
    /// The failure is a wrong use of the command (one-shot runs exit 2, not 1).
    public var isUsageError = false
    /// Moments just saved that should get AI praise (none for crisis language).
    public var praiseRequests: [Moment] = []
    /// Journey days whose summary is missing or stale, for the AI provider to write.
    public var summaryRequests: [JourneyView.Day] = []
    /// The Journey page shown, so it can be rendered again once its summaries are written
    /// (without running the command again, which would move `/journey more` on a page).
    public var journeyPage: JourneyPage?
    /// `/export`: the executable writes the file (the shell does no file I/O).
    public var export: ExportFormat?

    public init(
        lines: [StyledLine] = [], events: [ShellEvent] = [], quit: Bool = false, failure: String? = nil,
        praiseRequests: [Moment] = []
    ) {
        self.praiseRequests = praiseRequests
        self.lines = lines
        self.events = events
        self.quit = quit
        self.failure = failure
    }
}

/// One page of the Journey: the days before `before` (nil: from today), seven at a time.
public struct JourneyPage: Sendable, Equatable {
    public let before: String?
    public let isFirst: Bool
}

/// Why a line was not logged as a moment.
public enum NotLoggedReason: String, Sendable, Equatable {
    case future
    case tooLong = "too_long"
    case noText = "no_text"
    case saveFailed = "save_failed"
}

/// Machine-readable events (`--json`).
public enum ShellEvent: Sendable, Equatable {
    /// A moment was committed.
    case logged(Moment)
    case notLogged(input: String, reason: NotLoggedReason)
    /// A command ran; `output` is its text.
    case command(name: String, output: String)
    /// A list of moments was shown (`--json` prints them as data).
    case moments([Moment])
    case journey([JourneyView.Day])
    case stats(MomentTotals)
}
