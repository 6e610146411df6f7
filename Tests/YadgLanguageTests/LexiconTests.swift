import Testing

@testable import YadgLanguage

/// How a word reaches the form phrases are written with.
struct LexiconTests {
    static let lexicon = Lexicon(
        spellings: ["wanna": ["want", "to"], "kms": ["kill", "myself"]],
        forms: ["killed": "kill", "killing": "kill", "died": "die", "dying": "die"],
        vocabulary: ["kill", "die", "myself", "arm", "cut", "suicidal", "want", "hope"],
        phraseWords: ["weeds", "cute"],
        typoTargets: ["kill", "die", "myself", "suicidal", "cut", "want"],
        notTypos: ["dyed", "cute", "kiln"])

    static func normalized(_ word: String, shouted: Bool = false) -> [String] {
        var out: [String] = []
        lexicon.normalize(word, shouted: shouted, into: &out)
        return out
    }

    @Test("Spellings and forms", arguments: [
        ("wanna", ["want", "to"]), ("kms", ["kill", "myself"]), ("killing", ["kill"]), ("died", ["die"]),
    ])
    func spellingsAndForms(_ word: String, _ expected: [String]) {
        #expect(Self.normalized(word) == expected)
    }

    @Test("Regular endings and letters held down reach a class's word", arguments: [
        ("arms", "arm"), ("hoping", "hope"), ("cutting", "cut"), ("cuttin", "cut"), ("cuting", "cut"),
        ("diiie", "die"), ("killl", "kill"), ("wants", "want"),
    ])
    func endings(_ word: String, _ expected: String) {
        #expect(Self.normalized(word) == [expected])
    }

    @Test("Misspellings of the words phrases use", arguments: [
        ("kil", "kill"), ("dei", "die"), ("wnat", "want"), ("myslef", "myself"), ("suicidl", "suicidal"),
        ("sucidal", "suicidal"), ("mysellf", "myself"),
    ])
    func misspellings(_ word: String, _ expected: String) {
        #expect(Self.normalized(word) == [expected])
    }

    @Test("A real word near one of them, a phrase's own word, an acronym and an unrelated word stay as they are")
    func notMisspellings() {
        #expect(Self.normalized("dyed") == ["dyed"])
        #expect(Self.normalized("kiln") == ["kiln"])
        #expect(Self.normalized("cute") == ["cute"])
        #expect(Self.normalized("weeds") == ["weeds"])
        #expect(Self.normalized("dei", shouted: true) == ["dei"])
        #expect(Self.normalized("walk") == ["walk"])
    }

    @Test("The words a dictionary would otherwise have taken for misspellings")
    func realWordsNear() {
        #expect(Self.lexicon.realWordsNearTargets(["dyed", "tie", "walk", "kill", "cut", "cat", "kilt"]) == ["dyed", "kilt"])
    }

    @Test("A real word read as a misspelling only through its ending (`wands`: `wand` is near `want`) is listed too")
    func realWordsNearThroughAnEnding() {
        #expect(Self.normalized("wands") == ["want"])
        #expect(Self.lexicon.realWordsNearTargets(["wands", "walks"]) == ["wands"])
    }

    @Test("Edit distance counts a swap of two letters as one edit")
    func distance() {
        #expect(FuzzyIndex.distance(Array("wnat".utf8), Array("want".utf8), limit: 2) == 1)
        #expect(FuzzyIndex.distance(Array("kil".utf8), Array("kill".utf8), limit: 2) == 1)
        #expect(FuzzyIndex.distance(Array("walk".utf8), Array("kill".utf8), limit: 2) == 3)
    }
}
