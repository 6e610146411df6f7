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

    /// Deepest nesting a reply may have.
    public static var maxDepth: Int { JSONReader.maxDepth }

    /// Parses a whole document; nil when it is not JSON (or nests deeper than ``maxDepth``).
    public static func parse(_ data: Data) -> JSONValue? {
        var reader = JSONReader(bytes: Array(data))
        guard let value = try? reader.jsonValue(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.atEnd ? value : nil
    }

    public static func parse(_ text: String) -> JSONValue? { parse(Data(text.utf8)) }

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

/// Building a ``JSONValue`` on the shared reader.
extension JSONReader {
    mutating func jsonValue(depth: Int) throws -> JSONValue {
        guard depth < Self.maxDepth else { throw error("nested too deeply") }
        skipSpace()
        guard index < bytes.count else { throw error("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [String: JSONValue] = [:]
            if take(UInt8(ascii: "}")) { return .object(members) }
            repeat {
                skipSpace()
                let key = try string()
                try expect(UInt8(ascii: ":"))
                members[key] = try jsonValue(depth: depth + 1)
            } while try separator(closing: UInt8(ascii: "}"))
            return .object(members)
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONValue] = []
            if take(UInt8(ascii: "]")) { return .array(items) }
            repeat { items.append(try jsonValue(depth: depth + 1)) } while try separator(closing: UInt8(ascii: "]"))
            return .array(items)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default: return try number()
        }
    }

    /// A number: an `Int` when written without a fraction or exponent and in range, else a finite `Double`.
    mutating func number() throws -> JSONValue {
        let start = index
        while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
        let text = bytes[start..<index]
        let digits = text.first == UInt8(ascii: "-") ? text.dropFirst() : text
        guard let first = digits.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw error("unexpected character")
        }
        let written = String(decoding: text, as: UTF8.self)
        let whole = !text.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        if whole, let value = Int(written) { return .int(value) }
        guard let value = Double(written), value.isFinite else { throw error("not a number") }
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
}
