import Foundation
import Testing
import YadgAI
import YadgCore
import YadgHTTP
import YadgResources

/// Praise from a real small model, measured: opt in with
/// `YADG_REAL_MODEL_URL=http://127.0.0.1:8040/v1 swift test --filter RealModel` (an
/// OpenAI-compatible server such as llama.cpp's; `YADG_REAL_MODEL` names the model, `smollm2` by
/// default). Thirty moments go through the shipped prompts, settings and validator, one at a time
/// as yadg sends them to a model on this machine; the figures are printed.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["YADG_REAL_MODEL_URL"] != nil,
        "set YADG_REAL_MODEL_URL=http://127.0.0.1:8040/v1 (and YADG_REAL_MODEL) to measure praise from a real model"))
struct RealModelTests {
    static let moments = [
        "took a walk", "did the dishes", "called mom", "read a chapter of my book", "made soup for dinner",
        "stretched for ten minutes", "paid the electricity bill", "watered the plants", "fixed the bike's flat tyre",
        "answered the email I was avoiding", "went to the gym", "cleaned the bathroom", "wrote a page of my story",
        "helped a neighbour carry groceries", "meditated for five minutes", "cooked breakfast", "finished the report",
        "practised guitar", "went to bed early", "drank enough water today", "tidied my desk",
        "learned ten Spanish words", "sent a thank-you note", "took the dog to the park", "baked bread",
        "booked the dentist appointment", "ran 5k", "sorted the recycling", "played with my kids", "made my bed",
    ]

    @Test func thirtyMomentsThroughARealModel() async throws {
        let env = ProcessInfo.processInfo.environment
        let url = try #require(env["YADG_REAL_MODEL_URL"])
        let prompts = PraisePrompts.read({ EmbeddedResources.text("Prompts/" + $0)! }, local: true)
        let provider = HTTPPraiseProvider(
            endpoint: OpenAIChatEndpoint(
                baseURL: url, model: env["YADG_REAL_MODEL"] ?? "smollm2", apiKey: nil, prompts: prompts),
            transport: CurlTransport(), deadline: 20, attemptTimeout: 20)
        var shown: [(String, String)] = []
        var refused: [(String, String)] = []
        var failed = 0
        var latencies: [Double] = []
        for moment in Self.moments {
            let request = PraiseRequest(
                momentID: UUID(), text: moment, when: "just now", submittedAt: Date(), happenedAt: Date(), tz: "UTC")
            let start = Date()
            do {
                let raw = try await provider.praise(for: request)
                latencies.append(Date().timeIntervalSince(start))
                if let accepted = PraiseReplyValidator.accept(raw) {
                    shown.append((moment, accepted))
                } else {
                    refused.append((moment, raw))
                }
            } catch {
                failed += 1
            }
        }
        let specific = shown.filter { Self.namesTheThing($0.1, $0.0) }
        let median = latencies.sorted()[latencies.count / 2]
        print("real model: \(shown.count) shown, \(refused.count) refused, \(failed) failed of \(Self.moments.count)")
        print(
            "real model: \(specific.count) of \(shown.count) shown name the thing done; median latency \(Int(median * 1000)) ms"
        )
        for (moment, praise) in shown { print("real model: shown   \(moment) → \(praise)") }
        for (moment, raw) in refused {
            print("real model: refused \(moment) → \(raw.replacingOccurrences(of: "\n", with: " ⏎ "))")
        }
        #expect(failed < Self.moments.count, "the server answered")
        #expect(!shown.isEmpty, "at least one praise was fit to show")
    }

    /// Shares a word of four letters or more with the moment (by its first four letters).
    static func namesTheThing(_ praise: String, _ moment: String) -> Bool {
        func stems(_ text: String) -> Set<String> {
            Set(text.lowercased().split { !$0.isLetter }.filter { $0.count >= 4 }.map { String($0.prefix(4)) })
        }
        return !stems(praise).isDisjoint(with: stems(moment))
    }
}
