import FixtureServer
import Foundation
import Testing
import YadgTestSupport

/// The built binary with an AI provider on 127.0.0.1: a moment caught by the crisis check never
/// reaches the provider on any path (piped, `/did`, `/edit`, import, one-shot `log`, the Journey's
/// day summaries), and `--json` and exports mark it.
@Suite(.serialized)
struct CrisisEndToEndTests {
    static let server = try! FixtureServer()
    static let caught = [
        "thinking about ending it all", "I don't want to be here anymore", "I can't go on",
        "I want to kill myself", "no reason to live",
    ]

    static func ai() -> [String: String] {
        [
            "YADG_AI_PROVIDER": "openai", "YADG_AI_BASE_URL": server.url("ok") + "/v1", "YADG_AI_MODEL": "m",
            "YADG_AI_API_KEY": "sk-test", "YADG_AI_TIMEOUT": "3",
        ]
    }

    /// Every body the server has seen since `start`, lower-cased.
    static func bodies(since start: Int) -> String {
        server.requests.dropFirst(start).map(\.body).joined(separator: "\n").lowercased()
    }

    @Test("No path sends a caught moment to the provider; the day gets no summary request")
    func nothingLeaves() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let start = Self.server.requests.count
        let importFile = home + "/in.json"
        let date = "2026-11-18T15:00:00.000Z"
        try
            #"{"version":1,"moments":[{"id":"11111111-2222-4333-8444-555555555555","text":"no reason to live","submittedAt":"\#(date)","happenedAt":"\#(date)","tz":"America/New_York","offlinePraise":"Nice one.","action":"other"}]}"#
            .write(toFile: importFile, atomically: true, encoding: .utf8)
        #expect(try YadgProcess.run(["import", importFile], home: home, env: Self.ai()).status == 0)
        let piped = """
            thinking about ending it all
            /did
            I don't want to be here anymore


            made tea
            /edit last made tea but I can't go on
            /journey

            """
        let result = try YadgProcess.run(["--json"], stdin: piped, home: home, env: Self.ai())
        #expect(result.status == 0)
        let oneShot = try YadgProcess.run(["log", "I want to kill myself"], home: home, env: Self.ai())
        #expect(oneShot.stdout.contains("It sounds really heavy, and you deserve support right now."))
        #expect(try YadgProcess.run(["journey"], home: home, env: Self.ai()).status == 0)

        let sent = Self.bodies(since: start)
        for line in Self.caught {
            #expect(!sent.contains(line.lowercased()), "sent: \(line)")
        }
        #expect(sent.contains("made tea"), "the praise request for the moment before its edit did go out")
        #expect(!sent.contains("<moments>"), "no day-summary request: today and yesterday both hold crisis lines")
        #expect(
            YadgProcess.query("SELECT text, is_crisis, ai_praise FROM moments ORDER BY text", home: home) == [
                ["I don't want to be here anymore", "1", "NULL"], ["I want to kill myself", "1", "NULL"],
                ["made tea but I can't go on", "1", "NULL"], ["no reason to live", "1", "NULL"],
                ["thinking about ending it all", "1", "NULL"],
            ])
        let logged = result.stdout.split(separator: "\n").filter { $0.hasPrefix(#"{"event":"logged""#) }
        #expect(logged.count == 3)
        #expect(logged.prefix(2).allSatisfy { $0.hasSuffix(#","offlinePraise":"","crisis":true}"#) })
        let edit = try #require(result.stdout.split(separator: "\n").first { $0.contains(#""command":"edit""#) })
        #expect(edit.hasSuffix(#","crisis":true}"#))
        let journey = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix(#"{"event":"journey""#) })
        #expect(journey.contains(#""mood":"""#) && journey.contains(#""crisis":true"#))
        #expect(!journey.contains("Full day") && !journey.contains("Steady"))

        let export = try YadgProcess.run(["export"], home: home, env: Self.ai())
        #expect(export.stdout.components(separatedBy: #","crisis":true}"#).count == 6)
    }

    @Test("A plan to die is met with the crisis reply in every mode, kept, flagged, and sent nowhere")
    func planInEveryMode() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let start = Self.server.requests.count
        let oneShot = try YadgProcess.run(["gonna", "kill", "myself", "tomorrow"], home: home, env: Self.ai())
        #expect(oneShot.status == 0 && oneShot.stderr.isEmpty)
        #expect(oneShot.stdout.contains("It sounds really heavy, and you deserve support right now."))
        #expect(!oneShot.stdout.contains("not a win yet"))
        let logged = try YadgProcess.run(
            ["log", "going", "to", "take", "all", "my", "pills", "tonight"], home: home, env: Self.ai())
        #expect(logged.status == 0 && logged.stdout.contains("call or text 988"))
        let piped = try YadgProcess.run(
            ["--json"], stdin: "I'm going to jump off a bridge\n/when gonna end it tonight\n", home: home,
            env: Self.ai())
        #expect(piped.status == 0)
        let events = piped.stdout.split(separator: "\n")
        #expect(
            events.count == 2
                && events.allSatisfy { $0.hasPrefix(#"{"event":"logged""#) && $0.hasSuffix(#""crisis":true}"#) })
        #expect(Self.bodies(since: start).isEmpty, "nothing was sent to the provider")
        #expect(
            YadgProcess.query("SELECT text, is_crisis FROM moments ORDER BY ref", home: home) == [
                ["gonna kill myself tomorrow", "1"], ["going to take all my pills tonight", "1"],
                ["I'm going to jump off a bridge", "1"], ["gonna end it tonight", "1"],
            ])
    }

    @Test("A crisis moment pulled from the backend is flagged here: no praise kept, never sent back")
    func pulledFromTheBackend() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try YadgProcess.run(["stats"], home: home, env: ["YADG_AI": "off"])
        let user = SyncEndToEndTests.userID(home)
        backend.seed(id: "11111111-2222-4333-8444-555555555555", user: user, text: "relapsed on cutting")
        backend.seed(id: "11111111-2222-4333-8444-666666666666", user: user, text: "took a walk")
        let pulled = try YadgProcess.run(["sync", "--pull"], home: home, env: SyncEndToEndTests.env(backend))
        #expect(pulled.status == 0)
        #expect(
            YadgProcess.query("SELECT text, is_crisis, ai_praise IS NULL FROM moments ORDER BY text", home: home) == [
                ["relapsed on cutting", "1", "1"], ["took a walk", "0", "0"],
            ])
        let listed = try YadgProcess.run(["moments", "all", "--json"], home: home, env: ["YADG_AI": "off"])
        #expect(listed.stdout.contains(#""text":"relapsed on cutting","#) && listed.stdout.contains(#""crisis":true"#))
    }

    @Test("With a provider, /journey then /journey more shows the next seven days, not a week later")
    func journeyPagesInOrder() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let lines = (0..<20).map { "watered the plants \($0) days ago" }.joined(separator: "\n") + "\n"
        _ = try YadgProcess.run(["--no-ai"], stdin: lines, home: home)
        let result = try YadgProcess.run(stdin: "/journey\n/journey more\n", home: home, env: Self.ai())
        let headings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Nov ") || $0.hasPrefix("Oct ") }
            .map { String($0.prefix(12)) }
        // Today is Nov 19: the first page is Nov 19–13, the second Nov 12–6.
        #expect(headings.count == 14)
        #expect(headings.first == "Nov 19, 2026" && headings[7] == "Nov 12, 2026" && headings.last == "Nov 6, 2026 ")
        #expect(result.stdout.contains("Summary: \"\(FixtureServer.praise)\""))
    }
}
