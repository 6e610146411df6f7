/// Decides whether a model's reply may be shown (<doc:PraiseFromAModel>): sanitised, whitespace collapsed,
/// wrapping quotes and labels ("Praise:") removed; refused when empty, longer than 280
/// characters, a question, carrying emoji or a URL, shorter than three words, not spoken to the
/// person ("you"), an echo of the prompt, or breaking one of ``ReplyRules`` (advice, medical,
/// comparison, judgement, chatbot talk); cut to at most two sentences.
public enum PraiseReplyValidator {
    /// The same test for a day's summary (at most 200 characters; it may describe the day
    /// without "you": "Steady, gentle progress.").
    public static func acceptSummary(_ raw: String) -> String? { accept(raw, maxLength: 200, spokenTo: false) }

    /// `spokenTo`: praise must speak to the person (a "you"), or it is about someone else.
    public static func accept(_ raw: String, maxLength: Int = 280, spokenTo: Bool = true) -> String? {
        var text = MomentTextRule.normalizeWhitespace(TerminalSanitizer.clean(raw).unicodeScalars)
        for label in ["praise:", "assistant:", "response:", "answer:"] where text.lowercased().hasPrefix(label) {
            text = String(text.dropFirst(label.count)).trimmingLeadingSpaces()
        }
        let quotes: [(Character, Character)] = [("\"", "\""), ("“", "”"), ("'", "'"), ("«", "»")]
        for (open, close) in quotes where text.count >= 2 && text.first == open && text.last == close {
            text = String(text.dropFirst().dropLast())
        }
        guard !text.isEmpty, text.count <= maxLength, !text.contains("?") else { return nil }
        let lower = text.lowercased()
        guard !lower.contains("http://"), !lower.contains("https://"), !lower.contains("www.") else { return nil }
        guard !text.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) else {
            return nil
        }
        guard !ReplyRules.echoedLabels.contains(where: { lower.hasPrefix($0) }) else { return nil }
        let kept = firstSentences(text, 2)
        // The rules read only what would be shown.
        let words = ReplyRules.words(kept)
        guard words.count >= 3, !spokenTo || words.contains(where: ReplyRules.addressed.contains),
            ReplyRules.broken(by: words) == nil
        else { return nil }
        return kept
    }

    /// The first `count` sentences (ending in . or !).
    static func firstSentences(_ text: String, _ count: Int) -> String {
        var ends = 0
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            let next = text.index(after: index)
            if c == "." || c == "!", next == text.endIndex || text[next] == " " {
                ends += 1
                if ends == count { return String(text[..<next]) }
            }
            index = next
        }
        return text
    }
}

extension String {
    fileprivate func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }
}
