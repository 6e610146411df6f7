import Foundation

/// The offline praise lines, by category (`Resources/praise.json`).
public struct PraisePool: Sendable, Equatable {
    public let lines: [PraiseCategory: [String]]
    /// Lines for a moment logged with a challenging mood (`#tired`): they still celebrate the
    /// win and never try to fix the feeling. Optional, so an older override still works.
    public let hardDay: [String]

    public init(lines: [PraiseCategory: [String]], hardDay: [String] = []) {
        self.lines = lines
        self.hardDay = hardDay
    }

    /// The key of the hard-day lines beside the categories.
    static let hardDayKey = "hard-day"

    /// Decodes `{"movement": ["Nice move, champ.", …], …, "hard-day": […]}`. Every category must
    /// have lines.
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
        if let unknown = raw.keys.first(where: { PraiseCategory(rawValue: $0) == nil && $0 != Self.hardDayKey }) {
            throw ResourceError.unexpected("praise category \(unknown)")
        }
        self.lines = lines
        hardDay = raw[Self.hardDayKey] ?? []
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
