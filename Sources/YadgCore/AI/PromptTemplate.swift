#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A prompt from `Prompts/` (or the config folder): Markdown with `{{name}}` placeholders and a
/// leading `<!-- … -->` comment naming the providers that use it, which is not sent. The comment
/// may also hold settings for the request, one `name: value` a line (`temperature: 0.7`).
public struct PromptTemplate: Sendable, Equatable {
    public let text: String
    /// `name: value` lines of the leading comment whose name is one word of letters and `_`.
    public let settings: [String: String]

    public init(_ source: String) {
        var body = Substring(source)
        var settings: [String: String] = [:]
        if body.hasPrefix("<!--"), let end = body.firstRange(of: "-->") {
            for line in body[body.index(body.startIndex, offsetBy: 4)..<end.lowerBound].split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].trimmedWhitespace
                guard !name.isEmpty, name.allSatisfy({ $0 == "_" || ($0.isASCII && $0.isLowercase) }) else { continue }
                settings[name] = line[line.index(after: colon)...].trimmedWhitespace
            }
            body = body[end.upperBound...]
        }
        self.settings = settings
        text = String(body).trimmedWhitespace
    }

    /// The placeholders the template uses, in order of first use.
    public var placeholders: [String] { Self.placeholders(in: Substring(text)) }

    static func placeholders(in text: Substring) -> [String] {
        var names: [String] = []
        var rest = text
        while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
            let name = String(rest[open.upperBound..<close.lowerBound])
            if !names.contains(name) { names.append(name) }
            rest = rest[close.upperBound...]
        }
        return names
    }

    /// The template with each `{{name}}` replaced, in one pass (a value that itself holds
    /// `{{when}}` stays as written). A line whose placeholders are all empty is left out
    /// (`Feeling: {{feeling}}` when no feeling was given).
    public func filled(_ values: [String: String]) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            let names = Self.placeholders(in: line)
            if !names.isEmpty, names.allSatisfy({ (values[$0] ?? "").isEmpty }) { return nil }
            var out = ""
            var rest = line
            while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
                out += rest[..<open.lowerBound]
                let name = String(rest[open.upperBound..<close.lowerBound])
                out += values[name] ?? "{{\(name)}}"
                rest = rest[close.upperBound...]
            }
            return out + rest
        }.joined(separator: "\n")
    }
}
