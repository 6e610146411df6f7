/// Decides whether a model's reply may be shown (<doc:PraiseFromAModel>): sanitised, whitespace
/// collapsed, wrapping quotes and labels ("Praise:") removed, cut to at most two sentences, then
/// judged (``ReplyJudgement``): refused when it is empty, too long, a question, a link, the prompt
/// said back, chatbot talk, degenerate, crisis content, advice, medical, a judgement, a comparison,
/// pressure, a misread of the moment, or meaningless. Style is the prompt's business, never a
/// reason to refuse.
public enum PraiseReplyValidator {
    /// The verdict on a reply: the text to show, or why not. `moment`: the person's words, which a
    /// reply may repeat (`finally`, `doctor`) and must be about. `crisis`: the crisis reader, so
    /// that crisis words in a reply are refused whoever wrote them.
    public static func judge(
        _ raw: String, moment: String = "", maxLength: Int = 280, crisis: CrisisCheck? = nil
    ) -> Result<String, ReplyJudgement.Refusal> {
        judge(cleaned(raw), moment: moment, maxLength: maxLength, crisis: crisis, opening: nil)
    }

    /// The verdict on a continuation: the model was given yadg's own first clause (`opening`,
    /// ``MomentRetelling``) and wrote what follows. The line shown is the opening and the
    /// continuation joined (`You made your bed` + `— a calm start.`), and it is judged as a line
    /// whose first clause is true: only the model's part is read for what it names. A model that
    /// says the opening again has it taken off; one that wrote a whole line of its own anyway
    /// (`You made…` in other words) is judged as a whole line.
    public static func judgeContinuation(
        _ raw: String, opening: String, moment: String, maxLength: Int = 280, crisis: CrisisCheck? = nil
    ) -> Result<String, ReplyJudgement.Refusal> {
        var text = cleaned(raw)
        let openingWords = ReplyJudgement.words(opening)
        let said = ReplyJudgement.words(text)
        if text.lowercased().hasPrefix(opening.lowercased()) {
            text = String(text.dropFirst(opening.count))
        } else if said.starts(with: openingWords) {
            // Said again in other marks (`You've` for `You have`): drop the opening's words.
            var taken = 0
            var index = text.startIndex
            while index < text.endIndex, taken < openingWords.count {
                let word = text[index...].prefix { !$0.isWhitespace }
                taken += ReplyJudgement.words(String(word)).count
                index = text.index(index, offsetBy: word.count)
                while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
            }
            text = String(text[index...])
        } else if said.first == "you", said.count > 1, said.dropFirst().first == openingWords.dropFirst().first {
            // A whole line after all: judged as one, and it must add something to the moment
            // (`you took to the dog to the park` only says it back, garbled).
            let own = Set(ReplyJudgement.words(moment) + openingWords)
            guard said.filter({ !own.contains($0) && $0.count > 2 }).count >= 2 else { return .failure(.echo) }
            return judge(
                text.prefix(1).uppercased() + text.dropFirst(), moment: moment, maxLength: maxLength,
                crisis: crisis, opening: nil)
        }
        text = String(text.drop { $0 == " " })
        let continuation = ReplyJudgement.words(text)
        guard !continuation.isEmpty else { return .failure(.empty) }
        guard continuation.count >= 2 || ReplyJudgement.warmWords.contains(continuation[0]) else {
            return .failure(.empty)
        }
        // The opening said again in part (`…the team meeting you were speaking up in the team meeting`).
        if openingWords.count >= 3, continuation.count >= 3 {
            let runs = Set((0...(openingWords.count - 3)).map { openingWords[$0..<($0 + 3)] })
            if (0...(continuation.count - 3)).contains(where: { runs.contains(continuation[$0..<($0 + 3)]) }) {
                return .failure(.echo)
            }
        }
        return judge(joined(opening, text), moment: moment, maxLength: maxLength, crisis: crisis, opening: opening)
    }

    /// The opening and the model's continuation as one line: `You made your bed` and `, and…`,
    /// `— a calm…`, `and…`, or a sentence of its own (`That took courage.`), ending in a mark.
    static func joined(_ opening: String, _ continuation: String) -> String {
        var rest = continuation
        if rest.hasPrefix("--") { rest = "—" + rest.dropFirst(2) }
        if rest.hasPrefix("- ") || rest.hasPrefix("– ") { rest = "—" + rest.dropFirst() }
        var line: String
        if let first = rest.first, ",;:".contains(first) {
            line = opening + rest
        } else if rest.hasPrefix("—") {
            line = opening + " — " + rest.dropFirst().drop { $0 == " " }
        } else if let first = rest.first, first.isUppercase {
            line = opening + ". " + rest
        } else if rest.hasPrefix("you ") || rest.hasPrefix("you'") || rest.hasPrefix("you’") {
            // A clause of its own: `You fed the cat. You made her day.`
            line = opening + ". Y" + rest.dropFirst()
        } else {
            line = opening + " " + rest
        }
        if let last = line.last, !".!".contains(last) {
            while let end = line.last, ",;:—– ".contains(end) { line.removeLast() }
            line += "."
        }
        return line
    }

