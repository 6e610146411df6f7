@testable import YadgLanguage
import Testing
import YadgResources
import YadgTestSupport

@testable import YadgCore

/// Readers on the path of every logged line take a shortcut over the bytes of ASCII text (nearly
/// every line): the classifier's words and stems, the conversation stage's words, small talk's
/// stretched letters, a label's slang. These hold each shortcut to the general reading it stands
/// for, on every line of the repository's corpora and on the edges.
struct ByteShortcutTests {
    /// Every line of the repository's corpora: moments, crisis lines, lines said to yadg.
    static let lines: [String] =
        ["time-dev.jsonl", "time-informal.jsonl", "time-day-parts.jsonl"].flatMap { name in
            TestSupport.fixtureObjects(name).map { $0["phrase"] as! String }
        }
        + TestSupport.corpus("crisis.jsonl").map(\.text)
        + TestSupport.fixtureObjects("praise-replies.jsonl").compactMap { $0["reply"] as? String }
        + TestSupport.corpus("talk.jsonl").map(\.text)

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

    @Test("The talk reader's look at a first word never changes what the stage makes of a line")
    func firstWordNeverHidesAReading() {
        let resources = TestSupport.resources
        let reader = resources.talk.reader
        for line in Self.lines + Self.edges where !reader.mayRead(line) {
            for after in [false, true] {
                let record = CorpusRecord(text: line, label: "", source: "", context: after ? ["after": "moment"] : nil)
                let context = TalkScore.context(record, crisis: resources.crisis, moods: resources.moods, talk: resources.talk)
                #expect(
                    LineMeaning.read(line, in: context, lookingAtFirstWord: false).name
                        == LineMeaning.read(line, in: context).name, "\(line)")
            }
        }
        #expect(reader.mayRead("Heyyyy there"))
        #expect(reader.mayRead("UNDO that"))
        #expect(reader.mayRead("umm how does this work"))
        #expect(!reader.mayRead("took a walk"))
        // A misspelt opener, or a misspelt word after one, is let through: the reader reads it.
        #expect(reader.mayRead("thnaks, needed that today"))
        #expect(reader.mayRead("waht have i done today so far"))
        #expect(reader.mayRead("apreciate it"))
        #expect(reader.mayRead("good mornign"))
        // A real word near an opener is not (`thinks` is never `thanks`).
        #expect(!reader.mayRead("thinks it went well"))
    }

    @Test("The first look lets through every misspelling the reader would read as an opener or as a word after one")
    func firstLookPassesEveryMisspeltOpener() throws {
        let compiled = try #require(EmbeddedResources.text("Resources/talk-reader.txt"))
        let openers = TalkOpeners(compiled: compiled)
        let reader = TestSupport.resources.talk.reader
        let openerWords = compiled.split(separator: "\n").filter { $0.hasPrefix("n\t") }.map {
            String($0.dropFirst(2).prefix { $0 != "\t" })
        }
        var tried = 0
        var read = 0
        for opener in openerWords where opener.count >= 3 && opener.allSatisfy(\.isLetter) {
            let letters = Array(opener)
            var variants: [String] = []
            for i in letters.indices {
                var deleted = letters
                deleted.remove(at: i)
                variants.append(String(deleted))
                var changed = letters
                changed[i] = changed[i] == "e" ? "a" : "e"
                variants.append(String(changed))
                if i + 1 < letters.count {
                    var swapped = letters
                    swapped.swapAt(i, i + 1)
                    variants.append(String(swapped))
                }
                var doubled = letters
                doubled.insert(letters[i], at: i)
                variants.append(String(doubled))
            }
            if letters.count >= 7 { variants.append(String(letters.dropLast(2))) }
            for variant in variants {
                tried += 1
                let words = reader.words(of: variant)
                guard words.first != variant, let first = words.first, openers.words.contains(first) else { continue }
                read += 1
                #expect(openers.mayRead(variant), "\(variant) → \(first)")
                // With a word after it, whenever the word it is read as would be let through.
                #expect(!openers.mayRead(first + " yadg") || openers.mayRead(variant + " yadg"), "\(variant) → \(first)")
            }
        }
        #expect(read > 1000, "\(read) of \(tried) variants read as an opener")
    }

    @Test("The first look's two-edit test is the edit distance's, on pairs of corpus words")
    func twoEditsAsTheDistance() {
        var words = Set<String>()
        for line in Self.lines.prefix(3000) { words.formUnion(Words(line).folded.filter { $0.count >= 5 && $0.count <= 12 }) }
        let sample = Array(words.sorted().prefix(400))
        var near = 0
        for a in sample {
            for b in sample.prefix(200) {
                let expected = FuzzyIndex.distance(Array(a.utf8), Array(b.utf8), limit: 2) <= 2
                let found = Array(a.utf8).withUnsafeBufferPointer { first in
                    Array(b.utf8).withUnsafeBufferPointer { NearWords.withinTwoEdits(first, $0) }
                }
                #expect(found == expected, "\(a) ~ \(b)")
                if expected { near += 1 }
            }
        }
        #expect(near > 200)
    }

    @Test("The look at a line's first bytes for a question passes every line the stage would answer as one")
    func questionLookNeverHidesAQuestion() {
        let talk = TestSupport.resources.talk
        var passed = 0
        for line in Self.lines + Self.edges + Self.questionEdges {
            let trimmed = line.trimmedWhitespace
            if talk.openers.mayAsk(trimmed) {
                passed += 1
                continue
            }
            let words = talk.reader.words(of: trimmed)
            let asked =
                words.first.map(MomentQuestion.questionWords.contains) == true
                && (TalkReader.asks(trimmed) || LineMeaning.asksWithoutMark(words, trimmed))
            #expect(!asked, "\(line)")
        }
        #expect(passed > 100)
        #expect(talk.openers.mayAsk("How's the export done"))
        #expect(talk.openers.mayAsk("WHICH folder does it save to"))
        #expect(!talk.openers.mayAsk("took a walk"))
        #expect(!talk.openers.mayAsk("however I walked"))
    }

    static let questionEdges = [
        "how do i export", "How's this work", "what, no dark mode", "is-this open source", "why", "whatever",
        "what’s my best day", "DID I call mom", "can my boss see this", "hows it going with you", "whos there",
    ]

    static let edges = [
        "HELLO!!", "heyyyyyyyyyyyyyyyyyy", "thanks~", "Ok.", "q", "hmmmmm", "delete,", "x", "!!", "I'm",
        "sooooooooooooooooooooooooooooooooo long a first word", "\tshow my moments", "???", "?", "ok?!", "Hi,  there,",
        "a\tb", "undo that.", ",", "..", "what did I do today??", "  spaced  ", "x,", "HELLO!!!", "~", "why?!?",
        "--help", "exit()", ":q!", "^C", "😂", "gm ☀️", "kindly tell me how to export", "btw how do i delete",
    ]

    @Test(arguments: [
        ("yday", "yesterday"), ("this am", "this morning"), ("Yday morning", "yesterday morning"),
        ("this afternoon", "this afternoon"), ("at 2nite", "at tonight"), ("", ""),
    ])
    func spelledOut(said: String, spelled: String) {
        #expect(TimeWords.spelledOut(said, lowered: said.lowercased()) == spelled)
    }

    @Test(arguments: [
        ("on nov 3", true), ("in 2020", true), ("2 hours ago", false), ("last march", true), ("yesterday", false),
        ("mar", true), ("ma", false), ("", false),
    ])
    func namesADate(words: String, names: Bool) {
        #expect(TimeWords.namesADate(words) == names)
    }
}
