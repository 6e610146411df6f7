import FixtureServer
import Foundation
import Testing
import YadgResources
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The calm motion, on a pseudo-terminal in colour: Home breathing, the prompt's sign of life
/// while a praise is on its way, and the praise fading in where the offline line was. What a
/// person sees is checked on a replayed screen (``TerminalScreen``), not only in the raw output.
@Suite(.serialized)
struct MotionEndToEndTests {
    static let server = try! FixtureServer()

    /// A colour terminal with an AI provider on 127.0.0.1 answering after `delay` ms.
    static func env(delay: Int, extra: [String: String] = [:]) -> [String: String] {
        [
            "TERM": "xterm-256color", "YADG_AI_PROVIDER": "openai",
            "YADG_AI_BASE_URL": server.url("delay-\(delay)") + "/v1",
            "YADG_AI_MODEL": "m", "YADG_AI_TIMEOUT": "5", "YADG_AI_PRAISE_MODE": "line", "YADG_AI_CANDIDATES": "1",
        ].merging(extra) { $1 }
    }

    /// How many in-place frames (save cursor, up, rewrite, restore) were drawn so far.
    static func frames(_ terminal: PseudoTerminal) -> Int {
        terminal.raw.components(separatedBy: "\u{1B}7\u{1B}[").count - 1
    }

    /// How many prompts were drawn in a pulse colour (the sign of life while waiting).
    static func pulses(_ terminal: PseudoTerminal) -> Int {
        ["94", "136", "178"].reduce(0) { $0 + terminal.raw.components(separatedBy: "\u{1B}[38;5;\($1)m›").count - 1 }
    }

    /// The card's rows under "Moment logged" once the AI line has replaced the offline one.
    static let praisedCard = [
        "  took a walk", "  just now · 3:04 PM", "  ✨ \(FixtureServer.praise)", "  /today to view today's moments",
    ]