    /// Sanitised, whitespace collapsed, a leading label (`Praise:`) and wrapping quotes removed.
    static func cleaned(_ raw: String) -> String {
        var text = MomentTextRule.normalizeWhitespace(TerminalSanitizer.clean(raw).unicodeScalars)
        for label in ["praise:", "assistant:", "response:", "answer:", "summary:", "rest:"]
        where text.lowercased().hasPrefix(label) {
            text = String(text.dropFirst(label.count)).trimmingLeadingSpaces()
        }
        let quotes: [(Character, Character)] = [("\"", "\""), ("“", "”"), ("'", "'"), ("«", "»")]
        for (open, close) in quotes where text.count >= 2 && text.first == open && text.last == close {
            text = String(text.dropFirst().dropLast())
        }
        return text
    }

    static func judge(
        _ text: String, moment: String, maxLength: Int, crisis: CrisisCheck?, opening: String?
    ) -> Result<String, ReplyJudgement.Refusal> {
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
        let words = ReplyJudgement.words(kept)
        // A word or two is enough when it is warm or names the moment (`Great!`, `Homemade soup!`).
        let momentWords = Set(ReplyJudgement.words(moment))
        let short =
            words.contains { ReplyJudgement.warmWords.contains($0) }
            || words.count == 2 && words.contains { momentWords.contains($0) }
        guard words.count >= 3 || short else { return .failure(.empty) }
        if let refusal = ReplyJudgement.refusal(
            sentences: Array(sentences), moment: moment, crisis: crisis, opening: opening)
        {
            return .failure(refusal)
        }
        return .success(kept)
    }

    /// The best of a few candidates: the one that passes and names most of the moment's own words
    /// in the fewest words. For continuations the opening names them all, so the shortest wins.
    /// When none passes, the first one's refusal. `examples`: the replies of the prompt's
    /// examples; a candidate that is one of them, word for word, says the prompt back (`echo`): a
    /// small model copies the last example it was shown, and every moment would end the same way.
    public static func best(
        of candidates: [String], opening: String?, moment: String, examples: [String] = [], maxLength: Int = 280,
        crisis: CrisisCheck? = nil
    ) -> (verdict: Result<String, ReplyJudgement.Refusal>, each: [Result<String, ReplyJudgement.Refusal>]) {
        let copies = Set(examples.map(ReplyJudgement.words))
        let verdicts = candidates.map { raw -> Result<String, ReplyJudgement.Refusal> in
            var said = ReplyJudgement.words(cleaned(raw))
            if let opening, said.starts(with: ReplyJudgement.words(opening)) {
                said.removeFirst(ReplyJudgement.words(opening).count)
            }
            if copies.contains(said) { return .failure(.echo) }
            return opening.map {
                judgeContinuation(raw, opening: $0, moment: moment, maxLength: maxLength, crisis: crisis)
            }
                ?? judge(raw, moment: moment, maxLength: maxLength, crisis: crisis)
        }
        let momentLemmas = Set(ReplyJudgement.words(moment).filter { $0.count > 2 }.map(ReplyJudgement.lemma))
        func rank(_ line: String) -> (named: Int, length: Int) {
            let words = ReplyJudgement.words(line)
            return (Set(words.map(ReplyJudgement.lemma)).intersection(momentLemmas).count, words.count)
        }
        let passing = verdicts.compactMap { try? $0.get() }
        if let best = passing.max(by: { a, b in
            let (x, y) = (rank(a), rank(b))
            return x.named != y.named ? x.named < y.named : x.length > y.length
        }) {
            return (.success(best), verdicts)
        }
        return (verdicts.first ?? .failure(.empty), verdicts)
    }

    /// The praise for a moment, or nil when it may not be shown.
    public static func accept(
        _ raw: String, moment: String = "", maxLength: Int = 280, crisis: CrisisCheck? = nil
    ) -> String? {
        try? judge(raw, moment: moment, maxLength: maxLength, crisis: crisis).get()
    }

    /// The same test for a day's summary (at most 200 characters; about the day, not the person).
    public static func acceptSummary(_ raw: String, crisis: CrisisCheck? = nil) -> String? {
        accept(raw, maxLength: 200, crisis: crisis)
    }

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
