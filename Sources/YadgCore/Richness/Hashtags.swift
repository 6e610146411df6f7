/// The `#` rule: which `#words` in a line are a mood or tags, and which of them leave the text.
///
/// - A **hashtag** is a word that starts with `#` (at the start of the line or after a space),
///   then a letter, then letters, digits, `_` or `-`: at most 40 after the `#`. Sentence
///   punctuation right after it (`#proud!`) is not part of it. So `#1 fan`, `issue #12`,
///   `bug #4521`, `C#`, `##`, `#🎉` and `a#b` are plain text.
/// - The first hashtag that names a mood (``MoodVocabulary``) sets the mood; every other hashtag
///   is a tag, lowercased, once each.
/// - Hashtags **at the end of the line** (the last words, one or several) leave the stored text:
///   `made dinner #grateful #cooking` keeps `made dinner`. One in the middle of the words stays
///   as it was typed (`went #running with Sam`): it is part of the sentence.
///
/// Read before the time expression is taken out, and again after it (so `took a walk #calm
/// 2 hours ago` keeps `took a walk`).
public enum Hashtags {
    /// What a line says besides what was done.
    public struct Reading: Sendable, Equatable {
        /// The line without its trailing hashtags (spacing inside kept as typed).
        public var text: String
        public var mood: String?
        public var tags: [String]

        public init(text: String, mood: String? = nil, tags: [String] = []) {
            self.text = text
            self.mood = mood
            self.tags = tags
        }

        /// Another reading's mood (when this one has none) and new tags, after this one's.
        public func adding(_ other: Reading) -> Reading {
            var merged = self
            merged.mood = mood ?? other.mood
            for tag in other.tags + [other.mood].compactMap({ $0 })
            where tag != merged.mood && !merged.tags.contains(tag) {
                merged.tags.append(tag)
            }
            return merged
        }
    }

    /// Longest hashtag, after the `#`.
    public static let maxLength = 40

    public static func read(_ line: String, moods: MoodVocabulary) -> Reading {
        // Fast path: most lines have no `#` at all.
        guard line.utf8.contains(UInt8(ascii: "#")) else { return Reading(text: line) }
        var reading = Reading(text: line)
        var trailingStart: String.Index?
        var index = line.startIndex
        while index < line.endIndex {
            if line[index].isWhitespace {
                index = line.index(after: index)
                continue
            }
            let start = index
            while index < line.endIndex && !line[index].isWhitespace { index = line.index(after: index) }
            guard let word = tagWord(line[start..<index]) else {
                trailingStart = nil
                continue
            }
            if trailingStart == nil { trailingStart = start }
            if reading.mood == nil, moods.mood(named: word) != nil {
                reading.mood = word
            } else if word != reading.mood, !reading.tags.contains(word) {
                reading.tags.append(word)
            }
        }
        if let trailingStart {
            var kept = line[..<trailingStart]
            while let last = kept.last, last.isWhitespace { kept.removeLast() }
            reading.text = String(kept)
        }
        return reading
    }

    /// The word of a hashtag (`#Proud!` → `proud`), or nil when the text is not one.
    public static func tagWord(_ token: Substring) -> String? {
        guard token.first == "#" else { return nil }
        var body = token.dropFirst()
        while let last = body.last, ".,!?;:".contains(last) { body.removeLast() }
        let word = String(body)
        return isTagWord(word) ? word.lowercased() : nil
    }

    /// A letter, then letters, digits, `_` or `-`.
    public static func isTagWord(_ word: String) -> Bool {
        guard let first = word.first, first.isLetter, word.count <= maxLength else { return false }
        return word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }
}
