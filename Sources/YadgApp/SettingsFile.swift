import YadgAI
import YadgCore
import YadgStorage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// yadg's own settings file (`settings` in the config folder, 0600): the AI choice made with
/// `/settings ai` (the first run's answer about a detected provider stays in the store). yadg never writes the person's `config`; this
/// file is the one it owns, rewritten whole (a temporary file renamed over it).
public struct SettingsFile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The AI choice, if one was made.
    public func aiChoice() -> AIChoice? {
        guard let text = PrivateFiles.readText(path) else { return nil }
        let values = AISettings.parseConfig(text)
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

    /// Writes the choice, replacing the file atomically.
    public func write(_ choice: AIChoice) throws {
        var lines = ["# Written by yadg (/settings ai). Your own settings go in the file named config.", ""]
        switch choice {
        case .none: lines.append("ai = none")
        case .configured: lines.append("ai = configured")
        case .local(let server):
            lines += [
                "ai = local", "local_kind = \(server.kind)", "local_url = \(server.baseURL)",
                "local_model = \(server.model)", "local_name = \(server.name)",
            ]
        }
        try PrivateFiles.createDirectory(PrivateFiles.parentFolder(of: path))
        try PrivateFiles.replace(path, with: Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
