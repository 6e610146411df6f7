#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Maps a moment's text to the kind of win it is, from keyword lists (`Resources/actions.json`).
///
/// Small and local on purpose: the offline praise must be instant and need no network. A word
/// matches a keyword when it equals it or starts with it ("walked" matches "walk"); multi-word
/// keywords match as phrases. The category with the most hits wins; ties go to the earlier
/// category in the file's order.
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
        // Each keyword counts once: a word matches a keyword equal to it, or one of 3+ letters it
        // starts with ("walked" matches "walk").
        var matched = Set<String>()
        for word in words {
            if singleWords[word] != nil { matched.insert(word) }
            var prefix = ""
            for (offset, character) in word.enumerated() {
                prefix.append(character)
                if offset >= 2, singleWords[prefix] != nil { matched.insert(prefix) }
            }
        }
        var hits = [Int](repeating: 0, count: keywords.count)
        for keyword in matched {
            for index in singleWords[keyword] ?? [] { hits[index] += 1 }
        }
        var best: (PraiseCategory, Int) = (.other, 0)
        for (index, (category, phrases)) in keywords.enumerated() {
            let total = hits[index] + phrases.filter { $0.count > 1 && Self.contains(words, $0) }.count
            if total > best.1 { best = (category, total) }
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
