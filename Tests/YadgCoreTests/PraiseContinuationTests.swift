import Testing
import YadgResources
import YadgTestSupport

@testable import YadgCore

/// yadg writes the true first clause (``MomentRetelling``); the model only what follows, judged
/// as a clause of that line (<doc:PraiseFromAModel>).
struct PraiseContinuationTests {
    @Test(
        "The opening and the model's words make one line",
        arguments: [
            (", and that took real effort.", "You made your bed, and that took real effort."),
            ("— a calm start to the day.", "You made your bed — a calm start to the day."),
            ("- a calm start", "You made your bed — a calm start."),
            ("and gave yourself a tidy morning", "You made your bed and gave yourself a tidy morning."),
            ("That's a lovely start.", "You made your bed. That's a lovely start."),
            ("you did it for yourself.", "You made your bed. You did it for yourself."),
            ("You made your bed, and that counts.", "You made your bed, and that counts."),
            ("\"— a small kindness to yourself.\"", "You made your bed — a small kindness to yourself."),
        ])
    func joins(_ continuation: String, _ line: String) {
        let verdict = PraiseReplyValidator.judgeContinuation(
            continuation, opening: "You made your bed", moment: "made my bed")
        #expect(verdict == .success(line))
    }

    @Test(
        "The model's part is judged by the same rules",
        arguments: [
            (", and your partner will love it.", ReplyJudgement.Refusal.invented),
            (", and now you should do the laundry.", .advice),
            (", and finally.", .judgement),
            (", even if it was a bit late.", .judgement),
            ("— a habit that cures anxiety.", .medical),
            (", and tomorrow let's double it.", .pressure),
            ("— did it feel good?", .question),
            (".", .empty),
            ("and", .empty),
            (", bed bed bed bed.", .degenerate),
            ("— and that takes time.", .meaningless),
            ("— and you made your bed again.", .echo),
        ])
    func refuses(_ continuation: String, _ refusal: ReplyJudgement.Refusal) {
        let verdict = PraiseReplyValidator.judgeContinuation(
            continuation, opening: "You made your bed", moment: "made my bed")
        #expect(verdict == .failure(refusal))
    }

    @Test("A model that wrote its own whole line anyway is judged as a whole line")
    func wholeLineAnyway() {
        let verdict = PraiseReplyValidator.judgeContinuation(
            "Your mom called you, and it was a crazy day.", opening: "You called your mom", moment: "called mom")
        #expect(verdict == .failure(.misread))
        let own = PraiseReplyValidator.judgeContinuation(
            "You called Mom and made her day.", opening: "You called your mom", moment: "called mom")
        #expect(own == .success("You called Mom and made her day."))
    }

    @Test("yadg's own words are not read as the model's: `the email you were avoiding` is no misread")
    func openingIsTrue() {
        let opening = MomentRetelling.opening(of: "answered the email I was avoiding")!
        let verdict = PraiseReplyValidator.judgeContinuation(
            "— that took more nerve than it looks.", opening: opening, moment: "answered the email I was avoiding")
        #expect(verdict == .success("You answered the email you were avoiding — that took more nerve than it looks."))
    }

    @Test("Of a few candidates, the best that passes: most of the moment's words in the fewest")
    func bestCandidate() {
        let (verdict, each) = PraiseReplyValidator.best(
            of: [
                ", and your partner will love it.", ", and that took real care.", "— a bed to be proud of.",
                "— a tidy bed to be proud of all day long.",
            ],
            opening: "You made your bed", moment: "made my bed")
        // The opening names the moment: of the continuations, the shortest that passes.
        #expect(verdict == .success("You made your bed, and that took real care."))
        let lines = PraiseReplyValidator.best(
            of: ["What a lovely start.", "A made bed is a calm start.", "You made your bed, and it looks calm."],
            opening: nil, moment: "made my bed")
        #expect(lines.verdict == .success("A made bed is a calm start."))
        // A candidate that copies an example's reply says the prompt back.
        let copied = PraiseReplyValidator.best(
            of: ["— and that kind of care matters.", ", and that took a steady hand."], opening: "You made your bed",
            moment: "made my bed", examples: ["— and that kind of care matters."])
        #expect(copied.each.first == .failure(.echo))
        #expect(copied.verdict == .success("You made your bed, and that took a steady hand."))
        #expect(each.first == .failure(.invented))
        let none = PraiseReplyValidator.best(
            of: ["— you should rest.", "— finally."], opening: "You made your bed", moment: "made my bed")
        #expect(none.verdict == .failure(.advice))
    }

    @Test("Crisis words in a model's reply are refused when the crisis reader is passed")
    func crisisReader() throws {
        let crisis = try CrisisCheck(json: EmbeddedResources.text("Resources/crisis.json")!)
        let reply = "You made your bed, even on a day I wanted to disappear forever."
        #expect(PraiseReplyValidator.judge(reply, moment: "made my bed", crisis: crisis) == .failure(.crisis))
        #expect(PraiseReplyValidator.acceptSummary("A day I wanted to die, and you cleaned.", crisis: crisis) == nil)
        let continuation = PraiseReplyValidator.judgeContinuation(
            ", even when you feel like you want to kill yourself.", opening: "You made your bed",
            moment: "made my bed", crisis: crisis)
        #expect(continuation == .failure(.crisis))
    }
}

/// The continuations corpus (`Fixtures/praise-continuations.jsonl`): words a model wrote, or might,
/// after yadg's opening of the moment; at least 95 % of the good ones are shown and every bad one
/// refused, judged as a clause of that line.
struct PraiseContinuationCorpusTests {
    @Test func corpus() throws {
        let rows = TestSupport.fixtureObjects("praise-continuations.jsonl")
        #expect(rows.count >= 50)
        var good = 0
        var refusedGood: [String] = []
        for row in rows {
            let moment = row["moment"] as! String
            let clause = row["clause"] as! String
            let opening = try #require(MomentRetelling.opening(of: moment), "\(moment)")
            let verdict = PraiseReplyValidator.judgeContinuation(clause, opening: opening, moment: moment)
            if row["verdict"] as! String == "show" {
                good += 1
                if (try? verdict.get()) == nil { refusedGood.append(clause) }
            } else {
                #expect((try? verdict.get()) == nil, "shown: \(row["category"]!): \(moment) → \(clause)")
            }
        }
        #expect(Double(good - refusedGood.count) >= 0.95 * Double(good), "good refused: \(refusedGood)")
    }
}
