#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One token of a phrase: a word, a number, or a single punctuation mark, with its place in the
/// phrase so a match can be cut out exactly.
public struct TimeToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case word, number, punctuation }

    public let kind: Kind
    /// Lower-cased text (words), digits as written (numbers), or the mark itself.
    public let lower: String
    /// The token's place in the phrase, as Unicode-scalar offsets.
    public let start: Int
    public let end: Int
    /// True when whitespace separates this token from the previous one (or it starts the phrase).
    public let spaceBefore: Bool
    /// The numeric value of a number token ("1.5", "10,000").
    public let value: Double?
    /// A number token written with a decimal point.
    public var hasDecimalPoint: Bool = false
    /// A number said loosely, "9ish" or "9-ish" (the suffix is part of the token): a time of day
    /// even without "at" before it.
    public var approximate: Bool = false

    /// Splits a phrase into tokens. Letters and digits split from each other ("2h" → "2", "h"),
    /// apostrophes stay inside words ("yesterday's"), digits keep decimals and thousands ("1.5").
    public static func tokenize(_ scalars: [Unicode.Scalar]) -> [TimeToken] {
        var tokens: [TimeToken] = []
        tokens.reserveCapacity(16)
        var i = 0
        var sawSpace = true
        let n = scalars.count
        while i < n {
            let c = scalars[i]
            if isSpace(c) {
                sawSpace = true
                i += 1
                continue
            }
            let start = i
            if isLetter(c) {
                i += 1
                while i < n {
                    if isLetter(scalars[i]) {
                        i += 1
                    } else if isApostrophe(scalars[i]), i + 1 < n, isLetter(scalars[i + 1]) {
                        i += 2
                    } else {
                        break
                    }
                }
                tokens.append(
                    TimeToken(
                        kind: .word, lower: lowercasedWord(scalars, start, i), start: start, end: i,
                        spaceBefore: sawSpace, value: nil))
            } else if isDigit(c) {
                var digits: [UInt8] = []
                var sawPoint = false
                while i < n {
                    if isDigit(scalars[i]) {
                        digits.append(UInt8(scalars[i].value))
                        i += 1
                    } else if scalars[i] == ",", threeDigits(scalars, i + 1),
                        i + 4 >= n || !isDigit(scalars[i + 4]), !sawPoint
                    {
                        i += 1  // thousands separator: "10,000"
                    } else if scalars[i] == ".", !sawPoint, i + 1 < n, isDigit(scalars[i + 1]) {
                        sawPoint = true
                        digits.append(UInt8(ascii: "."))
                        i += 1
                    } else {
                        break
                    }
                }
                let text = String(decoding: digits, as: UTF8.self)
                tokens.append(
                    TimeToken(
                        kind: .number, lower: text, start: start, end: i, spaceBefore: sawSpace, value: Double(text),
                        hasDecimalPoint: sawPoint))
            } else {
                i += 1
                tokens.append(
                    TimeToken(
                        kind: .punctuation, lower: String(c), start: start, end: i, spaceBefore: sawSpace, value: nil))
            }
            sawSpace = false
        }
        return tokens
    }

    /// The lower-cased words ``tokenize(_:)`` finds in an ASCII text (its `.word` tokens), read
    /// straight from the bytes; nil for any other text. A reader that wants only the words (the
    /// classifier, for every moment logged) then builds no scalar array and no tokens.
    static func lowercasedASCIIWords(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var words: [String] = []
            var i = 0
            let n = bytes.count
            func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
            while i < n {
                let byte = bytes[i]
                guard byte < 0x80 else { return nil }
                guard isLetter(byte) else {
                    i += 1
                    continue
                }
                let start = i
                i += 1
                while i < n {
                    if isLetter(bytes[i]) {
                        i += 1
                    } else if bytes[i] == UInt8(ascii: "'"), i + 1 < n, isLetter(bytes[i + 1]) {
                        i += 2
                    } else {
                        break
                    }
                }
                words.append(
                    String(unsafeUninitializedCapacity: i - start) { buffer in
                        for k in start..<i {
                            buffer[k - start] = bytes[k] >= 65 && bytes[k] <= 90 ? bytes[k] + 32 : bytes[k]
                        }
                        return i - start
                    })
            }
            return words
        }
    }

    /// The lower-cased text of `scalars[start..<end]`; ASCII words (nearly all) are built straight
    /// from bytes, which is several times faster than appending scalars.
    static func lowercasedWord(_ scalars: [Unicode.Scalar], _ start: Int, _ end: Int) -> String {
        if scalars[start..<end].allSatisfy({ $0.value < 128 }) {
            return String(unsafeUninitializedCapacity: end - start) { buffer in
                for k in start..<end {
                    let v = UInt8(scalars[k].value)
                    buffer[k - start] = v >= 65 && v <= 90 ? v + 32 : v
                }
                return end - start
            }
        }
        var word = String.UnicodeScalarView()
        for k in start..<end { word.append(lowercased(scalars[k])) }
        return String(word)
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c.value < 128 ? (c == " " || (c.value >= 9 && c.value <= 13)) : c.properties.isWhitespace
    }
    static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }
    static func isLetter(_ c: Unicode.Scalar) -> Bool {
        if c.value < 128 { return (c.value | 0x20) >= 97 && (c.value | 0x20) <= 122 }
        return c.properties.isAlphabetic
    }
    static func isApostrophe(_ c: Unicode.Scalar) -> Bool { c == "'" || c == "\u{2019}" }
    static func lowercased(_ c: Unicode.Scalar) -> Unicode.Scalar {
        if c.value >= 65 && c.value <= 90 { return Unicode.Scalar(c.value + 32)! }
        if c.value < 128 { return c }
        return c.properties.lowercaseMapping.unicodeScalars.count == 1
            ? c.properties.lowercaseMapping.unicodeScalars.first! : c
    }
    private static func threeDigits(_ s: [Unicode.Scalar], _ at: Int) -> Bool {
        at + 3 <= s.count && isDigit(s[at]) && isDigit(s[at + 1]) && isDigit(s[at + 2])
    }
}
