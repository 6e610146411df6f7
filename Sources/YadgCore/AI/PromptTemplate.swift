import Foundation

/// A prompt from `Prompts/` (or the config folder): Markdown with `{{name}}` placeholders and a
/// leading `<!-- … -->` comment naming the providers that use it, which is not sent.
public struct PromptTemplate: Sendable, Equatable {
    public let text: String

    public init(_ source: String) {
        var body = Substring(source)
        if body.hasPrefix("<!--"), let end = body.range(of: "-->") {
            body = body[end.upperBound...]
        }
        text = String(body).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The placeholders the template uses, in order of first use.
    public var placeholders: [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            let name = String(rest[open.upperBound..<close.lowerBound])
            if !names.contains(name) { names.append(name) }
            rest = rest[close.upperBound...]
        }
        return names
    }

    /// The template with each `{{name}}` replaced.
    public func filled(_ values: [String: String]) -> String {
        var out = text
        for (name, value) in values { out = out.replacingOccurrences(of: "{{\(name)}}", with: value) }
        return out
    }
}
