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
        let words = TimeToken.tokenize(Array(text.unicodeScalars)).compactMap { $0.kind == .word ? $0.lower : nil }
        // Each word counts once for each category it is a form of a keyword in; where counts tie,
        // the category met first in the line wins (what was done usually comes first).
        var hits = [Int](repeating: 0, count: keywords.count)
        var first = [Int](repeating: Int.max, count: keywords.count)
        // Each word's forms, worked out once for the words and the phrases.
        let forms = words.map(Self.stems)
        for (position, stems) in forms.enumerated() {
            var categories: UInt64 = 0
            for stem in stems { categories |= singleWords[stem] ?? 0 }
            count(categories, at: position)
        }
        // Each phrase counts once, where it first starts.
        var phrasesFound: [Int] = []
        for (start, word) in words.enumerated() {
            for phrase in phrasesByFirstWord[word] ?? []
            where Self.phrase(phrase.words, startsAt: start, in: words, forms: forms)
                && !phrasesFound.contains(phrase.id)
            {
                phrasesFound.append(phrase.id)
                count(1 << phrase.category, at: start)
            }
        }
        var best: (category: PraiseCategory, hits: Int, first: Int) = (.other, 0, Int.max)
        for (index, (category, _)) in keywords.enumerated() where hits[index] > 0 {
            if hits[index] > best.hits || (hits[index] == best.hits && first[index] < best.first) {
                best = (category, hits[index], first[index])
            }
        }
        return best.category

        func count(_ categories: UInt64, at position: Int) {
            var categories = categories
            while categories != 0 {
                let index = categories.trailingZeroBitCount
                categories &= categories - 1
                hits[index] += 1
                first[index] = min(first[index], position)
            }
        }
    }

    /// Endings a keyword may take: plurals, tenses, doers, nouns of doing ("meditation").
    static let endings = [
        "s", "es", "e", "ed", "d", "ing", "er", "ers", "ion", "ions", "ation", "ations", "ies", "ied", "y",
    ]

    /// The word itself, and each keyword of 3+ letters it may be a form of: `walked` → `walk`,
    /// `jogging` → `jog` (a doubled last letter), `dancing` → `danc`.
    static func stems(of word: String) -> [String] {
        var stems = [word]
        let bytes = Array(word.utf8)
        // Every ending is ASCII, so bytes compare as letters; most words take none.
        for ending in endingBytes
        where bytes.count >= ending.count + 3 && bytes.suffix(ending.count).elementsEqual(ending) {
            let kept = bytes.count - ending.count
            let stem = String(decoding: bytes[..<kept], as: UTF8.self)
            stems.append(stem)
            if ending == Array("ies".utf8) || ending == Array("ied".utf8) { stems.append(stem + "y") }
            // A doubled last consonant: jogging → jog.
            if kept >= 4, bytes[kept - 1] == bytes[kept - 2], !Array("aeiou".utf8).contains(bytes[kept - 1]) {
                stems.append(String(decoding: bytes[..<(kept - 1)], as: UTF8.self))
            }
        }
        return stems
    }

    static let endingBytes = endings.map { Array($0.utf8) }

    /// Whether the phrase is said from `start`: each word as written, its last in any of its forms.
    private static func phrase(_ phrase: [String], startsAt start: Int, in words: [String], forms: [[String]]) -> Bool {
        guard start + phrase.count <= words.count else { return false }
        for (k, key) in phrase.enumerated() {
            let last = k == phrase.count - 1
            if !(words[start + k] == key || (last && forms[start + k].contains(key))) { return false }
        }
        return true
    }
}
