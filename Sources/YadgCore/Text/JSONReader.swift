#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The lexical half of reading JSON (RFC 8259), shared by ``CopyTree`` (resource files, read at
/// every start) and ``JSONValue`` (what servers and models answer): white space, strings with their
/// escapes, separators, and errors that say where. Each builds its own values on top.
struct JSONReader {
    let bytes: [UInt8]
    var index = 0

    /// Deepest nesting either reader follows; deeper is an error, never a deep recursion.
    static let maxDepth = 256

    func error(_ what: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "JSON: \(what) at byte \(index)"))
    }

    var atEnd: Bool { index >= bytes.count }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { throw error("expected \(UnicodeScalar(byte))") }
        index += 1
    }

    /// After space, `byte` if it is next (and then moves past it).
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// After an item: true at a comma (another follows), false at the closing bracket.
    mutating func separator(closing: UInt8) throws -> Bool {
        skipSpace()
        guard index < bytes.count else { throw error("unexpected end") }
        index += 1
        if bytes[index - 1] == UInt8(ascii: ",") { return true }
        if bytes[index - 1] == closing { return false }
        throw error("expected , or \(UnicodeScalar(closing))")
    }

    /// `true`, `false` or `null`, as written.
    mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            index + count <= bytes.count && bytes[index..<index + count].elementsEqual(expected)
        }
        guard matches else { throw error("unexpected character") }
        index += count
    }

    /// A string: its escapes read, a surrogate pair joined, a lone half replaced by U+FFFD. A
    /// control character written raw, or an escape JSON does not have, is an error.
    mutating func string() throws -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string") }
        index += 1
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        // Most strings have no escapes: made straight from the bytes, with no buffer between.
        var end = index
        while end < bytes.count, bytes[end] != quote, bytes[end] != backslash, bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == quote {
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        var out: [UInt8] = []
        while index < bytes.count {
            // Runs without escapes are copied whole.
            let start = index
            while index < bytes.count, bytes[index] != quote, bytes[index] != backslash, bytes[index] >= 0x20 {
                index += 1
            }
            out.append(contentsOf: bytes[start..<index])
            guard index < bytes.count else { break }
            let byte = bytes[index]
            index += 1
            switch byte {
            case quote: return String(decoding: out, as: UTF8.self)
            case backslash:
                guard index < bytes.count else { throw error("unexpected end") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case quote, backslash, UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"): out += Array(String(Character(try escapedScalar())).utf8)
                default: throw error("bad escape")
                }
            default: throw error("a control character in a string")
            }
        }
        throw error("unterminated string")
    }

    /// The scalar of a `\u` escape whose `\u` was read, with its low half when it is a pair.
    private mutating func escapedScalar() throws -> Unicode.Scalar {
        let high = try hex4()
        guard (0xD800..<0xDC00).contains(high) else { return Unicode.Scalar(high) ?? "\u{FFFD}" }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            return "\u{FFFD}"
        }
        let rewind = index
        index += 2
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else {
            index = rewind  // not its pair: that escape is read on its own
            return "\u{FFFD}"
        }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
    }

    /// Four hexadecimal digits, and nothing else (no sign).
    mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("bad \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw error("bad \\u escape") }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}
