import YadgLanguage
/// Informal spellings read as the words they stand for, before any family looks at the phrase
/// (<doc:TimeSemantics>, §5): `yday` is `yesterday`, `nite` is `night`, `wknd` is `weekend`,
/// `tmrw` is `tomorrow`, `thurs` is `thursday`, `@ 6am` is `at 6am`, `9ish` is `9`. (`this am` is
/// ``DayPart``'s, and `at like 8` the clock family's, so common words cost no second pass.) A rewritten token keeps its place in the phrase (and a
/// merged one covers every character it stands for), so the text rule still cuts out exactly what
/// was written.
enum InformalSpelling {
    /// Whole words with one reading wherever they stand.
    static let words: [String: String] = [
        "yday": "yesterday", "yest": "yesterday", "ystrdy": "yesterday", "ystrday": "yesterday",
        "yesterdy": "yesterday", "yesteday": "yesterday", "nite": "night", "tonite": "tonight",
        "wknd": "weekend", "wkend": "weekend", "weeknd": "weekend", "tmrw": "tomorrow", "tmr": "tomorrow",
        "tmrow": "tomorrow", "tmrrw": "tomorrow", "tomorow": "tomorrow", "tommorow": "tomorrow",
        "tommorrow": "tomorrow", "mon": "monday", "tue": "tuesday", "tues": "tuesday", "thu": "thursday",
        "thur": "thursday", "thurs": "thursday", "fri": "friday", "mins": "minutes", "hrs": "hours",
        "brekkie": "breakfast", "brekky": "breakfast",
    ]

    /// Short weekday names that are also ordinary words: read as days only after a word that
    /// introduces a day (`on sat`, `last sun`), and `wed` also at the very end of a line
    /// (`cleaned the bathroom wed`); `sat` and `sun` at the end stay words (`the cat sat`).
    static let ambiguousDays: [String: String] = ["wed": "wednesday", "sat": "saturday", "sun": "sunday"]
    static let dayIntroducers: WordSet = ["on", "last", "this", "past", "since", "by", "until", "next"]

    /// Every word this may rewrite (the parser looks them up with its trigger words).
    static let lookedFor: [String] = Array(words.keys) + Array(ambiguousDays.keys) + ["ish", "b"]

    static func normalize(_ tokens: [TimeToken]) -> [TimeToken] {
        var out: [TimeToken] = []
        out.reserveCapacity(tokens.count)
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            let next = i + 1 < tokens.count ? tokens[i + 1] : nil
            // "9ish", "9-ish": the clock time, covering the suffix.
            if token.kind == .number, let next, next.kind == .word, next.lower == "ish", !next.spaceBefore {
                var loose = token.covering(through: next)
                loose.approximate = true
                out.append(loose)
                i += 2
                continue
            }
            if token.kind == .number, let dash = next, dash.lower == "-", i + 2 < tokens.count,
                tokens[i + 2].lower == "ish", !dash.spaceBefore
            {
                var loose = token.covering(through: tokens[i + 2])
                loose.approximate = true
                out.append(loose)
                i += 3
                continue
            }
            // "b4 bed": "before".
            if token.kind == .word, token.lower == "b", let next, next.kind == .number, next.lower == "4",
                !next.spaceBefore
            {
                out.append(token.covering(through: next).renamed("before"))
                i += 2
                continue
            }
            // "2nite": "tonight", covering both.
            if token.kind == .number, token.lower == "2", let next, next.kind == .word, next.lower == "nite",
                !next.spaceBefore
            {
                out.append(token.covering(through: next).renamed("tonight"))
                i += 2
                continue
            }
            // "@ 6am": "at".
            if token.kind == .punctuation, token.lower == "@", next?.kind == .number {
                out.append(token.renamed("at", kind: .word))
                i += 1
                continue
            }
            guard token.kind == .word else {
                out.append(token)
                i += 1
                continue
            }
            if let word = words[token.lower] {
                out.append(token.renamed(word))
            } else if let day = ambiguousDays[token.lower],
                out.last.map({ dayIntroducers.contains($0.lower) }) == true
                    || (token.lower == "wed" && next == nil && out.count >= 2)
            {
                out.append(token.renamed(day))
            } else {
                out.append(token)
            }
            i += 1
        }
        return out
    }
}

extension TimeToken {
    /// The same place in the phrase, read as another word.
    func renamed(_ word: String, kind: Kind = .word) -> TimeToken {
        TimeToken(kind: kind, lower: word, start: start, end: end, spaceBefore: spaceBefore, value: value)
    }

    /// This token, stretched to cover `last` too ("9" and "ish" as one "9").
    func covering(through last: TimeToken) -> TimeToken {
        var merged = TimeToken(
            kind: kind, lower: lower, start: start, end: last.end, spaceBefore: spaceBefore, value: value)
        merged.hasDecimalPoint = hasDecimalPoint
        return merged
    }
}
