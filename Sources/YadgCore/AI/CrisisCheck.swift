#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A local, conservative check for wordings of suicidal thoughts and self-harm, run on every
/// path that takes text (typed, piped, `/did`, `/edit`, import) before anything is praised or sent.
///
/// A moment it catches is still saved (nothing a person writes is thrown away), but it gets no
/// praise, it is flagged (``Moment/isCrisis``), it is never sent to an AI provider or the backend,
/// and the Journey is gentle about its day. The phrase set lives in `Resources/crisis.json`, so it
/// can be reviewed like code; the rules of matching are described there and in
/// <doc:CrisisSafety>.
public struct CrisisCheck: Sendable {
    /// One element of a phrase: a folded word, a gap of up to ``maxGap`` other words (`~`), or the
    /// end of the line (`$`, for the few phrases that are a crisis only when nothing follows).
    enum Element: Equatable, Sendable {
        case word(String)
        case gap
        case end
    }

    typealias Pattern = [Element]

    let phrases: [Pattern]
    /// The phrases by their first word, so a text is read once, not once per phrase.
    let phrasesByFirstWord: WordTable<[Pattern]>
    let exceptions: [Pattern]
    /// Every word of every line and note is looked up in these: word tables (FNV), not
    /// dictionaries (SipHash), which were most of what the check cost.
    let spellings: WordTable<[String]>
    /// A word's other forms, each to the one phrases are written with (`killed` → `kill`).
    let forms: WordTable<String>
    /// Words of harm, read only in a line already taken for a plan (``mentionsHarm(_:)``).
    let harmWords: [Pattern]

    /// How many words one `~` in a phrase may stand for.
    static let maxGap = 2

    /// Decodes `Resources/crisis.json`: `phrases`, optional `exceptions`, `spellings` and `forms`.
    public init(json: String) throws {
        guard let file = try CopyTree(json: json).fields, let written = file["phrases"]?.texts else {
            throw ResourceError.unexpected("crisis file shape")
        }
        var spellings: [String: [String]] = [:]
        for (word, value) in file["spellings"]?.fields ?? [:] {
            guard let text = value.text else { throw ResourceError.unexpected("crisis spelling \(word)") }
            spellings[word] = text.split(separator: " ").map(String.init)
        }
        var forms: [String: String] = [:]
        for (base, value) in file["forms"]?.fields ?? [:] {
            guard let others = value.texts else { throw ResourceError.unexpected("crisis forms of \(base)") }
            for other in others { forms[other] = base }
        }
        let spellingTable = WordTable(spellings)
        let formTable = WordTable(forms)
        self.spellings = spellingTable
        self.forms = formTable
        func pattern(_ text: String) -> Pattern {
            Self.fold(text, spellings: spellingTable, forms: formTable, keepMarks: true).map {
                switch $0 {
                case "~": .gap
                case "$": .end
                default: .word($0)
                }
            }
        }
        phrases = written.map(pattern).filter { !$0.isEmpty }
        var byFirstWord: [String: [Pattern]] = [:]
        for phrase in phrases {
            guard case .word(let first) = phrase[0] else { throw ResourceError.unexpected("crisis phrase start") }
            byFirstWord[first, default: []].append(phrase)
        }
        phrasesByFirstWord = WordTable(byFirstWord)
        exceptions = (file["exceptions"]?.texts ?? []).map(pattern).filter { !$0.isEmpty }
        harmWords = (file["harmWords"]?.texts ?? []).map(pattern).filter { !$0.isEmpty }
    }

    /// True when the text holds any word of harm (`die`, `pills`, `gone`, `bridge`…), whatever
    /// surrounds it. Far too wide to call a line a crisis; it only keeps a plan that the phrases
    /// missed (`i'll be gone soon`) from being told "log it once it's done".
    public func mentionsHarm(_ text: String) -> Bool {
        let words = Self.fold(text, spellings: spellings, forms: forms, keepMarks: false)
        return words.indices.contains { start in harmWords.contains { Self.match($0, in: words, at: start) != nil } }
    }

    /// True when the text holds one of the phrases (as whole words, after folding) that no
    /// exception covers.
    public func matches(_ text: String) -> Bool {
        let words = Self.fold(text, spellings: spellings, forms: forms, keepMarks: false)
        guard !words.isEmpty else { return false }
        var excepted: [Range<Int>]?
        for (start, word) in words.enumerated() {
            for phrase in phrasesByFirstWord[word] ?? [] {
                guard let end = Self.match(phrase, in: words, at: start) else { continue }
                excepted = excepted ?? exceptionSpans(in: words)
                if !excepted!.contains(where: { $0.lowerBound <= start && end <= $0.upperBound }) { return true }
            }
        }
        return false
    }

