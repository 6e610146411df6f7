import YadgLanguage
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Maps a moment's text to the kind of win it is, from keyword lists (`Resources/actions.json`).
///
/// Small and local on purpose: the offline praise must be instant and need no network. A word
/// matches a keyword when it is the keyword or one of its forms ("walked", "walking", "jogging",
/// "danced" for `walk`, `jog`, `danc`), never when the keyword is only a piece of it: "breakfast"
/// is not a "break". Multi-word keywords match as phrases. Each word counts once for a category;
/// the category with the most hits wins; a tie goes to the category met first in the line, then to
/// the earlier one in the file's order.
public struct ActionClassifier: Sendable {
    let keywords: [(PraiseCategory, [[String]])]
    /// Single-word keywords, to the categories (a bit per index) that list them: a word is looked
    /// up by itself and by its stems instead of being compared with every keyword.
    let singleWords: WordTable<UInt64>
    /// Keywords of several words, by their first word (which must be said as it is written), so
    /// a line is read once rather than once per phrase.
    let phrasesByFirstWord: WordTable<[(id: Int, category: Int, words: [String])]>

    /// Decodes `[{"category": "movement", "keywords": ["walk", "ran", …]}, …]`.
    public init(json: String) throws {
        let tree = try CopyTree(json: json)
        let entries: [CopyTree]
        switch tree {
        case .array(let items): entries = items
        case .list(let texts) where texts.isEmpty: entries = []
        default: throw ResourceError.unexpected("actions file shape")
        }
        keywords = try entries.map { entry in
            guard let name = entry.fields?["category"]?.text, let words = entry.fields?["keywords"]?.texts else {
                throw ResourceError.unexpected("action entry")
            }
            guard let category = PraiseCategory(rawValue: name) else {
                throw ResourceError.unexpected("action category \(name)")
            }
            // The file's keywords are lower case already; only others pay for lower-casing.
            return (
                category,
                words.map { word in
                    let lower =
                        word.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 }) ? word.lowercased() : word
                    // Most keywords are one word: no split for them (it is on the way to the
                    // first praise of a one-shot log).
                    return lower.utf8.contains(0x20) ? lower.split(separator: " ").map(String.init) : [lower]
                }
            )
        }
        var singleBits: [String: UInt64] = [:]
        for (index, (_, phrases)) in keywords.enumerated() where index < 64 {
            for phrase in phrases where phrase.count == 1 { singleBits[phrase[0], default: 0] |= 1 << index }
        }
        singleWords = WordTable(singleBits)
        var byFirstWord: [String: [(id: Int, category: Int, words: [String])]] = [:]
        var id = 0
        for (index, (_, phrases)) in keywords.enumerated() where index < 64 {
            for phrase in phrases where phrase.count > 1 {
                byFirstWord[phrase[0], default: []].append((id, index, phrase))
                id += 1
            }
        }
        phrasesByFirstWord = WordTable(byFirstWord)
    }

    public func classify(_ text: String) -> PraiseCategory {
        let words =
            TimeToken.lowercasedASCIIWords(text)
            ?? TimeToken.tokenize(Array(text.unicodeScalars)).compactMap { $0.kind == .word ? $0.lower : nil }
        // Each word counts once for each category it is a form of a keyword in; where counts tie,
        // the category met first in the line wins (what was done usually comes first).
        var tally = [(hits: Int, first: Int)](repeating: (0, Int.max), count: keywords.count)
        let table = singleWords
        for (position, word) in words.enumerated() { count(Self.categories(of: word, in: table), at: position) }
        // Each phrase counts once, where it first starts.
        var phrasesFound: [Int] = []
        for (start, word) in words.enumerated() {
            guard let phrases = phrasesByFirstWord[word] else { continue }
            for phrase in phrases
            where Self.phrase(phrase.words, startsAt: start, in: words) && !phrasesFound.contains(phrase.id) {
                phrasesFound.append(phrase.id)
                count(1 << phrase.category, at: start)
            }
        }
        var best: (category: PraiseCategory, hits: Int, first: Int) = (.other, 0, Int.max)
        for (index, (category, _)) in keywords.enumerated() where tally[index].hits > 0 {
            let (hits, first) = tally[index]
            if hits > best.hits || (hits == best.hits && first < best.first) { best = (category, hits, first) }
        }
        return best.category

        func count(_ categories: UInt64, at position: Int) {
            var categories = categories
            while categories != 0 {
                let index = categories.trailingZeroBitCount
                categories &= categories - 1
                tally[index].hits += 1
                tally[index].first = min(tally[index].first, position)
            }
        }
    }

    /// The categories (a bit per index) whose single-word keywords the word is, or is a form of.
    /// Its stems are looked up as bytes cut from it: no string is made for a stem (this runs for
    /// every word of every moment logged).
    func categories(of word: String) -> UInt64 { Self.categories(of: word, in: singleWords) }

    /// The same with the table passed in: a closure over `self` copied the whole classifier (its
    /// tables retained and released) for every word.
    private static func categories(of word: String, in table: WordTable<UInt64>) -> UInt64 {
        var word = word
        return word.withUTF8 { bytes in
            var categories: UInt64 = 0
            forEachStem(of: bytes) { categories |= table[bytes: $0] ?? 0 }
            return categories
        }
    }

    /// Endings a keyword may take: plurals, tenses, doers, nouns of doing ("meditation").
    static let endings = [
        "s", "es", "e", "ed", "d", "ing", "er", "ers", "ion", "ions", "ation", "ations", "ies", "ied", "y",
    ]

    /// The endings as bytes, each with whether a "y" comes back in its place (`tidied` → `tidy`).
    /// Every ending is ASCII, so bytes compare as letters.
    static let endingBytes = endings.map { (bytes: Array($0.utf8), addsY: $0 == "ies" || $0 == "ied") }

    /// The word itself, and each keyword of 3+ letters it may be a form of: `walked` → `walk`,
    /// `jogging` → `jog` (a doubled last letter), `dancing` → `danc`.
    static func stems(of word: String) -> [String] {
        var stems: [String] = []
        var word = word
        word.withUTF8 { bytes in forEachStem(of: bytes) { stems.append(String(decoding: $0, as: UTF8.self)) } }
        return stems
    }

    /// Calls `body` with the word's bytes and then with each of its stems, in the order
    /// ``stems(of:)`` lists them; a stem ending in a "y" that was not written is made in a buffer
    /// on the stack.
    static func forEachStem(of bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        body(bytes)
        let count = bytes.count
        // Most words take no ending.
        for ending in endingBytes
        where count >= ending.bytes.count + 3 && bytes[(count - ending.bytes.count)...].elementsEqual(ending.bytes) {
            let kept = count - ending.bytes.count
            body(UnsafeBufferPointer(rebasing: bytes[..<kept]))
            if ending.addsY {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: kept + 1) { stem in
                    for k in 0..<kept { stem[k] = bytes[k] }
                    stem[kept] = UInt8(ascii: "y")
                    body(UnsafeBufferPointer(stem))
                }
            }
            // A doubled last consonant: jogging → jog.
            if kept >= 4, bytes[kept - 1] == bytes[kept - 2], !isVowel(bytes[kept - 1]) {
                body(UnsafeBufferPointer(rebasing: bytes[..<(kept - 1)]))
            }
        }
    }

    private static func isVowel(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "a") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "i") || byte == UInt8(ascii: "o")
            || byte == UInt8(ascii: "u")
    }

    /// Whether the phrase is said from `start`: each word as written, its last in any of its forms
    /// (worked out here: a phrase's first word is met in few lines).
    private static func phrase(_ phrase: [String], startsAt start: Int, in words: [String]) -> Bool {
        guard start + phrase.count <= words.count else { return false }
        for (k, key) in phrase.enumerated() where words[start + k] != key {
            guard k == phrase.count - 1, stems(of: words[start + k]).contains(key) else { return false }
        }
        return true
    }
}
