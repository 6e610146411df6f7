import Foundation

/// Opens a link in the person's browser (`$BROWSER`, else `xdg-open` or `open`), or says it cannot:
/// over SSH, without a display, or when no opener is installed, the link is printed instead.
struct LinkOpener {
    let variables: [String: String]

    /// True when a browser was started.
    func open(_ link: String) -> Bool {
        guard link.hasPrefix("https://") || link.hasPrefix("http://") else { return false }
        if variables["SSH_CONNECTION"] != nil || variables["SSH_TTY"] != nil { return false }
        let command: String
        if let browser = variables["BROWSER"]?.split(separator: ":").first, !browser.isEmpty {
            command = String(browser)
        } else {
            #if os(macOS)
                command = "open"
            #else
                guard variables["DISPLAY"] != nil || variables["WAYLAND_DISPLAY"] != nil else { return false }
                command = "xdg-open"
            #endif
        }
        guard let executable = find(command) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [link]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        // Not waited for: `$BROWSER` may be the browser itself, which returns when it is closed.
        return true
    }

    private func find(_ command: String) -> String? {
        if command.contains("/") { return FileManager.default.isExecutableFile(atPath: command) ? command : nil }
        let folders = (variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(command)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
