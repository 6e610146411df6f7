import Testing

@testable import YadgLanguage

/// The phrase language: words, classes, alternatives, gaps, ends, negation and groups.
struct PhrasePatternTests {
    static let classes = ["self": 0, "die": 1]

    static func match(_ source: String, _ line: String, masks: [String: UInt64] = ["me": 1, "myself": 1, "die": 2, "dead": 2])
        -> String?
    {
        let pattern = try! PhrasePattern(source, classes: classes) { [$0] }
        let words = line.split(separator: " ").map(String.init)
        let wordMasks = words.map { masks[$0] ?? 0 }
        for start in words.indices {
            if let end = pattern.match(words, masks: wordMasks, at: start) {
                return words[start..<end].joined(separator: " ")
            }
        }
        return nil
    }

    @Test func wordsClassesAndAlternatives() {
        #expect(Self.match("want to <die>", "i want to die now") == "want to die")
        #expect(Self.match("want to <die>", "i want to dance") == nil)
        #expect(Self.match("kill|hurt <self>", "i hurt myself") == "hurt myself")
        #expect(Self.match("be <die>|gone", "i will be gone soon") == "be gone")
    }

    @Test("A gap takes as few words as it can, up to its size")
    func gaps() {
        #expect(Self.match("want ~ <die>", "want to be dead") == "want to be dead")
        #expect(Self.match("want ~ <die>", "want to really truly be dead") == nil)
        #expect(Self.match("want ~4 <die>", "want to really truly be dead") == "want to really truly be dead")
    }

    @Test("Nothing is read across a sentence's end; ^ and $ are a sentence's ends")
    func sentences() {
        #expect(Self.match("want ~ <die>", "want to . die") == nil)
        #expect(Self.match("cut $", "i want to cut . ok") == "cut")
        #expect(Self.match("cut $", "cut the grass") == nil)
        #expect(Self.match("^ rope", "the rope") == nil)
        #expect(Self.match("^ rope", "ok . rope tonight") == "rope")
        #expect(Self.match("end it tonight|$", "end it") == "end it")
    }

    @Test("!word: the next word is not it")
    func negation() {
        #expect(Self.match("kill it !all", "kill it at trivia") == "kill it")
        #expect(Self.match("kill it !all", "kill it all") == nil)
        #expect(Self.match("kill it !all", "kill it") == "kill it")
    }

    @Test("(a run | another): alternatives of more than one word")
    func groups() {
        #expect(Self.match("end it (on a high | with)", "end it on a high note") == "end it on a high")
        #expect(Self.match("end it (on a high | with)", "end it with him") == "end it with")
        #expect(Self.match("end it (on a high | with)", "end it on monday") == nil)
        #expect(Self.match("(he | she) ~ <die>", "she wants to die") == "she wants to die")
    }

    @Test("A group after a gap must match its own words, not whatever follows")
    func groupAfterGap() {
        #expect(Self.match("last ~ (one | thing) ~3 (so | i)", "last day at the job i hate") == nil)
        #expect(Self.match("last ~ (one | thing) ~3 (so | i)", "the last one so") == "last one so")
    }

    @Test("Groups written out as runs end a match where the general matcher would: the fewest words skipped first")
    func runsKeepTheOrder() {
        // Written out: `(a | a b) c` tries `a c`, then `a b c`.
        #expect(Self.match("(a | a b) c", "a b c") == "a b c")
        #expect(Self.match("(end | stop) it (all | ) (tonight | now)", "stop it now") == "stop it now")
        #expect(Self.match("(end | stop) it (all | ) (tonight | now)", "end it all tonight") == "end it all tonight")
        // A gap before a group is left to the general matcher: every alternative with no word
        // skipped before any with one (`x ~ (a | b)` on `x b a` ends at `b`).
        #expect(Self.match("x ~ (a | b)", "x b a") == "x b")
    }

    @Test("A phrase is not tried on a line without one of the words an element of it needs")
    func needsOneOf() {
        let pattern = try! PhrasePattern("want ~ (die | end it) (tonight | now)", classes: Self.classes) { [$0] }
        func signature(_ words: [String]) -> UInt64 { words.reduce(0) { $0 | Signature.bit($1) } }
        let line = ["want", "to", "die", "tonight"]
        let masks = [UInt64](repeating: 0, count: line.count)
        #expect(pattern.match(line, masks: masks, at: 0, lineWords: signature(line), lineClasses: 0) == 4)
        // The same words, with a line signature that lacks `tonight` and `now`: never tried.
        #expect(pattern.match(line, masks: masks, at: 0, lineWords: signature(["want", "to", "die"]), lineClasses: 0) == nil)
    }

    @Test("A phrase that cannot begin a match, or names no class, is refused")
    func errors() {
        #expect(throws: PhrasePattern.ReadError.unknownClass("nope")) { try PhrasePattern("<nope>", classes: [:]) { [$0] } }
        #expect(throws: PhrasePattern.ReadError.badStart("~ die")) { try PhrasePattern("~ die", classes: [:]) { [$0] } }
        #expect(throws: PhrasePattern.ReadError.unbalanced("(a | b")) { try PhrasePattern("(a | b", classes: [:]) { [$0] } }
    }
}
