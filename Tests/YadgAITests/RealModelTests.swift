import Foundation
import Testing
import YadgAI
import YadgCore
import YadgHTTP
import YadgResources

/// Praise from a real small model, measured: opt in with
/// `YADG_REAL_MODEL_URL=http://127.0.0.1:8080/v1 swift test --filter RealModel` (an
/// OpenAI-compatible server such as llama.cpp's, on the port yadg probes; `YADG_REAL_MODEL` names
/// the model, `smollm2` by default; `YADG_REAL_MODEL_MOMENTS` names a file of moments, one a line,
/// to use in place of the forty below; `YADG_REAL_MODEL_MODE=line` asks for whole lines,
/// `YADG_REAL_MODEL_CANDIDATES=1` for one candidate a moment; `YADG_REAL_MODEL_GRAMMAR=off` asks
/// without `Resources/praise-clause.gbnf`, which is sent by default as to a llama.cpp server). The
/// moments go through the shipped prompts, settings and judgement, one at a time as yadg sends
/// them to a model on this machine: yadg's own opening and up to three continuations, the best
/// that passes shown. It asserts on what is shown: every shown line passes the policy with its
/// moment, at least seven moments in ten get one, and at most one shown line in five ends in the
/// same stock phrase. It prints the moments that got a line, the candidates that passed and those
/// refused as invented, seconds per moment, and every line with its verdict.
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
        let moments =
            try env["YADG_REAL_MODEL_MOMENTS"].map {
                try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n").map(String.init)
                    .filter { !$0.isEmpty }
            } ?? Self.moments
        var overrides: [String: String] = [:]
        overrides["praise_mode"] = env["YADG_REAL_MODEL_MODE"]
        overrides["candidates"] = env["YADG_REAL_MODEL_CANDIDATES"]
        var prompts = PraisePrompts.read(
            { EmbeddedResources.text("Prompts/" + $0)! }, overrides: overrides, local: true)
        // As yadg sends them to a llama.cpp server on this machine: with the grammar, unless
        // YADG_REAL_MODEL_GRAMMAR=off.
        if env["YADG_REAL_MODEL_GRAMMAR"]?.lowercased() != "off" {
            prompts.grammar = EmbeddedResources.text("Resources/praise-clause.gbnf").map(ClauseGrammar.init)
        }
        let provider = HTTPPraiseProvider(
            endpoint: OpenAIChatEndpoint(
                baseURL: url, model: env["YADG_REAL_MODEL"] ?? "smollm2", apiKey: nil, prompts: prompts),
            transport: CurlTransport(), deadline: 30, attemptTimeout: 30)
        let crisis = try CrisisCheck(json: EmbeddedResources.text("Resources/crisis.json")!)
        var shown: [(String, String)] = []
        var refused: [(String, String, ReplyJudgement.Refusal)] = []
        var failed = 0
        var latencies: [Double] = []
        var (candidates, passing, invented) = (0, 0, 0)
        for moment in moments {
            let request = PraiseRequest(
                momentID: UUID(), text: moment, when: "just now", submittedAt: Date(), happenedAt: Date(), tz: "UTC")
            let start = Date()
            do {
                let drafts = try await provider.drafts(for: request)
                latencies.append(Date().timeIntervalSince(start))
                let (verdict, each) = PraiseReplyValidator.best(
                    of: drafts.candidates, opening: drafts.opening, moment: moment, examples: drafts.examples,
                    crisis: crisis)
                candidates += each.count
                passing += each.filter { (try? $0.get()) != nil }.count
                invented += each.filter { $0 == .failure(.invented) }.count
                let said = drafts.candidates.map { (drafts.opening.map { $0 + " + " } ?? "") + $0 }
                    .joined(separator: " ‖ ").replacingOccurrences(of: "\n", with: " ⏎ ")
                switch verdict {
                case .success(let text): shown.append((moment, text))
                case .failure(let refusal): refused.append((moment, said, refusal))
                }
                for (raw, verdict) in zip(drafts.candidates, each) {
                    let why = (try? verdict.get()) == nil ? "refused: " + Self.category(verdict) : "passes"
                    print(
                        "real model: candidate \(moment) → \(raw.replacingOccurrences(of: "\n", with: " ⏎ ")) [\(why)]")
                }
            } catch {
                failed += 1
            }
        }
        let cold = latencies.first ?? 0
        let warm = latencies.dropFirst().sorted()
        let median = warm.isEmpty ? 0 : warm[warm.count / 2]
        let mean = warm.isEmpty ? 0 : warm.reduce(0, +) / Double(warm.count)
        let endings = Dictionary(grouping: shown.map { Self.ending($0.1) }, by: { $0 }).mapValues(\.count)
        let stock = endings.max { $0.value < $1.value }
        print(
            "real model: \(shown.count) of \(moments.count) moments got a line (\(refused.count) refused, \(failed) failed); mode \(prompts.mode.rawValue), \(prompts.candidates) candidates, grammar \(prompts.grammar == nil ? "off" : "on")"
        )
        print("real model: \(passing) of \(candidates) candidates pass; \(invented) refused as invented")
        print(
            "real model: first (cold) moment \(Int(cold * 1000)) ms; the rest median \(Int(median * 1000)) ms, mean \(Int(mean * 1000)) ms a moment; most common ending \"\(stock?.key ?? "")\" × \(stock?.value ?? 0)"
        )
        for (moment, praise) in shown { print("real model: shown   \(moment) → \(praise)") }
        for (moment, raw, refusal) in refused {
            print("real model: refused \(moment) → \(raw) [\(refusal.rawValue)]")
        }
        #expect(failed < moments.count, "the server answered")
        for (moment, praise) in shown {
            // A line on yadg's opening passes again as that opening and its continuation; a whole
            // line passes again as a whole line.
            let again =
                MomentRetelling.opening(of: moment).flatMap { opening in
                    praise.hasPrefix(opening)
                        ? PraiseReplyValidator.judgeContinuation(
                            String(praise.dropFirst(opening.count)), opening: opening, moment: moment, crisis: crisis)
                        : nil
                } ?? PraiseReplyValidator.judge(praise, moment: moment, crisis: crisis)
            #expect((try? again.get()) == praise, "shown and against the policy: \(praise)")
        }
        #expect(shown.count * 10 >= moments.count * 7, "at least seven moments in ten get an AI line")
        #expect((stock?.value ?? 0) * 5 <= max(shown.count, 5), "at most one shown line in five ends the same way")
    }

    static func category(_ verdict: Result<String, ReplyJudgement.Refusal>) -> String {
        if case .failure(let refusal) = verdict { return refusal.rawValue }
        return ""
    }

    /// A line's last three words, lower case, without its final mark: `and that counts`.
    static func ending(_ line: String) -> String {
        line.lowercased().split { !$0.isLetter && $0 != "'" }.suffix(3).joined(separator: " ")
    }
}
