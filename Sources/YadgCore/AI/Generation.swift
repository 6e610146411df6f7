#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a model is asked to write: sampling temperature, a length cap and where to stop. Read from
/// the settings in a prompt file's comment (``PromptTemplate/settings``), then the config file,
/// never fixed in code; a small model on this machine gets its own temperature.
public struct Generation: Sendable, Equatable {
    public var temperature: Double
    public var maxTokens: Int
    /// Sequences the model stops at (`["\n"]`: one line is all a praise needs).
    public var stop: [String]

    /// The settings' names, in a prompt's comment and in the config file (where `summary_…`
    /// names the summary's).
    public static let settingNames = ["temperature", "local_temperature", "max_tokens", "stop"]

    public init(temperature: Double, maxTokens: Int, stop: [String]) {
        self.temperature = temperature
        self.maxTokens = maxTokens
        self.stop = stop
    }

    /// From a prompt's settings (`temperature`, `local_temperature`, `max_tokens`, `stop` as a JSON
    /// list), then `overrides` (the config file's keys of the same names), for a server on this
    /// machine or not. A value that cannot be read leaves the one before it.
    public init(settings: [String: String], overrides: [String: String] = [:], local: Bool) {
        func value(_ name: String) -> String? { overrides[name] ?? settings[name] }
        let temperatureKey = local && value("local_temperature") != nil ? "local_temperature" : "temperature"
        temperature = value(temperatureKey).flatMap(Double.init).map { min(max($0, 0), 2) } ?? 0.7
        maxTokens = value("max_tokens").flatMap(Int.init).map { min(max($0, 16), 1000) } ?? 80
        stop = value("stop").flatMap { try? CopyTree(json: $0).texts } ?? []
    }
}

/// Example exchanges shown to a model before the real one (few-shot): small local models follow
/// examples far better than rules. Read from `Prompts/praise-examples.md` and
/// `summary-examples.md`: `user:` lines make one message, the `assistant:` line after them its
/// reply.
public struct PromptExamples: Sendable, Equatable {
    public let pairs: [(user: String, assistant: String)]

    public init(_ source: String) {
        var pairs: [(String, String)] = []
        var user: [String] = []
        for line in PromptTemplate(source).text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("user:") {
                user.append(line.dropFirst(5).trimmedWhitespace)
            } else if line.hasPrefix("assistant:"), !user.isEmpty {
                pairs.append((user.joinedText(separator: "\n"), line.dropFirst(10).trimmedWhitespace))
                user = []
            }
        }
        self.pairs = pairs
    }

    /// The pairs as chat messages.
    public var messages: [[String: String]] {
        pairs.flatMap { [["role": "user", "content": $0.user], ["role": "assistant", "content": $0.assistant]] }
    }

    public static func == (a: PromptExamples, b: PromptExamples) -> Bool {
        a.pairs.map { $0.user + "\u{1}" + $0.assistant } == b.pairs.map { $0.user + "\u{1}" + $0.assistant }
    }
}