    @Test("Home breathes on a colour terminal, and rests the moment a key is typed")
    func homeBreathes() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: Self.env(delay: 10))
        defer { terminal.close() }
        usleep(700_000)
        #expect(Self.frames(terminal) >= 4, "a few frames in 0.7 s")
        #expect(terminal.raw.contains("\u{1B}[38;5;97m"), "the phrase dims on its way down")
        terminal.type("x")
        try terminal.waitForRow("› x")
        let atRest = Self.frames(terminal)
        usleep(600_000)
        #expect(Self.frames(terminal) == atRest, "no frame after the first key")
        let screen = terminal.screen
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
        let title = try #require(screen.visible.lastIndex(of: "You Are Doing Great"))
        let phrase = screen.visible[title + 1]
        let phrases = try JSONDecoder().decode(
            [String].self, from: Data(EmbeddedResources.text("Resources/home-phrases.json")!.utf8))
        #expect(phrases.contains(phrase), "the phrase, whole and where it was: \(phrase)")
        #expect(screen.visible.contains("› x"))
        terminal.type("\u{15}\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test(
        "No motion with reduced motion or NO_COLOR (TERM=dumb and pipes never use the line editor)",
        arguments: [["YADG_REDUCE_MOTION": "1"], ["NO_COLOR": "1"]])
    func noMotion(setting: [String: String]) throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: Self.env(delay: 800, extra: setting))
        defer { terminal.close() }
        terminal.type("took a walk\r")
        try terminal.waitFor("Moment logged")
        try terminal.waitFor("✨", timeout: 5)
        usleep(300_000)
        #expect(Self.frames(terminal) == 0)
        #expect(Self.pulses(terminal) == 0)
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test(
        "While a praise is on its way the prompt pulses; a half-typed line, its cursor, Tab and history are untouched")
    func waitingLeavesTheLineAlone() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: Self.env(delay: 1500))
        defer { terminal.close() }
        terminal.type("took a walk\r")
        try terminal.waitFor("Moment logged")
        terminal.type("walk the do\u{1B}[D\u{1B}[D")
        usleep(500_000)
        #expect(Self.pulses(terminal) >= 2, "the prompt pulses while waiting")
        terminal.type("X")
        try terminal.waitForRow("› walk the Xdo")
        try terminal.waitFor("✨", timeout: 5)
        usleep(300_000)
        var screen = terminal.screen
        // Typed since the card: the praise is printed above, and the line is redrawn under it.
        let praiseRow = try #require(screen.visible.lastIndex { $0.contains("✨") })
        #expect(screen.visible[praiseRow] == "  ✨ \(FixtureServer.praise)")
        #expect(screen.visible[praiseRow + 1] == "› walk the Xdo")
        #expect(screen.cursor.column == "› walk the X".count, "the cursor is where it was")
        let settled = Self.pulses(terminal)
        usleep(400_000)
        #expect(Self.pulses(terminal) == settled, "the sign stops when the praise arrives")
        // Tab and history work as ever.
        terminal.type("\u{15}/mom\t")
        try terminal.waitForRow("› /moments")
        terminal.type("\u{15}\u{1B}[A")
        usleep(200_000)
        screen = terminal.screen
        #expect(screen.visible[screen.cursor.row] == "› took a walk")
        terminal.type("\u{15}\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
    }

    @Test("With nothing typed since the card, the praise fades in where the offline line was")
    func fadeInPlace() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: Self.env(delay: 300))
        defer { terminal.close() }
        terminal.type("took a walk\r")
        try terminal.waitFor("Moment logged")
        try terminal.waitFor("✨", timeout: 5)
        usleep(1_000_000)  // the fade's frames
        let screen = terminal.screen
        let rows = screen.visible
        let card = try #require(rows.lastIndex { $0.hasPrefix("Moment logged") })
        #expect(Array(rows[(card + 1)...(card + 4)]) == Self.praisedCard)
        #expect(rows.filter { $0.contains("✨") }.count == 1, "replaced, not printed again")
        #expect(rows[card + 6] == "›" && screen.cursor.row == card + 6, "the prompt stays where it was")
        #expect(terminal.raw.contains("\u{1B}[2m  ✨"), "it starts dim")
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test("Enter pressed while the praise fades in: the praise is drawn once, on its own row")
    func enterDuringFade() throws {
        for typed in ["\r", "took a nap\r"] {
            let home = YadgProcess.makeHome()
            defer { TemporaryFolder.remove(home) }
            let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: Self.env(delay: 300))
            defer { terminal.close() }
            terminal.type("took a walk\r")
            try terminal.waitFor("Moment logged")
            try terminal.waitFor("✨", timeout: 5)
            terminal.type(typed)  // well within the fade's 0.7 s
            usleep(1_200_000)
            let screen = terminal.screen
            let rows = screen.visible
            let card = try #require(rows.firstIndex { $0.hasPrefix("Moment logged") })
            #expect(Array(rows[(card + 1)...(card + 4)]) == Self.praisedCard, "\(rows)")
            // Each praise on the row of its own card, never a second copy one row lower.
            let praised = rows.indices.filter { rows[$0].contains("✨") }
            #expect(!praised.isEmpty && praised.allSatisfy { rows[$0 - 3].hasPrefix("Moment logged") }, "\(rows)")
            #expect(screen.unknown.isEmpty, "\(screen.unknown)")
            terminal.type("\u{15}\u{04}")
            #expect(try terminal.waitForExit() == 0)
        }
    }

    @Test("A resize while waiting, or during the fade, never garbles the screen")
    func resizeDuringMotion() throws {
        for resizeAfterArrival in [false, true] {
            let home = YadgProcess.makeHome()
            defer { TemporaryFolder.remove(home) }
            let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: Self.env(delay: 600))
            defer { terminal.close() }
            terminal.type("took a walk\r")
            try terminal.waitFor("Moment logged")
            if resizeAfterArrival { try terminal.waitFor("✨", timeout: 5) } else { usleep(200_000) }
            terminal.resize(columns: 60)
            try terminal.waitFor("✨", timeout: 5)
            usleep(1_000_000)
            let screen = terminal.screen
            let rows = screen.visible
            #expect(rows.filter { $0.contains("✨") }.count == 1, "one praise line: \(rows)")
            #expect(rows.contains("  took a walk") && rows.contains("  just now · 3:04 PM"))
            #expect(rows[screen.cursor.row] == "›", "the prompt, alone on its row: \(rows)")
            #expect(rows.allSatisfy { $0.count <= 60 })
            #expect(screen.unknown.isEmpty, "\(screen.unknown)")
            terminal.type("\u{04}")
            #expect(try terminal.waitForExit() == 0)
        }
    }
}
