import Foundation
import Testing
import YadgTestSupport

/// Terminals that cannot be drawn on, and the first screen a person sees.
struct DumbTerminalEndToEndTests {
    @Test("TERM=dumb still converses: a plain prompt, no escape sequences, moments saved, Ctrl-D leaves")
    func dumbTerminalConverses() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: ["TERM": "dumb"])
        defer { terminal.close() }
        try terminal.waitFor("› ")
        terminal.type("took a walk\r")
        try terminal.waitFor("Moment logged")
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(!terminal.raw.contains("\u{1B}"), "no escape sequences on a dumb terminal")
        #expect(terminal.screenText.contains("I Did a Thing"))
        #expect(terminal.screenText.contains("Moment logged  #2\n  took a walk\n  just now · 3:04 PM\n"))
        #expect(
            YadgProcess.query("SELECT text FROM moments ORDER BY text", home: home) == [["first"], ["took a walk"]])
    }

    @Test("The onboarding footer shows before Enter is pressed")
    func footerBeforeEnter() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal(
            arguments: [], environment: YadgProcess.environment(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"]))
        defer { terminal.close() }
        try terminal.waitFor("Alright, let's do this")
        try terminal.waitFor("Privacy Policy • Terms  (/privacy, /terms)")
        #expect(!terminal.screenText.contains("I Did a Thing"), "still waiting for Enter")
        terminal.type("\r")
        try terminal.waitFor("I Did a Thing")
        try terminal.waitFor("› ")
        terminal.type("\u{03}\u{04}")  // Ctrl-C clears the pre-filled first line, Ctrl-D leaves
        #expect(try terminal.waitForExit() == 0)
    }
}

struct TypedAheadEndToEndTests {
    @Test("Words typed during the onboarding come back as the first line; nothing is lost")
    func typedDuringOnboarding() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal(
            arguments: [], environment: YadgProcess.environment(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"]))
        defer { terminal.close() }
        try terminal.waitFor("Glad you're here.")
        terminal.type("tooj\u{7F}k a walk")  // typed while the lines appear, with one Backspace
        try terminal.waitFor("(press Enter)")
        terminal.type("\r")
        try terminal.waitFor("› took a walk")
        terminal.type("\r")
        try terminal.waitFor("Moment logged")
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(YadgProcess.query("SELECT text FROM moments", home: home) == [["took a walk"]])
    }

    @Test("Keys typed while a line is answered wait for the next prompt: the terminal never returns to its own line mode or signal keys between lines")
    func quietBetweenLines() throws {
        // In line mode between two lines, a Ctrl-D typed the moment a card showed became a NUL byte
        // once the editor read again, and the conversation did not end (4 runs in 10). With signal
        // keys on, `abandon this` and a Ctrl-C typed the moment a card showed were flushed by the
        // terminal, and the SIGINT ended the run (the first-run test, once under load).
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"])
        defer { terminal.close() }
        try terminal.waitFor("› ")
        let inLineMode = try terminal.readingsInLineMode {
            for number in 2...11 {
                terminal.type("took a walk\r")
                try terminal.waitFor("Moment logged  #\(number)")
            }
        }
        #expect(inLineMode == 0)
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test("A line typed while the one before is answered is not echoed by the terminal; it comes back at the next prompt")
    func lineTypedWhileAnswering() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"])
        defer { terminal.close() }
        try terminal.waitFor("› ")
        terminal.type("took a walk\r")
        try terminal.waitFor("Moment logged")
        terminal.type("called mom")
        try terminal.waitFor("› called mom")
        terminal.type("\r")
        try terminal.waitFor("Moment logged  #3")
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(terminal.raw.components(separatedBy: "called mom").count == 3, "drawn once at the prompt and once in the card")
        #expect(
            YadgProcess.query("SELECT text FROM moments ORDER BY text", home: home)
                == [["called mom"], ["first"], ["took a walk"]])
    }
}
