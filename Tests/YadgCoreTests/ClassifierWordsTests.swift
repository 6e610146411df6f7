import Testing
import YadgTestSupport

@testable import YadgCore

/// The classifier reads an ASCII line's words straight from its bytes and looks a word's stems
/// up as bytes; these hold that shortcut to the tokenizer and to the stems as strings.
struct ClassifierWordsTests {
    /// Every line of the repository's corpora: moments, crisis lines, lines said to yadg.
    static let lines: [String] =
        ["time-dev.jsonl", "time-informal.jsonl", "time-day-parts.jsonl"].flatMap { name in
            TestSupport.fixtureObjects(name).map { $0["phrase"] as! String }
        }
        + ["crisis-corpus.jsonl", "praise-replies.jsonl"].flatMap { name in
            TestSupport.fixtureObjects(name).compactMap { ($0["text"] ?? $0["reply"]) as? String }
        } + TestSupport.fixtureLines("line-readings.tsv").compactMap { $0.split(separator: "\t").last.map(String.init) }

    static func tokenizerWords(_ text: String) -> [String] {
        TimeToken.tokenize(Array(text.unicodeScalars)).compactMap { $0.kind == .word ? $0.lower : nil }
    }

    @Test("Words read from an ASCII line's bytes are the tokenizer's words, on every corpus line")
    func asciiWordsMatchTheTokenizer() {
        #expect(Self.lines.count > 1000)
        var ascii = 0
        for line in Self.lines {
            if line.utf8.allSatisfy({ $0 < 0x80 }) {
                ascii += 1
                #expect(TimeToken.lowercasedASCIIWords(line) == Self.tokenizerWords(line), "\(line)")
            } else {
                #expect(TimeToken.lowercasedASCIIWords(line) == nil, "\(line)")
            }
        }
        #expect(ascii > 1000)
    }

    @Test(arguments: [
        ("Didn't WALK, 2h ago: it's fine.", ["didn't", "walk", "h", "ago", "it's", "fine"]),
        ("rock'n'roll 'quoted' x'", ["rock'n'roll", "quoted", "x"]),
        ("", []), ("42 ... !", []),
    ])
    func asciiWords(text: String, words: [String]) {
        #expect(TimeToken.lowercasedASCIIWords(text) == words)
        #expect(Self.tokenizerWords(text) == words)
    }

    @Test(arguments: [
        ("walk", ["walk"]), ("walked", ["walked", "walk", "walke"]),
        ("jogging", ["jogging", "jogg", "jog"]), ("tidied", ["tidied", "tidi", "tidie", "tid", "tidy"]),
        ("meditation", ["meditation", "meditat", "medit"]),
        ("ran", ["ran"]), ("café", ["café"]),
    ])
    func stems(word: String, stems: [String]) {
        #expect(ActionClassifier.stems(of: word) == stems)
    }

    @Test("A word's categories are those of the keywords among its stems, for every keyword and its forms")
    func categoriesAreTheStemsKeywords() {
        let classifier = TestSupport.resources.classifier
        let words = classifier.keywords.flatMap { $0.1.flatMap { $0 } }
        var checked = 0
        for keyword in Set(words) {
            for word in [keyword, keyword + keyword.suffix(1) + "ing"] + ActionClassifier.endings.map({ keyword + $0 })
            {
                let expected = ActionClassifier.stems(of: word).reduce(UInt64(0)) {
                    $0 | (classifier.singleWords[$1] ?? 0)
                }
                #expect(classifier.categories(of: word) == expected, "\(word)")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test(arguments: [
        ("walked the dog 🐕", PraiseCategory.movement), ("Café: cooked dinner", .food),
        ("TIDIED the desk", .chores), ("went to the gym", .movement),
    ])
    func classifiesEveryKindOfLine(text: String, category: PraiseCategory) {
        #expect(TestSupport.resources.classifier.classify(text) == category)
    }
}
