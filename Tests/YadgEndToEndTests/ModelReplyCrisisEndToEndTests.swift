import FixtureServer
import Foundation
import Testing
import YadgTestSupport

/// A model's reply that holds crisis words is never shown, on any path that judges one: praise,
/// a day's summary, an answer to an open question (<doc:PraiseFromAModel>). The wording here is
/// one only the crisis reader knows (`unalive`), not one of the reply rules' own phrases.
@Suite(.serialized)
struct ModelReplyCrisisEndToEndTests {
    static let reply = "You kept going today, even wanting to unalive yourself."
    static let server = try! FixtureServer { _ in
        let quoted = String(data: try! JSONSerialization.data(withJSONObject: [reply]), encoding: .utf8)!
            .dropFirst().dropLast()
        return (
            200,
            #"{"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":\#(quoted)},"finish_reason":"stop"}]}"#,
            ""
        )
    }
    static let env = [
        "YADG_AI_PROVIDER": "openai", "YADG_AI_BASE_URL": server.url("crisis") + "/v1", "YADG_AI_MODEL": "m",
        "YADG_AI_TIMEOUT": "3",
    ]

    @Test func praiseSummaryAndAnswer() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let praise = try YadgProcess.run(["--json"], stdin: "took a walk yesterday\n", home: home, env: Self.env)
        #expect(praise.stdout.contains(#""reason":"refused","category":"crisis""#))
        #expect(!praise.stdout.contains("unalive"))

        _ = try YadgProcess.run(["journey"], home: home, env: Self.env)
        let journey = try YadgProcess.run(["journey"], home: home, env: Self.env)
        #expect(journey.stdout.contains("Summary: \""))
        #expect(!journey.stdout.contains("unalive"), "a summary with crisis words is never cached or shown")

        let answer = try YadgProcess.run(["--json"], stdin: "how was my week?\n", home: home, env: Self.env)
        #expect(answer.stdout.contains(#""event":"answer""#))
        #expect(!answer.stdout.contains("unalive") && !answer.stdout.contains("ai_answer"))
    }
}
