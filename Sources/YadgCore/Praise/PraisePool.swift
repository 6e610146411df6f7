import Foundation

/// The offline praise lines, by category (`Resources/praise.json`).
public struct PraisePool: Sendable, Equatable {
    public let lines: [PraiseCategory: [String]]

    public init(lines: [PraiseCategory: [String]]) { self.lines = lines }

    /// Decodes `{"movement": ["Nice move, champ.", …], …}`. Every category must have lines.
    public init(json: String) throws {
        guard let table = try CopyTree(json: json).fields else { throw ResourceError.unexpected("praise file shape") }
        var raw: [String: [String]] = [:]
        for (name, value) in table {
            guard let texts = value.texts else { throw ResourceError.unexpected("praise lines for \(name)") }
            raw[name] = texts
        }
        var lines: [PraiseCategory: [String]] = [:]
        for category in PraiseCategory.allCases {
            guard let pool = raw[category.rawValue], !pool.isEmpty else {
                throw ResourceError.missing("praise lines for \(category.rawValue)")
            }
            lines[category] = pool
        }
        if let unknown = raw.keys.first(where: { PraiseCategory(rawValue: $0) == nil }) {
            throw ResourceError.unexpected("praise category \(unknown)")
        }
        self.lines = lines
    }
}

/// A shipped or overriding resource file that cannot be used.
public enum ResourceError: Error, Equatable {
    case missing(String)
    case unexpected(String)
}

extension ResourceError: CustomStringConvertible {
    /// Said to a person (inside a sentence such as "I couldn't read FILE: …").
    public var description: String {
        switch self {
        case .missing(let what): return "\(what) is missing"
        case .unexpected(let what): return what
        }
    }
}
