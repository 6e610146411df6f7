import Foundation

/// A parsed `/command` line. Parsing is pure and separate from running it.
public struct SlashCommand: Sendable, Equatable {
    public let name: CommandName
    public let arguments: String

    /// Why a `/line` is not a command we can run.
    public enum ParseError: Error, Sendable, Equatable {
        case unknown(name: String, suggestion: String?)
        case takesNoArguments(name: String)
    }

    public init(name: CommandName, arguments: String = "") {
        self.name = name
        self.arguments = arguments
    }

    /// Parses `"/moments today"`. The leading slash is optional (for subcommands).
    public static func parse(_ line: String) throws(ParseError) -> SlashCommand {
        var body = Substring(line.trimmingCharacters(in: .whitespaces))
        if body.hasPrefix("/") { body = body.dropFirst() }
        let name = String(body.prefix { !$0.isWhitespace })
        let arguments = body.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        guard let spec = CommandTable.spec(named: name) else {
            throw .unknown(name: name, suggestion: suggestion(for: name))
        }
        if !spec.takesArguments && !arguments.isEmpty { throw .takesNoArguments(name: spec.name.rawValue) }
        return SlashCommand(name: spec.name, arguments: arguments)
    }

    /// The closest conversation command by edit distance (or the one it is a prefix of).
    static func suggestion(for typed: String) -> String? {
        let typed = typed.lowercased()
        guard !typed.isEmpty else { return nil }
        let names = CommandTable.all.filter(\.inConversation).map(\.name.rawValue)
        if let prefixed = names.first(where: { $0.hasPrefix(typed) }) { return "/" + prefixed }
        let scored = names.map { ($0, editDistance(typed, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(1, min(3, best.count / 2)) else { return nil }
        return "/" + best
    }

    /// Levenshtein distance between two strings, by characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where j <= b.count {
                current[j] = Swift.min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
