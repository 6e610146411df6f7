/// Decides whether a model's reply may be shown (<doc:PraiseFromAModel>): sanitised, whitespace
/// collapsed, wrapping quotes and labels ("Praise:") removed, cut to at most two sentences, then
/// judged (``ReplyJudgement``): refused when it is empty, too long, a question, a link, the prompt
/// said back, chatbot talk, degenerate, crisis content, advice, medical, a judgement, a comparison,
/// pressure, a misread of the moment, or meaningless. Style is the prompt's business, never a
/// reason to refuse.
public enum PraiseReplyValidator {
    /// The verdict on a reply: the text to show, or why not. `moment`: the person's words, which a
    /// reply may repeat (`finally`, `doctor`) and must be about.
    public static func judge(
        _ raw: String, moment: String = "", maxLength: Int = 280, crisis: CrisisCheck? = nil
    ) -> Result<String, ReplyJudgement.Refusal> {
        var text = MomentTextRule.normalizeWhitespace(TerminalSanitizer.clean(raw).unicodeScalars)
        for label in ["praise:", "assistant:", "response:", "answer:", "summary:"]
        where text.lowercased().hasPrefix(label) {
            text = String(text.dropFirst(label.count)).trimmingLeadingSpaces()
        }
        let quotes: [(Character, Character)] = [("\"", "\""), ("“", "”"), ("'", "'"), ("«", "»")]
        for (open, close) in quotes where text.count >= 2 && text.first == open && text.last == close {
            text = String(text.dropFirst().dropLast())
        }
        guard !text.isEmpty else { return .failure(.empty) }
        guard text.count <= maxLength else { return .failure(.tooLong) }
        guard !text.contains("?") else { return .failure(.question) }
        let lower = text.lowercased()
        if lower.contains("http://") || lower.contains("https://") || lower.contains("www.") || hasDomain(lower) {
            return .failure(.link)
        }
        guard !ReplyJudgement.echoedLabels.contains(where: { lower.hasPrefix($0) }),
            !lower.contains("<moment"), !lower.contains("moment>")
        else { return .failure(.echo) }
        let sentences = sentences(of: text)
        let kept = sentences.prefix(2).joined(separator: " ")
        guard ReplyJudgement.words(kept).count >= 3 else { return .failure(.empty) }
        if let refusal = ReplyJudgement.refusal(sentences: Array(sentences), moment: moment, crisis: crisis) {
            return .failure(refusal)
        }
        return .success(kept)
    }

    /// The praise for a moment, or nil when it may not be shown.
    public static func accept(_ raw: String, moment: String = "", maxLength: Int = 280) -> String? {
        try? judge(raw, moment: moment, maxLength: maxLength).get()
    }

    /// The same test for a day's summary (at most 200 characters; about the day, not the person).
    public static func acceptSummary(_ raw: String) -> String? { accept(raw, maxLength: 200) }

    /// A word shaped like a web address (`goodreads.com/you`, `example.org`).
    static func hasDomain(_ lower: String) -> Bool {
        let endings = [".com", ".org", ".net", ".io", ".app", ".dev", ".co", ".me", ".ly", ".ai"]
        for word in lower.split(separator: " ") {
            for ending in endings {
                guard let range = word.firstRange(of: ending), word.startIndex < range.lowerBound else { continue }
                let after = word[range.upperBound...]
                if after.isEmpty || after.first == "/" || after.allSatisfy({ ".,!".contains($0) }) { return true }
            }
        }
        return false
    }

    /// The sentences of a text (ending in . or !), in order; the last may lack its mark.
    static func sentences(of text: String) -> [String] {
        var result: [String] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "." || text[index] == "!", next == text.endIndex || text[next] == " " {
                result.append(String(text[start..<next]).trimmingLeadingSpaces())
                start = next
            }
            index = next
        }
        let rest = String(text[start...]).trimmingLeadingSpaces()
        if !rest.isEmpty { result.append(rest) }
        return result
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
