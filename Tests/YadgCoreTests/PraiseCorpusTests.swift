import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// The praise replies corpus (`Fixtures/praise-replies.jsonl`): replies a model might write, each
/// with its moment and whether it may be shown (<doc:PraiseFromAModel>). At least 95 % of the good
/// ones are shown and every bad one is refused. `praise-replies-held-aside.jsonl` was written with
/// it and kept out of sight while the rules were tuned; it must not be tuned to.
struct PraiseCorpusTests {
    struct Reply: Sendable, CustomTestStringConvertible {
        let moment: String
        let reply: String
        let shown: Bool
        let category: String
        var testDescription: String { "\(category): \(reply)" }
    }

    static func load(_ name: String) -> [Reply] {
        TestSupport.fixtureObjects(name).map { object in
            Reply(
                moment: object["moment"] as! String, reply: object["reply"] as! String,
                shown: object["verdict"] as! String == "show", category: object["category"] as! String)
        }
    }

    static let corpus = load("praise-replies.jsonl")
    static let heldAside = load("praise-replies-held-aside.jsonl")

    static func isShown(_ reply: Reply) -> Bool {
        PraiseReplyValidator.accept(reply.reply, moment: reply.moment) != nil
    }

    @Test("The corpus: 200 replies or more, good and bad")
    func shape() {
        let all = Self.corpus + Self.heldAside
        #expect(all.count >= 200)
        #expect(all.filter(\.shown).count >= 100 && all.filter { !$0.shown }.count >= 90)
    }

    @Test("At least 95 % of the good replies are shown, and every bad one is refused")
    func corpusVerdicts() {
        Self.check(Self.corpus)
    }

    @Test("The held-aside part, the same way")
    func heldAsideVerdicts() {
        Self.check(Self.heldAside)
    }

    static func check(_ replies: [Reply], sourceLocation: SourceLocation = #_sourceLocation) {
        let good = replies.filter(\.shown)
        let refusedGood = good.filter { !isShown($0) }
        #expect(
            Double(good.count - refusedGood.count) >= 0.95 * Double(good.count),
            "good refused: \(refusedGood.map(\.reply))", sourceLocation: sourceLocation)
        for bad in replies where !bad.shown {
            #expect(!isShown(bad), "shown: \(bad.category): \(bad.reply)", sourceLocation: sourceLocation)
        }
    }

    @Test("Words the person wrote are theirs: a rule word in the moment refuses nothing")
    func personsOwnWords() {
        let reply = "You finally went to the doctor about your knee, and that's care."
        #expect(PraiseReplyValidator.accept(reply, moment: "finally went to the doctor about my knee") == reply)
        #expect(PraiseReplyValidator.judge(reply, moment: "went for a walk") == .failure(.medical))
        let walk = "You finally went for that walk."
        #expect(PraiseReplyValidator.accept(walk, moment: "finally went for a walk") == walk)
        #expect(PraiseReplyValidator.judge(walk, moment: "went for a walk") == .failure(.judgement))
    }

    @Test("The backend's own praise is shown: it passes the never-shown rules, and style is not one")
    func backendPraise() {
        let praise = "What a lovely thing to do, and a kind start to the day."
        #expect(PraiseReplyValidator.accept(praise, moment: "made breakfast for my partner") == praise)
        #expect(PraiseReplyValidator.accept("Nice move, champ.", moment: "cleaned the gutters") == "Nice move, champ.")
    }

    @Test(
        "Warm replies without `you`, short, in another language or about the thing itself stay shown",
        arguments: [
            ("Homemade bread!", "baked bread"), ("Great!", "swept the floor"), ("Nice one.", "took the trash out"),
            ("¡Qué bien, cinco palabras nuevas!", "learned five new spanish words"),
            ("Gut gemacht! Zwei Meilen sind eine echte Leistung.", "ran two miles"),
            ("Bravo pour cet appel à ta maman !", "called mom"), ("Two miles! That's a real run.", "ran two miles"),
            ("Fresh vacuum lines! Looks great, I bet.", "vacuumed the living room"),
            ("A whole mile in the pool! Your lungs did great.", "swam a mile"),
            ("Your plants are lucky to have you.", "watered the plants"),
        ])
    func warmStaysShown(_ reply: String, _ moment: String) {
        #expect(PraiseReplyValidator.accept(reply, moment: moment) == reply)
    }

    @Test("Each refusal names its category")
    func categories() {
        let cases: [(String, String, ReplyJudgement.Refusal)] = [
            ("Practice every day if you want to get good.", "practiced piano", .advice),
            ("Took you long enough!", "cleaned the kitchen", .judgement),
            ("Be careful, saying no can hurt your career.", "said no to a project", .advice),
            ("Make your bed every single day, no excuses.", "made my bed", .pressure),
            ("That's more than most people manage.", "went to the gym", .comparison),
            ("As an AI, I can't run, but I'm proud of you.", "went for a run", .chatter),
            ("You ran a 5k and you ran a 5k", "ran a 5k", .degenerate),
            ("You baked a lovely cake today.", "ran a 5k", .misread),
            ("Your brother forgave you, and that takes courage.", "forgave my brother", .misread),
            ("You did the dishes, and you still have a lot to do.", "did the dishes", .pressure),
            ("Your mom must have loved hearing about your promotion!", "called mom", .invented),
            ("Your report is finished. You'll have to find a new job soon.", "finished the report", .invented),
            ("The kids will love the cookies you tucked in!", "packed lunches", .invented),
            ("Bella must have loved chasing the ducks!", "walked the dog", .invented),
            ("How sweet that your partner cooked dinner for you!", "cooked dinner for my partner", .misread),
            ("Breakfast is the most important meal, so never skip it.", "ate breakfast", .advice),
            ("Great — now put your phone away an hour before bed.", "meditated", .advice),
            ("Homemade soup is always healthier than anything from a can.", "made soup", .medical),
            ("Walking cures depression.", "went for a walk", .medical),
            ("Good, even if it was a few days late.", "paid the bill", .judgement),
            ("Still slower than a real swimmer, but nice.", "went swimming", .comparison),
            ("Great great great.", "made my bed", .degenerate),
        ]
        for (reply, moment, refusal) in cases {
            #expect(PraiseReplyValidator.judge(reply, moment: moment) == .failure(refusal), "\(reply)")
        }
    }
}
