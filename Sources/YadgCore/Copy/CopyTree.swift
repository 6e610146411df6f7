import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A resource file parsed once: texts, lists of texts, tables and lists of tables. `copy.json`'s
/// sections are read from it instead of parsing the file again for each one, and the praise pool,
/// the classifier's keywords and the crisis phrases are read with it too (a general JSON decoder
/// spent more time at every start than the rest of a short command).
public indirect enum CopyTree: Sendable, Equatable {
    case text(String)
    case list([String])
    case table([String: CopyTree])
    /// A list whose items are not all texts (the classifier's list of tables).
    case array([CopyTree])
    /// A number, a boolean or null: never copy, so a section holding it falls back to the
    /// built-in one.
    case other

    /// Parses JSON. Its own small reader, because copy is read at every start and a general JSON
    /// decoder spent more time on it than the rest of a short command.
    public init(json: String) throws {
        var reader = JSONReader(bytes: Array(json.utf8))
        self = try reader.copyTree(depth: 0)
        reader.skipSpace()
        guard reader.atEnd else { throw reader.error("more after the end") }
    }
}

/// Building a ``CopyTree`` on the shared reader, and stepping over values without building them.
extension JSONReader {
    mutating func copyTree(depth: Int) throws -> CopyTree {
        guard depth < Self.maxDepth else { throw error("nested too deeply") }
        skipSpace()
        guard index < bytes.count else { throw error("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "\""): return .text(try string())
        case UInt8(ascii: "{"):
            index += 1
            var table: [String: CopyTree] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .table(table)
            }
            repeat {
                skipSpace()
                let key = try string()
                try expect(UInt8(ascii: ":"))
                table[key] = try copyTree(depth: depth + 1)
                skipSpace()
            } while try separator(closing: UInt8(ascii: "}"))
            return .table(table)
        case UInt8(ascii: "["):
            index += 1
            // Texts are gathered as texts while every item is one (the usual list of copy),
            // not boxed as values first.
            var texts: [String] = []
            var items: [CopyTree]?
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .list([])
            }
            repeat {
                skipSpace()
                if items == nil, index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    texts.append(try string())
                } else {
                    if items == nil { items = texts.map(CopyTree.text) }
                    items!.append(try copyTree(depth: depth + 1))
                }
                skipSpace()
            } while try separator(closing: UInt8(ascii: "]"))
            return items.map(CopyTree.array) ?? .list(texts)
        default:
            // A number, true, false or null.
            let start = index
            scan: while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: break scan
                default: index += 1
                }
            }
            guard index > start else { throw error("unexpected character") }
            return .other
        }
    }

    /// Moves past one value without building it: strings are stepped over (escapes too), and
    /// objects and lists by counting brackets. Over the raw bytes, because this steps over the
    /// whole of copy.json at every start.
    mutating func skipValue() throws {
        skipSpace()
        guard index < bytes.count else { throw error("unexpected end") }
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        switch bytes[index] {
        case quote, UInt8(ascii: "{"), UInt8(ascii: "["):
            let start = index
            let end: Int? = bytes.withUnsafeBufferPointer { buffer in
                var at = start
                var depth = 0
                repeat {
                    guard at < buffer.count else { return nil }
                    switch buffer[at] {
                    case quote:
                        at += 1
                        while at < buffer.count, buffer[at] != quote { at += buffer[at] == backslash ? 2 : 1 }
                        guard at < buffer.count else { return nil }
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    at += 1
                } while depth > 0
                return at
            }
            guard let end else { throw error(bytes[start] == quote ? "unterminated string" : "unterminated") }
            index = end
        default: _ = try copyTree(depth: 0)  // a number, true, false or null: short
        }
    }
}

/// The fields of one section of copy, read by the section's initialiser. A missing field or one of
/// another shape throws, and the section falls back to the built-in one.
public struct CopyWords {
    let fields: [String: CopyTree]
    let section: String

