import FixtureServer
import Foundation
import Testing
import YadgTestSupport

/// A model on this machine is asked only for what follows yadg's own first clause, for up to three
/// candidates, and the best that passes is shown (<doc:PraiseFromAModel>).
@Suite(.serialized)
struct PraiseContinuationEndToEndTests {
    static let continuations = [", and your partner loved it.", "— and that took real care.", "You should walk daily."]

    static func chat(_ contents: [String]) -> String {
        let choices = contents.enumerated().map { index, text in
            let quoted = String(data: try! JSONSerialization.data(withJSONObject: [text]), encoding: .utf8)!
                .dropFirst().dropLast()
            return #"{"index":\#(index),"message":{"role":"assistant","content":\#(quoted)},"finish_reason":"stop"}"#
        }
        return #"{"id":"c","object":"chat.completion","choices":["# + choices.joined(separator: ",") + "]}"
    }

    static func env(_ server: FixtureServer) -> [String: String] {
        [
            "YADG_AI_PROVIDER": "openai", "YADG_AI_BASE_URL": server.url("clause") + "/v1", "YADG_AI_MODEL": "m",
            "YADG_AI_TIMEOUT": "5",
        ]
    }

    @Test("A server that honours n: one request for three candidates, yadg's opening and the best that passes")
    func oneRequestWithN() throws {
        let server = try FixtureServer { request in
            request.body.contains(#""n":3"#) ? (200, Self.chat(Self.continuations), "") : (400, "{}", "")
        }
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(stdin: "took a walk\n", home: home, env: Self.env(server))
        #expect(result.stdout.hasSuffix("  ✨ for \"took a walk\": You took a walk — and that took real care.\n"))
        let praise = server.requests.filter { $0.path.hasSuffix("chat/completions") && !$0.body.contains("warm-up") }
        #expect(praise.count == 1)
        #expect(praise.first?.body.contains("Start: You took a walk") == true)
        #expect(praise.first?.body.contains("<moment>") == false, "the clause prompt, not the whole-line one")
    }

    @Test("A server that answers one at a time is asked in turn; --json says which category refused when none passes")
    func inTurn() throws {
        let asked = Counter()
        let server = try FixtureServer { _ in
            let n = asked.next()
            return (
                200, Self.chat([["— and your boss was proud.", "— finally.", ", and that took heart."][(n - 1) % 3]]),
                ""
            )
        }
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(stdin: "called mom\n", home: home, env: Self.env(server))
        #expect(result.stdout.hasSuffix("  ✨ for \"called mom\": You called your mom, and that took heart.\n"))
        #expect(server.requests.count == 3)

        let refusing = try FixtureServer { _ in (200, Self.chat(["— and your partner was proud."]), "") }
        let json = try YadgProcess.run(["--json"], stdin: "called mom\n", home: home, env: Self.env(refusing))
        #expect(json.stdout.contains(#""reason":"refused","category":"invented""#))
    }
}

extension PraiseContinuationEndToEndTests {
    @Test("A server on this machine gets yadg's grammar with each praise request; Ollama and a setting of off get none")
    func grammarInTheBody() throws {
        let server = try FixtureServer { _ in (200, Self.chat([", and that was kind to your mom."]), "") }
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(stdin: "called mom\n", home: home, env: Self.env(server))
        #expect(result.stdout.hasSuffix("  ✨ for \"called mom\": You called your mom, and that was kind to your mom.\n"))
        let praise = server.requests.filter { $0.path.hasSuffix("chat/completions") && !$0.body.contains("warm-up") }
        #expect(!praise.isEmpty)
        for request in praise {
            #expect(request.body.contains(#""grammar":"#), "\(request.body.prefix(200))")
            #expect(request.body.contains("root ::= clause") && request.body.contains(#"whom ::= \"your mom\""#))
            #expect(request.body.contains("was kind to"), "the shapes of Resources/praise-clause.gbnf")
        }

        let off = try FixtureServer { _ in (200, Self.chat(["— and that took real care."]), "") }
        _ = try YadgProcess.run(
            stdin: "called mom\n", home: home, env: Self.env(off).merging(["YADG_AI_GRAMMAR": "off"]) { $1 })
        #expect(off.requests.contains { $0.path.hasSuffix("chat/completions") })
        #expect(!off.requests.contains { $0.body.contains("grammar") })

        let ollama = try FixtureServer { request in
            request.path.hasSuffix("api/chat")
                ? (200, #"{"message":{"role":"assistant","content":"— and that took real care."},"done":true}"#, "")
                : (404, "{}", "")
        }
        let native = try YadgProcess.run(
            stdin: "called mom\n", home: home,
            env: ["YADG_AI_PROVIDER": "ollama", "YADG_AI_BASE_URL": ollama.url("o"), "YADG_AI_MODEL": "m",
                "YADG_AI_TIMEOUT": "5"])
        #expect(native.stdout.hasSuffix("  ✨ for \"called mom\": You called your mom — and that took real care.\n"))
        #expect(ollama.requests.contains { $0.path.hasSuffix("api/chat") && $0.body.contains("Start: You called your mom") })
        #expect(!ollama.requests.contains { $0.body.contains("grammar") })
    }
}

/// Counts calls from the server's threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
        lock.withLock {
            count += 1; return count
        }
    }
}
