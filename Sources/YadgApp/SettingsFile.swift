import YadgAI
import YadgCore
import YadgStorage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// yadg's own settings file (`settings` in the config folder, 0600): the AI choice made with
/// `/settings ai`, and whether Home shows a moment from this day in an earlier year
/// (`/settings onthisday`). The first run's answer about a detected provider stays in the store.
/// yadg never writes the person's `config`; this file is the one it owns, rewritten whole (a
/// temporary file renamed over it), each change keeping the other.
public struct SettingsFile: Sendable {
    public let path: String
    /// The file as it was when this value was made: read once, whichever settings are asked.
    private let values: [String: String]

    public init(path: String) {
        self.path = path
        values = PrivateFiles.readText(path).map(AISettings.parseConfig) ?? [:]
    }

    /// The AI choice, if one was made.
    public func aiChoice() -> AIChoice? { Self.aiChoice(in: values) }

    private static func aiChoice(in values: [String: String]) -> AIChoice? {
        switch values["ai"] {
        case "none"?: return AIChoice.none
        case "configured"?: return .configured
        case "local"?:
            guard let kind = values["local_kind"], kind == "ollama" || kind == "openai", let url = values["local_url"],
                let model = values["local_model"]
            else { return nil }
            return .local(LocalModelServer(kind: kind, baseURL: url, model: model, name: values["local_name"] ?? kind))
        default: return nil
        }
    }

    /// Whether Home may show a moment from this day in an earlier year (on unless turned off).
    public func onThisDayAtHome() -> Bool { values["on_this_day"] != "off" }

    /// Writes the AI choice, keeping the other setting.
    public func write(_ choice: AIChoice) throws {
        try write(choice: choice, onThisDay: onThisDayAtHome())
    }

    /// Writes whether Home shows a moment from this day, keeping the AI choice.
    public func write(onThisDayAtHome: Bool) throws {
        try write(choice: Self.aiChoice(in: values), onThisDay: onThisDayAtHome)
    }

    private func write(choice: AIChoice?, onThisDay: Bool) throws {
        var lines = ["# Written by yadg (/settings). Your own settings go in the file named config.", ""]
        switch choice {
        case nil: break
        case .none?: lines.append("ai = none")
        case .configured?: lines.append("ai = configured")
        case .local(let server)?:
            lines += [
                "ai = local", "local_kind = \(server.kind)", "local_url = \(server.baseURL)",
                "local_model = \(server.model)", "local_name = \(server.name)",
            ]
        }
        if !onThisDay { lines.append("on_this_day = off") }
        try PrivateFiles.createDirectory(PrivateFiles.parentFolder(of: path))
        try PrivateFiles.replace(path, with: Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
