import Foundation
import Synchronization
import Testing
import YadgAI
import YadgApp
import YadgCore
import YadgTerminal
import YadgTestSupport

/// The conversation loop reached in process: a scripted terminal types the lines and answers the
/// walkthrough, and the whole screen is compared word for word. (The pseudo-terminal tests in
/// YadgEndToEndTests run the same loop through libedit and the real binary.)
struct ConversationLoopTests {
    /// Lines typed one after another, each echoed after the prompt as a terminal shows it; what
    /// arrived in the background is shown before the next prompt.
    final class ScriptedReader: ConversationReader {
        private var lines: [String]
        let outbox: LinesForTheEditor
        let output: AppTests.CollectedOutput

        init(_ lines: [String], outbox: LinesForTheEditor, output: AppTests.CollectedOutput) {
            self.lines = lines
            self.outbox = outbox
            self.output = output
        }

        func readLine(prefill: String?) -> String? {
            write(outbox.takeAll().joined())
            guard !lines.isEmpty else {
                write("› ^D\n")
                return nil
            }
            let line = lines.removeFirst()
            write("› " + line + "\n")
            return line
        }

        func write(_ text: String) { output.out(text) }
    }

    /// The walkthrough and the start's questions, answered by the script.
    final class ScriptedOnboarding: Onboarding, Sendable {
        let agrees: Bool
        private let asked = Mutex<[String]>([])
        private let shown = Mutex(false)

        init(agrees: Bool) { self.agrees = agrees }

        func present() -> Bool {
            shown.withLock { $0 = true }
            return agrees
        }
        var typedAhead: String { "" }
        func askYesNo(_ question: String) -> Bool {
            asked.withLock { $0.append(question) }
            return false
        }
        var wasShown: Bool { shown.withLock { $0 } }
        var questions: [String] { asked.withLock { $0 } }
    }

    struct ScriptedTerminal: ConversationTerminal {
        let lines: [String]
        let output: AppTests.CollectedOutput
        let onboarding: ScriptedOnboarding
        var columns: Int { 60 }

        func makeReader(_ setup: ReaderSetup) -> any ConversationReader {
            ScriptedReader(lines, outbox: setup.outbox, output: output)
        }

        func makeOnboarding(style: TerminalStyle, copy: Copy) -> any Onboarding { onboarding }
    }

    let store = InMemoryMomentStore()
    let output = AppTests.CollectedOutput()

    func converse(_ lines: [String], agrees: Bool = true) -> (status: Int32, onboarding: ScriptedOnboarding) {
        let onboarding = ScriptedOnboarding(agrees: agrees)
        let app = App(
            shell: TestSupport.shell(store: store, mode: .conversation), store: store,
            style: TerminalStyle.detect(isTerminal: false, environment: [:]),
            clock: FixedClock(TestSupport.date("2026-11-19T15:04:00")),
            settings: AISettings.resolve(environment: ["YADG_AI_PROVIDER": "none"], config: [:]),
            configDirectory: "/nonexistent", output: output)
        let status = app.converse(
            historyPath: "/nonexistent/history",
            on: ScriptedTerminal(lines: lines, output: output, onboarding: onboarding))
        return (status, onboarding)
    }

    @Test("A first conversation: the walkthrough, Home, a moment, a command said in words, and goodbye at Ctrl-D")
    func firstConversation() throws {
        let (status, onboarding) = converse(["took a walk", "show my moments", "star it"])
        #expect(status == 0)
        #expect(onboarding.wasShown && onboarding.questions.isEmpty)
        expectTranscript(
            output.stdout,
            """
            You Are Doing Great
            Doing my best, and my best varies. That's okay.

            I Did a Thing — type what you did. Big or small, it counts.
            /help for commands · Ctrl-D to leave

            Hey… installing the app counts too. Wanna log that tiny win?

            › took a walk
            Moment logged  #1
              took a walk
              just now · 3:04 PM
              Nice move, champ.
              /today to view today's moments

            › show my moments
            Moments

            Today
              1  took a walk
                 just now · "Nice move, champ."

            › star it
            ★ #1 "took a walk" is a favourite.

            › ^D
            Take care. You're doing great.

            """)
        #expect(try store.stateValue(.hasSeenOnboarding) == "1")
        #expect(try store.allMoments().map(\.isFavorite) == [true])
    }

    @Test("Input that ends during the walkthrough ends the run quietly; the walkthrough is not shown again")
    func walkthroughLeft() throws {
        let (status, onboarding) = converse(["took a walk"], agrees: false)
        #expect(status == 0 && onboarding.wasShown)
        #expect(output.stdout.isEmpty)
        #expect(try store.stateValue(.hasSeenOnboarding) == "1")
        #expect(try store.allMoments().isEmpty)
        let (_, again) = converse([])
        #expect(!again.wasShown)
    }

    @Test("A question left open at Ctrl-D says what was kept; /quit says goodbye, and nothing after it is read")
    func leaving() throws {
        try store.setState([.hasSeenOnboarding: "1"])
        let home = """
            You Are Doing Great
            Doing my best, and my best varies. That's okay.

            I Did a Thing — type what you did. Big or small, it counts.
            /help for commands · Ctrl-D to leave

            Hey… installing the app counts too. Wanna log that tiny win?


            """
        #expect(converse(["/did", "called mom"]).status == 0)
        expectTranscript(
            output.stdout,
            home + """
                › /did
                Nice — that counts. What did you do?
                › called mom
                ⏱ Happened just now — Enter to keep, or say when (e.g. 2
                hours ago)
                › ^D
                No problem, nothing was saved.
                Take care. You're doing great.

                """)
        let before = output.stdout.count
        #expect(converse(["/quit", "took a walk"]).status == 0)
        expectTranscript(
            String(output.stdout.dropFirst(before)),
            home + """
                › /quit
                Take care. You're doing great.

                """)
        #expect(try store.allMoments().isEmpty)
    }
}
