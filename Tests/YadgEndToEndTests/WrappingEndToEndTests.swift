import Foundation
import Testing
import YadgCore
import YadgTestSupport

/// Every paragraph the conversation prints wraps at word boundaries to the terminal's width, so
/// the terminal never has to break a word at its right edge.
struct WrappingEndToEndTests {
    @Test(arguments: [40, 60, 80, 100])
    func nothingBreaksMidWord(columns: Int) throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(
            home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"], columns: Int32(columns))
        defer { terminal.close() }
        let long = "finally sorted the whole garage, donated three boxes of old clothes and swept the floor"
        let steps = [
            ("thinking about ending it all", "crisis"), (long, "swept"),
            ("/privacy", "Markdown"), ("/terms", "emergency"), ("/help", "/quit"), ("/mooments", "Did you mean"),
        ]
        for (line, answer) in steps {
            let before = terminal.screenText.count
            terminal.type(line + "\r")
            try terminal.waitFor(answer, after: before)
        }
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)

        let screen = terminal.screenText
        let printed = screen.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("›") }
        for line in printed {
            #expect(TextWidth.columns(String(line)) <= columns, "wider than \(columns): \(line)")
        }
        // Each paragraph is all there, word after word, however it was wrapped.
        let flowing = screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let copy = try Copy(json: String(contentsOf: Self.resource("copy.json"), encoding: .utf8))
        for paragraph in copy[CardCopy.self].crisisMessage.split(separator: "\n") + [Substring(long)] {
            #expect(flowing.contains(paragraph.split(separator: " ").joined(separator: " ")), "\(paragraph)")
        }
        let privacy = try String(contentsOf: Self.resource("privacy.md"), encoding: .utf8)
        for paragraph in privacy.split(separator: "\n") where paragraph.count > columns {
            #expect(flowing.contains(paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ")))
        }
    }

    static func resource(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Resources/" + name)
    }
}
