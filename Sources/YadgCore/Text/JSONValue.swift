#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON document as a value: what servers and models answer, and the bodies yadg sends them.
///
/// yadg's own reader and writer, because `JSONSerialization` lives in the part of Foundation that
/// yadg does not load (with the ICU library it brings, loading it cost more than a whole one-shot
/// `yadg log`). Replies are untrusted: nesting deeper than ``maxDepth`` is refused rather than
/// followed, and text is never shown without the terminal sanitiser.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number written without a fraction or exponent that fits an `Int`.
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Deepest nesting a reply may have.
    public static let maxDepth = 256

    /// The member named `key` of an object (nil for a missing member or a value that is not an object).
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// An integer, also when written as a whole `Double` (`3.0`).
    public var int: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9.0e15: return Int(value)
        default: return nil
        }
    }

    public var double: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var isNull: Bool { self == .null }

    // MARK: Reading

    /// Parses a whole document; nil when it is not JSON (or nests deeper than ``maxDepth``).
    public static func parse(_ data: Data) -> JSONValue? {
        var reader = Reader(bytes: Array(data))
        guard let value = try? reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == reader.bytes.count ? value : nil
    }

    public static func parse(_ text: String) -> JSONValue? { parse(Data(text.utf8)) }

    private struct Malformed: Error {}

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func literal(_ word: String, _ value: JSONValue) throws -> JSONValue {
            let word = Array(word.utf8)
            guard index + word.count <= bytes.count, bytes[index..<index + word.count].elementsEqual(word) else {
                throw Malformed()
            }
            index += word.count
            return value
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < JSONValue.maxDepth else { throw Malformed() }
            skipSpace()
            guard index < bytes.count else { throw Malformed() }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [String: JSONValue] = [:]
                if take(UInt8(ascii: "}")) { return .object(members) }
                repeat {
                    skipSpace()
                    let key = try string()
                    guard take(UInt8(ascii: ":")) else { throw Malformed() }
                    members[key] = try value(depth: depth + 1)
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "}")) else { throw Malformed() }
                return .object(members)
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONValue] = []
                if take(UInt8(ascii: "]")) { return .array(items) }
                repeat { items.append(try value(depth: depth + 1)) } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "]")) else { throw Malformed() }
                return .array(items)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try number()
            }
        }

        mutating func number() throws -> JSONValue {
            let start = index
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            let text = bytes[start..<index]
            let digits = text.first == UInt8(ascii: "-") ? text.dropFirst() : text
            guard let first = digits.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                throw Malformed()
            }
            let written = String(decoding: text, as: UTF8.self)
            let whole = !text.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            if whole, let value = Int(written) { return .int(value) }
            guard let value = Double(written), value.isFinite else { throw Malformed() }
            return .double(value)
        }

        static func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
                UInt8(ascii: "+"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }

        mutating func string() throws -> String {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Malformed() }
            index += 1
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw Malformed() }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        // A surrogate pair spells one scalar beyond the first plane; a lone half is replaced.
                        if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == 0x5C,
                            bytes[index + 1] == UInt8(ascii: "u")
                        {
                            index += 2
                            let low = try hex4()
                            scalar =
                                (0xDC00..<0xE000).contains(low)
                                ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                        }
                        out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                    default: throw Malformed()
                    }
                case 0x00..<0x20:
                    throw Malformed()
                default:
                    out.append(byte)
                }
            }
            throw Malformed()
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count,
                let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw Malformed() }
            index += 4
            return value
        }
    }

    // MARK: Writing

    /// Compact JSON with the members of each object in key order, so a body is the same every time.
    public var encoded: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value):
            guard value.isFinite else { return "null" }
            return value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .string(let text): return JSONText.quote(text)
        case .array(let items): return "[" + items.map(\.encoded).joined(separator: ",") + "]"
        case .object(let members):
            return JSONText.object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.encoded) })
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}
