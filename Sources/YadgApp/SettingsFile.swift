import Foundation
import YadgAI
import YadgCore
import YadgStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// yadg's own settings file (`settings` in the config folder, 0600): the AI choice made with
/// `/settings ai` (the first run's answer about a detected provider stays in the store). yadg never writes the person's `config`; this
/// file is the one it owns, rewritten whole (a temporary file renamed over it).
public struct SettingsFile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The AI choice, if one was made.
    public func aiChoice() -> AIChoice? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
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
        let folder = (path as NSString).deletingLastPathComponent
        try PrivateFiles.createDirectory(folder)
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let written = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
        fchmod(fd, 0o600)
        fsync(fd)
        close(fd)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }
}

/// `write(2)`, named apart from `SettingsFile.write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
    #else
        Darwin.write(fd, buffer, count)
    #endif
}
