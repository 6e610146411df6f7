import FixtureServer
import Foundation
import Testing
import YadgTestSupport

/// The built binary with an AI provider on 127.0.0.1 (the fixture server).
@Suite(.serialized)
struct AIPraiseEndToEndTests {
    static let server = try! FixtureServer()

    /// Whole lines, one request a moment: these tests are about how a line travels and is shown.
    /// A model on this machine is asked for continuations of yadg's own opening by default; the
    /// tests of that mode leave these two out.
    static func ai(_ behaviour: String, timeout: String = "3") -> [String: String] {
        [
            "YADG_AI_PROVIDER": "openai", "YADG_AI_BASE_URL": server.url(behaviour) + "/v1", "YADG_AI_MODEL": "m",
            "YADG_AI_API_KEY": "sk-very-secret-key", "YADG_AI_TIMEOUT": timeout,
            "YADG_AI_PRAISE_MODE": "line", "YADG_AI_CANDIDATES": "1",
        ]
    }

    @Test func praiseFollowsTheCardInAPipe() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(stdin: "took a walk 2 hours ago\n", home: home, env: Self.ai("ok"))
        let offline = YadgProcess.query("SELECT offline_praise FROM moments", home: home)[0][0]
        #expect(
            result.stdout == """
                Moment logged  #1
                  took a walk
                  2 hours ago · 1:04 PM
                  \(offline)
                  ✨ for "took a walk": \(FixtureServer.praise)

                """)
        #expect(result.status == 0)
        #expect(YadgProcess.query("SELECT ai_praise FROM moments", home: home) == [[FixtureServer.praise]])
    }

    @Test("A refused reply says why in --json, and in text the offline praise simply stays, with no note")
    func refusedReplies() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let json = try YadgProcess.run(["--json"], stdin: "did the dishes\n", home: home, env: Self.ai("question"))
        #expect(
            json.stdout.split(separator: "\n").last?.hasSuffix(#","reason":"refused","category":"question"}"#) == true)
        let text = try YadgProcess.run(stdin: "did the dishes\n", home: home, env: Self.ai("question"))
        #expect(text.status == 0 && text.stdout.hasPrefix("Moment logged  #2\n"))
        #expect(!text.stdout.contains("Couldn't fetch") && !text.stdout.contains("✨"))
        #expect(YadgProcess.query("SELECT count(*) FROM moments WHERE ai_praise IS NOT NULL", home: home) == [["0"]])
    }

    @Test("YADG_AI_DEBUG=1 shows each raw reply and its verdict on stderr, and never the key")
    func debugVerdicts() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        var env = Self.ai("question")
        env["YADG_AI_DEBUG"] = "1"
        let refused = try YadgProcess.run(stdin: "did the dishes\n", home: home, env: env)
        #expect(refused.stderr == "yadg ai: \"did the dishes\" → \"Did that feel good?\" → refused: question\n")
        env = Self.ai("ok")
        env["YADG_AI_DEBUG"] = "1"
        let shown = try YadgProcess.run(stdin: "did the dishes\n", home: home, env: env)
        #expect(shown.stderr == "yadg ai: \"did the dishes\" → \"\(FixtureServer.praise)\" → shown\n")
        #expect(!(refused.stderr + shown.stderr).contains("sk-"))
    }

    @Test("A one-shot yadg journey asks only for what it will wait for, and says how many days wait")
    func oneShotJourneyAsksOneRound() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let lines = (1...6).map { "watered the plants \($0) days ago" }.joined(separator: "\n") + "\n"
        _ = try YadgProcess.run(["--no-ai"], stdin: lines, home: home)
        let start = Self.server.requests.count
        let journey = try YadgProcess.run(["journey"], home: home, env: Self.ai("ok"))
        #expect(journey.status == 0)
        let asked = Self.server.requests.dropFirst(start).filter { $0.body.contains("<moments>") }
        #expect(asked.count == 1, "a model on this machine: one at a time, one round")
        #expect(
            journey.stdout.hasSuffix(
                "Summaries for 5 more days are written a few at a time; the next yadg journey shows more.\n"))
    }

    @Test func jsonEvents() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(["--json"], stdin: "did the dishes\n", home: home, env: Self.ai("ok"))
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let id = YadgProcess.query("SELECT id FROM moments", home: home)[0][0]
        #expect(lines.count == 2)
        #expect(lines[1] == #"{"event":"praise","id":"\#(id)","praise":"\#(FixtureServer.praise)"}"#)
        let failed = try YadgProcess.run(["--json"], stdin: "did the dishes\n", home: home, env: Self.ai("status-401"))
        #expect(failed.stdout.split(separator: "\n").last?.hasSuffix(#","reason":"http_401"}"#) == true)
        #expect(failed.status == 0)
    }

    @Test("A failing or slow provider leaves the offline praise and one kind line, within the deadline")
    func failuresFallBack() throws {
        for behaviour in ["status-500", "hang", "malformed", "disconnect"] {
            let home = YadgProcess.makeHome()
            defer { TemporaryFolder.remove(home) }
            let start = Date()
            let result = try YadgProcess.run(stdin: "read a book\n", home: home, env: Self.ai(behaviour, timeout: "2"))
            #expect(Date().timeIntervalSince(start) < 5, "\(behaviour)")
            #expect(
                result.stdout.hasSuffix("\n  for \"read a book\": Couldn't fetch extra encouragement this time.\n"),
                "\(behaviour)")
            #expect(result.status == 0)
            #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["1"]])
        }
    }

    @Test("A model on this machine gets one request at a time; every praise is labelled with its moment")
    func oneAtATimeForALocalModel() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let moments = ["took a walk", "did the dishes", "called mom", "read a chapter", "made soup", "stretched"]
        let result = try YadgProcess.run(
            stdin: moments.joined(separator: "\n") + "\n", home: home, env: Self.ai("delay-250", timeout: "5"))
        #expect(Self.server.peakInFlight("delay-250") == 1, "the fixture server is on 127.0.0.1: a local model")
        for moment in moments {
            #expect(result.stdout.contains("  ✨ for \"\(moment)\": \(FixtureServer.praise)\n"), "\(moment)")
        }
        #expect(YadgProcess.query("SELECT count(*) FROM moments WHERE ai_praise IS NOT NULL", home: home) == [["6"]])
        // YADG_AI_CONCURRENCY raises it; never past what was asked.
        var three = Self.ai("delay-251", timeout: "5")
        three["YADG_AI_CONCURRENCY"] = "3"
        _ = try YadgProcess.run(stdin: moments.joined(separator: "\n") + "\n", home: home, env: three)
        #expect((2...3).contains(Self.server.peakInFlight("delay-251")))
    }

    @Test("The end of a pipe waits while a slow model keeps answering, so each moment gets its AI line")
    func drainsAtTheModelsPace() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let moments = ["took a walk", "did the dishes", "called mom", "read a chapter", "made soup", "fed the cat"]
        // One request at a time, 1.2 s each: 7 s in all, more than one deadline (2 s + 1).
        var env = Self.ai("delay-1200", timeout: "2")
        env["YADG_AI_CONCURRENCY"] = "1"
        let result = try YadgProcess.run(stdin: moments.joined(separator: "\n") + "\n", home: home, env: env)
        for moment in moments {
            #expect(result.stdout.contains("  ✨ for \"\(moment)\": "), "\(moment)")
        }
        #expect(result.status == 0 && !result.stdout.contains("Couldn't fetch"))
    }

    @Test("--no-wait: however slow the model, the end of a pipe waits one deadline; each moment gets one line")
    func boundedWaitAtTheEnd() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let moments = ["took a walk", "did the dishes", "called mom", "read a chapter", "made soup"]
        let start = Date()
        let before = Self.server.requests.filter { $0.path.hasPrefix("/delay-1200/") }.count
        var env = Self.ai("delay-1200", timeout: "2")
        env["YADG_AI_CONCURRENCY"] = "1"
        let result = try YadgProcess.run(
            ["--no-wait"], stdin: moments.joined(separator: "\n") + "\n", home: home, env: env)
        #expect(Date().timeIntervalSince(start) < 6, "the wait is the deadline and a second, not five deadlines")
        for moment in moments {
            let praised = result.stdout.contains("  ✨ for \"\(moment)\": ")
            let fellBack = result.stdout.contains(
                "  for \"\(moment)\": Couldn't fetch extra encouragement this time.\n")
            #expect(praised != fellBack, "\(moment): exactly one line")
        }
        #expect(result.stdout.contains("  ✨ for \"took a walk\": "), "the first one, sent at once, arrives")
        #expect(Self.server.requests.filter { $0.path.hasPrefix("/delay-1200/") }.count - before < moments.count)
    }

    @Test("A model that stops answering: the end of a pipe gives up after one deadline without an answer")
    func stalledModel() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let start = Date()
        let result = try YadgProcess.run(
            stdin: "took a walk\ncalled mom\nmade soup\n", home: home, env: Self.ai("hang", timeout: "1"))
        #expect(Date().timeIntervalSince(start) < 8, "one deadline with nothing coming, not the queue's worth")
        #expect(result.stdout.components(separatedBy: "Couldn't fetch extra encouragement").count == 4)
    }

    @Test("A summary that echoes the prompt is refused and never cached: the offline line stays")
    func refusedSummaryIsNotCached() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try YadgProcess.run(["--no-ai"], stdin: "took a walk yesterday\nmade soup\n", home: home)
        for _ in 0..<2 {
            let journey = try YadgProcess.run(["journey"], home: home, env: Self.ai("dayecho"))
            #expect(journey.status == 0)
            #expect(
                !journey.stdout.contains("Day:") && journey.stdout.contains("Summary: \"One small step, and it counts.")
            )
        }
        #expect(YadgProcess.query("SELECT count(*) FROM day_summaries", home: home) == [["0"]])
        // One round a run (a model on this machine: one at a time): the newest day, asked again.
        #expect(Self.server.requests.filter { $0.path.hasPrefix("/dayecho/") }.count == 2, "asked again, never cached")
    }

    @Test("No provider: no message and no waiting")
    func noProvider() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(stdin: "read a book\n", home: home, env: ["YADG_AI_PROVIDER": "none"])
        #expect(result.stdout.split(separator: "\n").count == 4)
        let off = try YadgProcess.run(["--no-ai"], stdin: "read a book\n", home: home, env: Self.ai("hang"))
        #expect(off.stdout.split(separator: "\n").count == 4)
    }

    @Test("Escape sequences from the model never reach the output")
    func sanitised() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(stdin: "took a walk\n", home: home, env: Self.ai("escape"))
        #expect(result.stdout.hasSuffix("  ✨ for \"took a walk\": Nice work on your walk.\n"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test("Crisis language: saved, no praise, a gentle message, nothing sent")
    func crisisLanguage() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let before = Self.server.requests.count
        let result = try YadgProcess.run(
            stdin: "got out of bed even though I want to die\n", home: home, env: Self.ai("ok"))
        #expect(result.stdout.contains("It sounds really heavy, and you deserve support right now."))
        #expect(!result.stdout.contains("✨"))
        #expect(Self.server.requests.count == before)
        #expect(YadgProcess.query("SELECT offline_praise, ai_praise FROM moments", home: home) == [["", "NULL"]])
    }

    @Test("The API key is never printed or written to any file yadg writes")
    func keysStayPrivate() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(stdin: "took a walk\n/help\n", home: home, env: Self.ai("status-401"))
        #expect(!result.stdout.contains("sk-very-secret-key") && !result.stderr.contains("sk-very-secret-key"))
        for name in try FileManager.default.contentsOfDirectory(atPath: home) {
            let data = try Data(contentsOf: URL(fileURLWithPath: home + "/" + name))
            #expect(data.range(of: Data("sk-very-secret-key".utf8)) == nil, "\(name)")
        }
        #expect(Self.server.requests.last?.headers["authorization"] == "Bearer sk-very-secret-key")
    }

    @Test("A key in a config file others can read is not used, and the person is told how to fix it")
    func keyInAnOpenConfigFile() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        var env = Self.ai("delay-7")
        env["YADG_AI_API_KEY"] = nil
        let config = home + "/config"
        try "api_key = sk-from-the-config\n".write(toFile: config, atomically: true, encoding: .utf8)
        chmod(config, 0o644)
        let open = try YadgProcess.run(stdin: "took a walk\n", home: home, env: env)
        #expect(
            open.stderr.hasPrefix(
                "yadg: your config file \(config) can be read by others, so I won't use the API key in it. "
                    + "Run: chmod 600 \(config)\n"))
        let sent = Self.server.requests.filter { $0.path.hasPrefix("/delay-7/") }
        #expect(sent.count == 1 && sent[0].headers["authorization"] == nil)
        chmod(config, 0o600)
        let closed = try YadgProcess.run(stdin: "called mom\n", home: home, env: env)
        #expect(!closed.stderr.contains("can be read by others"))
        let both = Self.server.requests.filter { $0.path.hasPrefix("/delay-7/") }
        #expect(both.count == 2 && both[1].headers["authorization"] == "Bearer sk-from-the-config")
    }

    @Test("A model on this machine is warmed up as the conversation starts: one token, nothing of the person's")
    func warmUpAtStart() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        var extra = Self.ai("ok")
        extra["TERM"] = "xterm"
        extra["NO_COLOR"] = "1"
        let start = Self.server.requests.count
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: extra)
        defer { terminal.close() }
        try terminal.waitFor("› ")
        let deadline = Date().addingTimeInterval(5)
        while !Self.server.requests.dropFirst(start).contains(where: { $0.body.contains("warm-up") }),
            Date() < deadline
        {
            usleep(20_000)
        }
        let warmUp = try #require(Self.server.requests.dropFirst(start).first { $0.body.contains("warm-up") })
        #expect(warmUp.body.contains("<moment>warm-up</moment>") && warmUp.body.contains(#""max_tokens":1"#))
        terminal.type("took a walk\r")
        try terminal.waitFor("✨ " + FixtureServer.praise)
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test("In the conversation, praise arrives above a half-typed line, which stays intact")
    func praiseWhileTyping() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        var extra = Self.ai("delay-1500")
        extra["TERM"] = "xterm"
        extra["NO_COLOR"] = "1"
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: extra)
        defer { terminal.close() }
        terminal.type("took a walk\r")
        try terminal.waitFor("Moment logged")
        terminal.type("drank a glass of wat")  // half typed when the praise arrives
        try terminal.waitFor("✨ " + FixtureServer.praise)
        terminal.type("er\r")
        try terminal.waitFor("  drank a glass of water\n")
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(
            YadgProcess.query("SELECT text FROM moments ORDER BY submitted_at", home: home)
                == [["first"], ["took a walk"], ["drank a glass of water"]])
        let screen = terminal.screenText
        let praise = try #require(screen.range(of: "✨ " + FixtureServer.praise))
        let finished = try #require(screen.range(of: "› drank a glass of water"))
        #expect(praise.upperBound < finished.lowerBound, "the praise is printed above the line being typed")
        let beforeSecond = screen[..<finished.lowerBound]
        #expect(beforeSecond.components(separatedBy: FixtureServer.praise).count == 2, "asked and shown once")
    }
}
