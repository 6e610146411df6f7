import CLibEdit
import YadgCore

/// What the conversation meets the person through: its line reader, the first-run walkthrough
/// and yes/no questions, and the width lines are wrapped to. ``SystemTerminal`` is the terminal's;
/// a test gives a script, as a pipe's test gives its lines (`LineBatches`).
public protocol ConversationTerminal: Sendable {
    /// The reader the conversation reads lines from and prints replies through; `setup.outbox`
    /// holds what arrives in the background (praise, summaries) until the reader shows it.
    func makeReader(_ setup: ReaderSetup) -> any ConversationReader
    /// The walkthrough shown once, and the questions asked as a conversation starts.
    func makeOnboarding(style: TerminalStyle, copy: Copy) -> any Onboarding
    /// Columns to wrap to, as the terminal is now.
    var columns: Int { get }
}

/// What a conversation's line reader is made with.
public struct ReaderSetup {
    /// The prompt, with its colour when the terminal has any.
    public var prompt: String
    /// The history file, or nil (a locked journal keeps what is typed in memory only).
    public var historyPath: String?
    /// What Tab may make of the word before the cursor.
    public var complete: Completer
    public var outbox: LinesForTheEditor
    /// How lines may move on screen (the AI line fading in).
    public var motion: Motion
    /// `TERM=dumb`: a plain prompt and the terminal's own line editing.
    public var dumb: Bool

    public init(
        prompt: String, historyPath: String?, complete: @escaping Completer, outbox: LinesForTheEditor,
        motion: Motion, dumb: Bool
    ) {
        self.prompt = prompt
        self.historyPath = historyPath
        self.complete = complete
        self.outbox = outbox
        self.motion = motion
        self.dumb = dumb
    }
}

/// The first-run walkthrough and the one-key questions of a conversation's start.
public protocol Onboarding {
    /// Shows the walkthrough; false when input ended before the person pressed Enter.
    func present() -> Bool
    /// What was typed during the walkthrough, to come back as the first line (empty: nothing).
    var typedAhead: String { get }
    /// A yes/no question; one key answers (y or n; Enter means no).
    func askYesNo(_ question: String) -> Bool
}

extension OnboardingPresenter: Onboarding {}

/// The conversation on the process's terminal: libedit's line editor (``EditLineReader``), or
/// on a dumb terminal a plain prompt (``DumbTerminalReader``), and the animated walkthrough.
public struct SystemTerminal: ConversationTerminal {
    public init() {}

    public func makeReader(_ setup: ReaderSetup) -> any ConversationReader {
        guard !setup.dumb else {
            // The line editor is made with the terminal's real settings and holds keys again itself
            // (EditLineReader.init); a dumb terminal's own line editing needs them back now.
            EarlyKeys.release()
            return DumbTerminalReader(prompt: "› ", outbox: setup.outbox)
        }
        return EditLineReader(
            prompt: setup.prompt, historyPath: setup.historyPath, complete: setup.complete, outbox: setup.outbox,
            motion: setup.motion)
    }

    public func makeOnboarding(style: TerminalStyle, copy: Copy) -> any Onboarding {
        OnboardingPresenter(style: style, copy: copy)
    }

    public var columns: Int { EditLineReader.currentColumns }
}
