import Testing
import YadgTestSupport

@testable import YadgCore

struct PraiseTests {
    let resources = TestSupport.resources

    @Test func everyCategoryHasSeveralLines() {
        for category in PraiseCategory.allCases {
            #expect((resources.praise.lines[category]?.count ?? 0) >= 5, "\(category)")
        }
    }

    @Test("Never the same line twice in a row, whatever the sequence of categories")
    func neverRepeatsInARow() {
        let picker = PraisePicker(pool: resources.praise)
        var rng = SplitMix64(seed: 42)
        var recent: [String] = []
        for round in 0..<2000 {
            let category = PraiseCategory.allCases[Int(rng.next() % UInt64(PraiseCategory.allCases.count))]
            let line = picker.pick(category, avoiding: recent, using: &rng)
            #expect(line != recent.first, "round \(round)")
            #expect(resources.praise.lines[category]!.contains(line))
            recent = Array(([line] + recent).prefix(5))
        }
    }

    @Test("A draw gives the number the standard library's Int.random(in:using:) gives, from the same generator")
    func drawsAsTheStandardLibrary() {
        for seed in 0..<200 as Range<UInt64> {
            var ours = SplitMix64(seed: seed)
            var theirs = SplitMix64(seed: seed)
            for count in [1, 2, 3, 5, 7, 8, 13, 100, 1 << 40] {
                #expect(PraisePicker.draw(below: count, using: &ours) == Int.random(in: 0..<count, using: &theirs))
            }
        }
    }

    @Test func seededPicksRepeat() {
        let picker = PraisePicker(pool: resources.praise)
        var a = SplitMix64(seed: 9)
        var b = SplitMix64(seed: 9)
        let first = (0..<20).map { _ in picker.pick(.chores, avoiding: [], using: &a) }
        let second = (0..<20).map { _ in picker.pick(.chores, avoiding: [], using: &b) }
        #expect(first == second)
    }

    @Test(arguments: [
        ("took a walk", PraiseCategory.movement), ("walked 10,000 steps", .movement), ("did the dishes", .chores),
        ("called mom", .social), ("took my meds", .selfCare), ("answered 40 emails", .work),
        ("painted a little", .creativity), ("took a nap", .rest), ("cooked dinner", .food),
        ("read 2 chapters", .learning), ("helped a neighbor carry groceries", .kindness),
        ("I installed this app. A tiny step, but it counts.", .other),
        // Whole words and their forms, never a keyword that is only a piece of a word.
        ("made breakfast", .food), ("had a break", .rest), ("did 20 pushups", .movement),
        ("fixed issue #12 at work", .work), ("went jogging", .movement), ("danced in the kitchen", .movement),
        ("meditated", .selfCare), ("organized the garage", .chores), ("went swimming", .movement),
        ("worked out", .movement),
    ])
    func classifier(text: String, category: PraiseCategory) {
        #expect(resources.classifier.classify(text) == category)
    }

    @Test func poolRejectsAMissingCategory() {
        #expect(throws: ResourceError.missing("praise lines for rest")) {
            try PraisePool(
                json:
                    #"{"movement": ["a"], "chores": ["a"], "social": ["a"], "self-care": ["a"], "work": ["a"], "creativity": ["a"], "food": ["a"], "learning": ["a"], "kindness": ["a"], "other": ["a"]}"#
            )
        }
    }
}
