#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The offline praise lines, by category (`Resources/praise.json`).
public struct PraisePool: Sendable, Equatable {
    /// The lines of each category, in `PraiseCategory.allCases` order. (A list, not a dictionary
    /// keyed by category: the first such dictionary made the runtime search every conformance in
    /// the process, on the way to a one-shot log's first praise.)
    private let byCategory: [[String]]
    /// Lines for a moment logged with a challenging mood (`#tired`): they still celebrate the
    /// win and never try to fix the feeling. Optional, so an older override still works.
    public let hardDay: [String]
    /// Lines for a recovery milestone (`90 days without hurting myself`): warm, about the person's
    /// strength and their staying, never about what they recovered from. Optional, as `hardDay`.
    public let milestone: [String]

    public init(lines: [PraiseCategory: [String]], hardDay: [String] = [], milestone: [String] = []) {
        byCategory = PraiseCategory.allCases.map { lines[$0] ?? [] }
        self.hardDay = hardDay
        self.milestone = milestone
    }

    /// The lines for one kind of win.
    public func lines(for category: PraiseCategory) -> [String] {
        byCategory[PraiseCategory.allCases.firstIndex(of: category)!]
    }

    /// Every category's lines (for reviews and tests; the picker asks for one category).
    public var lines: [PraiseCategory: [String]] {
        Dictionary(uniqueKeysWithValues: zip(PraiseCategory.allCases, byCategory))
    }

    /// The keys of the hard-day and milestone lines beside the categories.
    static let hardDayKey = "hard-day"
    static let milestoneKey = "milestone"

    /// Decodes `{"movement": ["Nice move, champ.", …], …, "hard-day": […]}`. Every category must
    /// have lines.
    public init(json: String) throws {
        guard let table = try CopyTree(json: json).fields else { throw ResourceError.unexpected("praise file shape") }
        for (name, value) in table where value.texts == nil {
            throw ResourceError.unexpected("praise lines for \(name)")
        }
        byCategory = try PraiseCategory.allCases.map { category in
            guard let pool = table[category.rawValue]?.texts, !pool.isEmpty else {
                throw ResourceError.missing("praise lines for \(category.rawValue)")
            }
            return pool
        }
        if let unknown = table.keys.first(where: {
            PraiseCategory(rawValue: $0) == nil && $0 != Self.hardDayKey && $0 != Self.milestoneKey
        }) {
            throw ResourceError.unexpected("praise category \(unknown)")
        }
        hardDay = table[Self.hardDayKey]?.texts ?? []
        milestone = table[Self.milestoneKey]?.texts ?? []
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
