import Foundation
import Testing
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Keys typed while yadg starts, before its prompt is drawn, are neither echoed by the terminal
/// above Home nor lost: they land in the first line, once. (Keys typed before the process even
/// runs are the shell's terminal's to echo; no program can take those back.)
struct EarlyKeysTests {
    @Test func keysTypedBeforeThePromptLandInTheLine() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let env = YadgProcess.environment(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"])
        let first = try PseudoTerminal.pastOnboarding(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"])
        first.type("\u{15}\u{04}")
        _ = try first.waitForExit()
        first.close()

        for _ in 0..<3 {
            let terminal = try PseudoTerminal(arguments: [], environment: env)
            defer { terminal.close() }
            // While yadg is still starting: it has opened the moments, and Home and the prompt are yet to come.
            let deadline = Date().addingTimeInterval(5)
            while !terminal.hasOpen("moments.db") && Date() < deadline { usleep(200) }
            terminal.type("made tea")
            try terminal.waitForRow("› made tea")
            usleep(200_000)
            let rows = terminal.screen.text
            #expect(rows.filter { $0.contains("made tea") } == ["› made tea"], "\(rows)")
            terminal.type("\u{15}\u{04}")
            #expect(try terminal.waitForExit() == 0)
        }

        // A Ctrl-D typed that early is a key like any other: on the empty first line, it leaves;
        // and the terminal has its echo back.
        let terminal = try PseudoTerminal(arguments: [], environment: env)
        defer { terminal.close() }
        let deadline = Date().addingTimeInterval(5)
        while !terminal.hasOpen("moments.db") && Date() < deadline { usleep(200) }
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(terminal.screenText.hasSuffix("Take care. You're doing great.\n"))
        #expect(terminal.echoesInput)
    }

    @Test("Keys typed during the first-run walkthrough stay the first line, and keys typed after go on from them")
    func keysTypedDuringTheIntroStay() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal(
            arguments: [], environment: YadgProcess.environment(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"]))
        defer { terminal.close() }
        try terminal.waitFor("Hey. Glad you're here.")
        terminal.type("fed the dog")
        try terminal.waitFor("Alright, let's do this")
        terminal.type("\r")
        try terminal.waitFor("› fed the dog")
        terminal.type(" and cat")
        try terminal.waitFor("› fed the dog and cat")
        terminal.type("\r")
        try terminal.waitFor("Moment logged")
        let card = terminal.screenText.components(separatedBy: "Moment logged")[0].count
        try terminal.waitFor("› ", after: card)
        terminal.type("\u{04}")
        _ = try terminal.waitForExit()
        #expect(YadgProcess.query("SELECT text FROM moments", home: home) == [["fed the dog and cat"]])
    }
}
