import Foundation

/// Maps a moment's text to the kind of win it is, from keyword lists (`Resources/actions.json`).
///
/// Small and local on purpose: the offline praise must be instant and need no network. A word
/// matches a keyword when it equals it or starts with it ("walked" matches "walk"); multi-word
/// keywords match as phrases. The category with the most hits wins; ties go to the earlier
/// category in the file's order.
public struct ActionClassifier: Sendable {
    let keywords: [(PraiseCategory, [[String]])]

    /// Decodes `[{"category": "movement", "keywords": ["walk", "ran", …]}, …]`.
    public init(json: String) throws {
        struct Entry: Decodable {
            let category: String
            let keywords: [String]
        }
        let entries = try JSONDecoder().decode([Entry].self, from: Data(json.utf8))
        keywords = try entries.map { entry in
            guard let category = PraiseCategory(rawValue: entry.category) else {
                throw ResourceError.unexpected("action category \(entry.category)")
            }
            return (category, entry.keywords.map { $0.lowercased().split(separator: " ").map(String.init) })
        }
    }

    public func classify(_ text: String) -> PraiseCategory {
        let words = TimeToken.tokenize(Array(text.unicodeScalars)).compactMap { $0.kind == .word ? $0.lower : nil }
        var best: (PraiseCategory, Int) = (.other, 0)
        for (category, phrases) in keywords {
            var hits = 0
            for phrase in phrases where Self.contains(words, phrase) { hits += 1 }
            if hits > best.1 { best = (category, hits) }
        }
        return best.0
    }

    private static func contains(_ words: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, words.count >= phrase.count else { return false }
        for start in 0...(words.count - phrase.count) {
            var ok = true
            for (k, key) in phrase.enumerated() {
                let word = words[start + k]
                let last = k == phrase.count - 1
                // Byte comparison: this runs for every keyword on every moment logged.
                if !(word == key || (last && key.utf8.count >= 3 && word.utf8.starts(with: key.utf8))) {
                    ok = false
                    break
                }
            }
            if ok { return true }
        }
        return false
    }
}
