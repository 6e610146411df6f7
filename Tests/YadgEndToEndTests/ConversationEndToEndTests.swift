import FixtureServer
import Foundation
import Testing
import YadgTestSupport

/// The built binary reads what a line is: `exit` leaves a terminal, questions are answered in a
/// pipe with `answer` events, small talk with `smalltalk`, corrections as their command; nothing
/// of it is saved, and `--literal` logs every piped line as written.
@Suite(.serialized)
struct ConversationEndToEndTests {
    static let server = try! FixtureServer()
    @Test("On a terminal, a greeting is answered, the last moment corrected in words, and exit leaves")
    func exitLeaves() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"])
        defer { terminal.close() }
        try terminal.waitFor("› ")
        for (line, answer) in [
            ("hi", "type something you did"), ("took a walk", "Moment logged  #2"),
            ("actually it was yesterday", "Set #2 \"took a walk\" to yesterday"),
            ("what did I do yesterday?", "Here's what you logged"), ("undo that", "Moved #2 \"took a walk\" back to"),
        ] {
            let before = terminal.screenText.count
            terminal.type(line + "\r")
            try terminal.waitFor(answer, after: before)
        }
        terminal.type("exit\r")
        #expect(try terminal.waitForExit() == 0)
        #expect(terminal.screenText.contains("Take care. You're doing great."))
        #expect(YadgProcess.query("SELECT text FROM moments ORDER BY ref", home: home) == [["first"], ["took a walk"]])
    }

    @Test("--json says what each piped line was; words for the conversation are refused, not logged")
    func pipedEvents() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let lines = "took a walk\nthanks!\nhow many walks today?\nstar it\nexit\n"
        let result = try YadgProcess.run(["--json", "--no-ai"], stdin: lines, home: home)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "yadg: line 5: “exit” ends a conversation, so it wasn't logged. To log every line as written, use --literal.\n"
        )
        let events = result.stdout.split(separator: "\n").map { line -> String in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return (object["event"] as! String) + ((object["command"] as? String).map { ":" + $0 } ?? "")
        }
        #expect(events == ["logged", "smalltalk", "answer", "command:fav", "not_logged"])
        #expect(result.stdout.contains(#""event":"answer","text":"1 moment today with “walks”:","moments":[{"#))
        #expect(YadgProcess.query("SELECT text, is_favorite FROM moments", home: home) == [["took a walk", "1"]])

        let literal = try YadgProcess.run(["--literal", "--no-ai"], stdin: "exit\nhelp\nhi\n", home: home)
        #expect(literal.status == 0 && literal.stderr.isEmpty)
        #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["4"]])
    }

    @Test("yadg log always logs: it is explicit")
    func oneShotLogs() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(["log", "exit"], home: home, env: ["YADG_AI": "off"])
        #expect(result.status == 0 && result.stdout.hasPrefix("Moment logged  #1\n  exit\n"))
    }

    @Test("An open question with a provider: the local answer, then the model's line; no crisis moment is sent")
    func openQuestionAnsweredByTheModel() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let env = [
            "YADG_AI_PROVIDER": "openai", "YADG_AI_BASE_URL": Self.server.url("ok") + "/v1", "YADG_AI_MODEL": "m",
            "YADG_AI_API_KEY": "sk-test", "YADG_AI_TIMEOUT": "3",
        ]
        _ = try YadgProcess.run(["--no-ai"], stdin: "baked bread yesterday\nI can't go on\n", home: home)
        let start = Self.server.requests.count
        let result = try YadgProcess.run(["--json"], stdin: "how was my week?\n", home: home, env: env)
        #expect(result.status == 0)
        let events = result.stdout.split(separator: "\n")
        #expect(events.count == 2)
        #expect(
            events.first?.hasPrefix(#"{"event":"answer","text":"Here's what you logged over the past week:""#) == true)
        #expect(events.last == #"{"event":"ai_answer","text":"✨ \#(FixtureServer.praise)"}"#)
        let sent = Self.server.requests.dropFirst(start).map(\.body).joined()
        #expect(sent.contains("how was my week?") && sent.contains("- baked bread"))
        #expect(!sent.contains("go on"), "a crisis moment never leaves")
    }
}
