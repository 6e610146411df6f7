/// A line cut into words the way every reader of language in yadg reads it: one tokenizer and one
/// folding policy, so the crisis reader, its model and its trainer never disagree about what a
/// word is.
///
/// The policy: lower case; an apostrophe inside a word is dropped (`don't`, `don’t` → `dont`);
/// every other character that is not a letter or a digit ends a word (`self-harm` → `self`,
/// `harm`); `.`, `!`, `?`, `;` and a line break also end a sentence, kept as ``boundary`` so a
/// phrase is never read across two sentences; an emoji that stands for a word (`🔪` → `knife`)
/// becomes that word.
package struct Words: Sendable, Equatable {
    /// What stands between two sentences in ``folded``.
    package static let boundary = "."

    /// The words, folded, with ``boundary`` between sentences (never first, last or twice).
    package var folded: [String] = []
    /// For each word, whether it was written in capitals of two letters or more (`DEI`, `OD`): an
    /// acronym is never taken for a misspelling.
    package var shouted: [Bool] = []
    /// Where each entry of ``folded`` ends in the text, as a UTF-8 offset, when asked for
    /// (`keepingEnds`): a reader that hands on the words after a phrase (`make it` *3pm*) cuts them
    /// from the text as written.
    package var ends: [Int] = []

    package init() {}

    /// Cuts `text` into words. `emoji` maps an emoji (one scalar, variation selectors ignored) to
    /// the word it stands for. `keepingEnds`: also note where each word ends (``ends``).
    package init(_ text: String, emoji: [Unicode.Scalar: String] = [:], keepingEnds: Bool = false) {
        var text = text
        if let ascii = text.withUTF8({ $0.allSatisfy { $0 < 0x80 } ? Self.ascii($0, keepingEnds: keepingEnds) : nil }) {
            self = ascii
            return
        }
        var current = ""
        var letters = 0
        var capitals = 0
        var offset = 0
        func flush() {
            guard !current.isEmpty else { return }
            folded.append(current)
            shouted.append(letters >= 2 && capitals == letters)
            if keepingEnds { ends.append(offset) }
            current = ""
            letters = 0
            capitals = 0
        }
        func endSentence() {
            flush()
            if let last = folded.last, last != Self.boundary { append(Self.boundary) }
        }
        func append(_ word: String) {
            folded.append(word)
            shouted.append(false)
            if keepingEnds { ends.append(offset) }
        }
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            defer { offset += scalar.utf8.count }
            switch scalar {
            case "'", "\u{2019}", "\u{2018}", "\u{02BC}", "`":
                continue
            case "*" where index > 0 && index + 1 < scalars.count && scalars[index - 1].properties.isAlphabetic
                && scalars[index + 1].properties.isAlphabetic:
                continue
            case ".", "!", "?", ";", "\n", "\u{2026}":
                // A decimal point is not a sentence's end (`2.5k`).
                if scalar == ".", !current.isEmpty, current.unicodeScalars.last!.properties.numericType != nil {
                    flush()
                    continue
                }
                endSentence()
            default:
                if scalar.value < 0x80 {
                    guard Self.isWordScalar(scalar) else {
                        flush()
                        continue
                    }
                    let byte = UInt8(scalar.value)
                    if byte >= 0x41 && byte <= 0x5A {
                        capitals += 1
                        current.unicodeScalars.append(Unicode.Scalar(byte + 32))
                    } else {
                        current.unicodeScalars.append(scalar)
                    }
                    if byte >= 0x41 { letters += 1 }
                } else if Self.isWordScalar(scalar) {
                    let properties = scalar.properties
                    if properties.isUppercase { capitals += 1 }
                    if properties.isAlphabetic { letters += 1 }
                    current += String(scalar).lowercased()
                } else if let word = emoji[scalar] {
                    flush()
                    offset += scalar.utf8.count
                    append(word)
                    offset -= scalar.utf8.count
                } else {
                    flush()
                }
            }
        }
        flush()
        while folded.last == Self.boundary {
            folded.removeLast()
            shouted.removeLast()
            if keepingEnds { ends.removeLast() }
        }
    }

    /// The same reading for ASCII text, a byte at a time: each word is lower-cased into a buffer on
    /// the stack and made into a string once (every line of a pipe is read this way).
    private static func ascii(_ bytes: UnsafeBufferPointer<UInt8>, keepingEnds: Bool) -> Words {
        var words = Words()
        words.folded.reserveCapacity(bytes.count / 4 + 1)
        words.shouted.reserveCapacity(bytes.count / 4 + 1)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { current in
            var length = 0
            var letters = 0
            var capitals = 0
            var previous: UInt8 = 0
            var offset = 0
            func flush() {
                guard length > 0 else { return }
                words.folded.append(String(decoding: UnsafeBufferPointer(rebasing: current[..<length]), as: UTF8.self))
                words.shouted.append(letters >= 2 && capitals == letters)
                if keepingEnds { words.ends.append(offset) }
                (length, letters, capitals) = (0, 0, 0)
            }
            func endSentence() {
                flush()
                if let last = words.folded.last, last != boundary {
                    words.folded.append(boundary)
                    words.shouted.append(false)
                    if keepingEnds { words.ends.append(offset) }
                }
            }
            for (index, byte) in bytes.enumerated() {
                defer {
                    previous = byte
                    offset += 1
                }
                switch byte {
                case UInt8(ascii: "'"), UInt8(ascii: "`"):
                    continue
                case UInt8(ascii: "*") where Self.isLetter(previous) && index + 1 < bytes.count && Self.isLetter(bytes[index + 1]):
                    continue
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    current[length] = byte + 32
                    length += 1
                    letters += 1
                    capitals += 1
                case UInt8(ascii: "a")...UInt8(ascii: "z"):
                    current[length] = byte
                    length += 1
                    letters += 1
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    current[length] = byte
                    length += 1
                case UInt8(ascii: "."):
                    // A decimal point is not a sentence's end (`2.5k`).
                    if length > 0, previous >= UInt8(ascii: "0"), previous <= UInt8(ascii: "9") {
                        flush()
                    } else {
                        endSentence()
                    }
                case UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ";"), UInt8(ascii: "\n"):
                    endSentence()
                default:
                    flush()
                }
            }
            flush()
        }
        while words.folded.last == boundary {
            words.folded.removeLast()
            words.shouted.removeLast()
            if keepingEnds { words.ends.removeLast() }
        }
        return words
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }

    /// Letters and digits, with a fast path for ASCII.
    package static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: return true
        case 0...0x7F: return false
        default: return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }
}