    public func text(_ key: String) throws -> String {
        guard case .text(let text)? = fields[key] else { throw missing(key) }
        return text
    }

    public func list(_ key: String) throws -> [String] {
        guard case .list(let list)? = fields[key] else { throw missing(key) }
        return list
    }

    /// A table of texts by name.
    public func table(_ key: String) throws -> [String: String] {
        guard case .table(let table)? = fields[key] else { throw missing(key) }
        var texts: [String: String] = [:]
        for (name, value) in table {
            guard case .text(let text) = value else { throw missing(key + "." + name) }
            texts[name] = text
        }
        return texts
    }

    /// A group of fields inside this section.
    public func section(_ key: String) throws -> CopyWords {
        guard case .table(let table)? = fields[key] else { throw missing(key) }
        return CopyWords(fields: table, section: section + "." + key)
    }

    func missing(_ key: String) -> CopyError { CopyError(section: section, field: key) }
}

/// A section of copy lacks a field, or has one of another shape.
public struct CopyError: Error, Equatable, CustomStringConvertible {
    public let section: String
    public let field: String
    public var description: String { "copy.json: \(section).\(field) is missing or not text" }
}

extension CopyTree {
    /// The texts of a list (an empty list reads as `[]`), or nil.
    public var texts: [String]? {
        if case .list(let texts) = self { return texts }
        if case .array(let items) = self, items.isEmpty { return [] }
        return nil
    }

    /// The fields of a table, or nil.
    public var fields: [String: CopyTree]? {
        if case .table(let fields) = self { return fields }
        return nil
    }

    /// The text, or nil.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The items of a list of anything (a list of texts gives texts), or nil.
    public var items: [CopyTree]? {
        if case .array(let items) = self { return items }
        if case .list(let texts) = self { return texts.map { .text($0) } }
        return nil
    }
}

/// A JSON object whose values are parsed only when first asked for: `copy.json` has a section per
/// feature and a run uses a few, so the rest is only stepped over at start.
public final class LazyTable: Sendable {
    private let bytes: [UInt8]
    /// Each section's name and where its value starts and ends in `bytes`, in the file's order: a
    /// few dozen, looked up a few times a run. Plain lists: the first dictionary (or list) of
    /// ranges made the runtime search every conformance in the process, which cost more than
    /// all the lookups.
    private let keys: [String]
    private let starts: [Int]
    private let ends: [Int]
    private let parsed = Mutex<[String: CopyTree]>([:])

    /// Throws when `json` is not an object (a value that is not even well bracketed too).
    public init(json: String) throws {
        var reader = JSONReader(bytes: Array(json.utf8))
        var keys: [String] = []
        var starts: [Int] = []
        var ends: [Int] = []
        try reader.expect(UInt8(ascii: "{"))
        reader.skipSpace()
        if reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "}") {
            reader.index += 1
        } else {
            repeat {
                reader.skipSpace()
                let key = try reader.string()
                try reader.expect(UInt8(ascii: ":"))
                reader.skipSpace()
                let start = reader.index
                try reader.skipValue()
                keys.append(key)
                starts.append(start)
                ends.append(reader.index)
                reader.skipSpace()
            } while try reader.separator(closing: UInt8(ascii: "}"))
        }
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw reader.error("more after the end") }
        bytes = reader.bytes
        self.keys = keys
        self.starts = starts
        self.ends = ends
    }

    /// The value under `key`, parsed once; nil when there is none or it is not valid JSON.
    public subscript(key: String) -> CopyTree? {
        if let done = parsed.withLock({ $0[key] }) { return done }
        // The last of a repeated key counts, as JSON decoders read it.
        guard let at = keys.lastIndex(of: key) else { return nil }
        var reader = JSONReader(bytes: Array(bytes[starts[at]..<ends[at]]))
        guard let value = try? reader.copyTree(depth: 0) else { return nil }
        parsed.withLock { $0[key] = value }
        return value
    }
}