    /// The moment as it must be kept when its text or note holds crisis language (or it was flagged
    /// before): flagged, with no praise. Other moments come back unchanged.
    public func flagged(_ moment: Moment) -> Moment {
        guard moment.isCrisis || matches(moment.text) || moment.note.map(matches) == true else { return moment }
        var flagged = moment
        flagged.isCrisis = true
        flagged.action = ""  // not a kind of win: stats do not count it among them
        flagged.offlinePraise = ""
        flagged.aiPraise = nil
        return flagged
    }

    private func exceptionSpans(in words: [String]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        for exception in exceptions {
            for start in words.indices {
                if let end = Self.match(exception, in: words, at: start) { spans.append(start..<end) }
            }
        }
        return spans
    }

    /// Where `phrase` ends when it starts at `start` (exclusive), or nil. Gaps take as few words as
    /// they can, so the shortest reading wins.
    static func match(_ phrase: Pattern, in words: [String], at start: Int) -> Int? {
        func rest(_ p: Int, _ w: Int) -> Int? {
            guard p < phrase.count else { return w }
            switch phrase[p] {
            case .gap:
                for skip in 0...maxGap where w + skip <= words.count {
                    if let end = rest(p + 1, w + skip) { return end }
                }
                return nil
            case .end:
                return w == words.count ? w : nil
            case .word(let word):
                guard w < words.count, words[w] == word else { return nil }
                return rest(p + 1, w + 1)
            }
        }
        guard case .word(let first)? = phrase.first, start < words.count, words[start] == first else { return nil }
        return rest(1, start + 1)
    }

    /// Letters and digits, with a fast path for ASCII (this runs on every moment the Journey shows).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x61...0x7A, 0x30...0x39: return true
        case 0...0x7F: return false
        default: return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }

    /// Lower-cased words: apostrophes dropped inside a word (`don't` → `dont`), every other
    /// non-alphanumeric character a break (`self-harm` → `self harm`), then single words rewritten
    /// by `spellings` (`wanna` → `want to`) and each word brought to its form in `forms`
    /// (`killing` → `kill`). With `keepMarks`, a `~` or `$` is kept as its own word.
    static func fold(
        _ text: String, spellings: WordTable<[String]>, forms: WordTable<String>, keepMarks: Bool
    ) -> [String] {
        var text = text
        if let words = text.withUTF8({ bytes in
            bytes.allSatisfy { $0 < 0x80 }
                ? foldASCII(bytes, spellings: spellings, forms: forms, keepMarks: keepMarks) : nil
        }) {
            return words
        }
        var words: [String] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            append(current, to: &words, spellings, forms)
            current = ""
        }
        for scalar in text.lowercased().unicodeScalars {
            switch scalar {
            case "'", "\u{2019}", "\u{2018}", "\u{02BC}", "`":
                continue
            case "~" where keepMarks, "$" where keepMarks:
                flush()
                words.append(String(scalar))
            default:
                if Self.isWordScalar(scalar) {
                    current.unicodeScalars.append(scalar)
                } else {
                    flush()
                }
            }
        }
        flush()
        return words
    }

    /// One word as phrases are written: its spelling's words, each in its base form.
    private static func append(
        _ word: String, to words: inout [String], _ spellings: WordTable<[String]>, _ forms: WordTable<String>
    ) {
        guard let spelled = spellings[word] else { return words.append(forms[word] ?? word) }
        for part in spelled { words.append(forms[part] ?? part) }
    }

    /// The same for ASCII text, a byte at a time (every phrase is read at the first moment of a
    /// run, and Unicode lower-casing per character cost more than the rest of a short run).
    private static func foldASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, spellings: WordTable<[String]>, forms: WordTable<String>,
        keepMarks: Bool
    ) -> [String] {
        // The word being read, in a buffer on the stack as long as the text.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { current in
            var words: [String] = []
            words.reserveCapacity(16)
            var length = 0
            // As ``append(_:to:_:_:)``, with the word looked up as bytes: a word in the tables is
            // the table's own string, and only another word is made into a new one.
            func flush() {
                guard length > 0 else { return }
                let word = UnsafeBufferPointer(rebasing: current[..<length])
                if let spelled = spellings[bytes: word] {
                    for part in spelled { words.append(forms[part] ?? part) }
                } else {
                    words.append(forms[bytes: word] ?? String(decoding: word, as: UTF8.self))
                }
                length = 0
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "'"), UInt8(ascii: "`"): continue
                case UInt8(ascii: "~") where keepMarks, UInt8(ascii: "$") where keepMarks:
                    flush()
                    words.append(String(UnicodeScalar(byte)))
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    current[length] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                    length += 1
                default: flush()
                }
            }
            flush()
            return words
        }
    }
}
