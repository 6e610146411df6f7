import Foundation
import Testing
import YadgAI
import YadgCore
import YadgHTTP
import YadgResources

/// Praise from a real small model, measured: opt in with
/// `YADG_REAL_MODEL_URL=http://127.0.0.1:8080/v1 swift test --filter RealModel` (an
/// OpenAI-compatible server such as llama.cpp's, on the port yadg probes; `YADG_REAL_MODEL` names
/// the model, `smollm2` by default). Forty varied moments go through the shipped prompts, settings
/// and judgement, one at a time as yadg sends them to a model on this machine. It asserts on what
/// is shown: every shown line passes the policy with its moment, most moments get one, and at
/// most one shown line in five ends in the same stock phrase. The first (cold) request is timed
/// apart from the rest; every line and verdict is printed.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["YADG_REAL_MODEL_URL"] != nil,
        "set YADG_REAL_MODEL_URL=http://127.0.0.1:8080/v1 (and YADG_REAL_MODEL) to measure praise from a real model"))
struct RealModelTests {
    static let moments = [
        "took a walk", "did the dishes", "called mom", "read a chapter of my book", "made soup for dinner",
        "stretched for ten minutes", "paid the electricity bill", "watered the plants", "fixed the bike's flat tyre",
        "answered the email I was avoiding", "went to the gym", "cleaned the bathroom", "wrote a page of my story",
        "helped a neighbour carry groceries", "meditated for five minutes", "cooked breakfast", "finished the report",
        "practised guitar", "went to bed early", "drank enough water today", "tidied my desk",
        "learned ten Spanish words", "sent a thank-you note", "took the dog to the park", "baked bread",
        "booked the dentist appointment", "ran a 5k", "sorted the recycling", "played with my kids", "made my bed",
        "fixed a bug that took me all week", "got out of bed even though it was hard", "said no to a project",
        "finally called my grandma back", "went to therapy", "took a nap", "skipped a slide but finished my talk",
        "forgave my brother", "cleaned out my inbox", "walked to work in the rain",
    ]

    @Test func fortyMomentsThroughARealModel() async throws {
        let env = ProcessInfo.processInfo.environment
        let url = try #require(env["YADG_REAL_MODEL_URL"])
        let prompts = PraisePrompts.read({ EmbeddedResources.text("Prompts/" + $0)! }, local: true)
        let provider = HTTPPraiseProvider(
            endpoint: OpenAIChatEndpoint(
                baseURL: url, model: env["YADG_REAL_MODEL"] ?? "smollm2", apiKey: nil, prompts: prompts),
            transport: CurlTransport(), deadline: 30, attemptTimeout: 30)
        var shown: [(String, String)] = []
        var refused: [(String, String, ReplyJudgement.Refusal)] = []
        var failed = 0
        var latencies: [Double] = []
        for moment in Self.moments {
            let request = PraiseRequest(
                momentID: UUID(), text: moment, when: "just now", submittedAt: Date(), happenedAt: Date(), tz: "UTC")
            let start = Date()
            do {
                let raw = try await provider.praise(for: request)
                latencies.append(Date().timeIntervalSince(start))
                switch PraiseReplyValidator.judge(raw, moment: moment) {
                case .success(let text): shown.append((moment, text))
                case .failure(let refusal): refused.append((moment, raw, refusal))
                }
            } catch {
                failed += 1
            }
        }
        let cold = latencies.first ?? 0
        let warm = latencies.dropFirst().sorted()
        let median = warm.isEmpty ? 0 : warm[warm.count / 2]
        let endings = Dictionary(grouping: shown.map { Self.ending($0.1) }, by: { $0 }).mapValues(\.count)
        let stock = endings.max { $0.value < $1.value }
        print("real model: \(shown.count) shown, \(refused.count) refused, \(failed) failed of \(Self.moments.count)")
        print(
            "real model: first (cold) request \(Int(cold * 1000)) ms; the rest median \(Int(median * 1000)) ms; most common ending \"\(stock?.key ?? "")\" × \(stock?.value ?? 0)"
        )
        for (moment, praise) in shown { print("real model: shown   \(moment) → \(praise)") }
        for (moment, raw, refusal) in refused {
            print(
                "real model: refused \(moment) → \(raw.replacingOccurrences(of: "\n", with: " ⏎ ")) [\(refusal.rawValue)]"
            )
        }
        #expect(failed < Self.moments.count, "the server answered")
        for (moment, praise) in shown {
            #expect(PraiseReplyValidator.accept(praise, moment: moment) == praise, "shown and against the policy")
        }
        // A 135M model gets fewer than half past the rules (its lines invent and lecture); a
        // prompt that broke it entirely would show almost none.
        #expect(shown.count * 5 >= Self.moments.count, "at least one moment in five gets an AI line")
        #expect((stock?.value ?? 0) * 5 <= max(shown.count, 5), "at most one shown line in five ends the same way")
    }

    /// A line's last three words, lower case, without its final mark: `and that counts`.
    static func ending(_ line: String) -> String {
        line.lowercased().split { !$0.isLetter && $0 != "'" }.suffix(3).joined(separator: " ")
    }
}
