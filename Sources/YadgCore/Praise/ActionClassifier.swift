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
    /// Single-word keywords, to the categories (by index) that list them: a word is looked up by
    /// itself and by its prefixes instead of being compared with every keyword.
    let singleWords: [String: [Int]]

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
        var singleWords: [String: [Int]] = [:]
        for (index, (_, phrases)) in keywords.enumerated() {
            for phrase in phrases where phrase.count == 1 { singleWords[phrase[0], default: []].append(index) }
        }
        self.singleWords = singleWords
    }

    public func classify(_ text: String) -> PraiseCategory {
        let words = TimeToken.tokenize(Array(text.unicodeScalars)).compactMap { $0.kind == .word ? $0.lower : nil }
        // Each word counts once for each category it is a form of a keyword in; where counts tie,
        // the category met first in the line wins (what was done usually comes first).
        var hits = [Int](repeating: 0, count: keywords.count)
        var first = [Int](repeating: Int.max, count: keywords.count)
        for (position, word) in words.enumerated() {
            var categories = Set<Int>()
            for stem in Self.stems(of: word) {
                for index in singleWords[stem] ?? [] { categories.insert(index) }
            }
            for index in categories {
                hits[index] += 1
                first[index] = min(first[index], position)
            }
        }
        var best: (category: PraiseCategory, hits: Int, first: Int) = (.other, 0, Int.max)
        for (index, (category, phrases)) in keywords.enumerated() {
            var total = hits[index]
            for phrase in phrases where phrase.count > 1 {
                guard let start = Self.start(of: phrase, in: words) else { continue }
                total += 1
                first[index] = min(first[index], start)
            }
            guard total > 0 else { continue }
            if total > best.hits || (total == best.hits && first[index] < best.first) {
                best = (category, total, first[index])
            }
        }
        return best.category
    }

    /// Endings a keyword may take: plurals, tenses, doers, nouns of doing ("meditation").
    static let endings = [
        "s", "es", "e", "ed", "d", "ing", "er", "ers", "ion", "ions", "ation", "ations", "ies", "ied", "y",
    ]

    /// The word itself, and each keyword of 3+ letters it may be a form of: `walked` → `walk`,
    /// `jogging` → `jog` (a doubled last letter), `dancing` → `danc`.
    static func stems(of word: String) -> [String] {
        var stems = [word]
        for ending in endings where word.count >= ending.count + 3 && word.hasSuffix(ending) {
            let stem = String(word.dropLast(ending.count))
            stems.append(stem)
            if ending == "ies" || ending == "ied" { stems.append(stem + "y") }
            if let last = stem.last, stem.count >= 4, stem.dropLast().last == last, "aeiou".contains(last) == false {
                stems.append(String(stem.dropLast()))
            }
        }
        return stems
    }

    /// Where a phrase starts in the words, its last word in any of its forms.
    private static func start(of phrase: [String], in words: [String]) -> Int? {
        guard !phrase.isEmpty, words.count >= phrase.count else { return nil }
        for start in 0...(words.count - phrase.count) {
            var ok = true
            for (k, key) in phrase.enumerated() {
                let word = words[start + k]
                let last = k == phrase.count - 1
                // Byte comparison: this runs for every keyword on every moment logged.
                if !(word == key || (last && Self.stems(of: word).contains(key))) {
                    ok = false
                    break
                }
            }
            if ok { return start }
        }
        return nil
    }
}
