import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
            guard let opener = desktopOpener else { return false }
            command = opener
        }
        return spawn(command, link)
    }

    /// Opens a file (an opened photo) in the desktop's viewer (`xdg-open`, or `open` on macOS);
    /// true when a viewer was started. Never over SSH or without a display.
    func openFile(_ path: String) -> Bool {
        guard path.hasPrefix("/"), variables["SSH_CONNECTION"] == nil, variables["SSH_TTY"] == nil,
            let opener = desktopOpener
        else { return false }
        return spawn(opener, path)
    }

    private var desktopOpener: String? {
        #if os(macOS)
            return "open"
        #else
            return variables["DISPLAY"] != nil || variables["WAYLAND_DISPLAY"] != nil ? "xdg-open" : nil
        #endif
    }

    private func spawn(_ command: String, _ link: String) -> Bool {
        guard let executable = find(command) else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [Int32(0), 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
        }
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup(link), nil]
        defer { arguments.forEach { free($0) } }
        var child: pid_t = 0
        guard posix_spawn(&child, executable, &actions, nil, arguments, environ) == 0 else { return false }
        // Not waited for here: `$BROWSER` may be the browser itself, which returns when it is
        // closed. Reaped in the background, so no finished opener lingers.
        let opener = child
        DispatchQueue.global().async { _ = waitpid(opener, nil, 0) }
        return true
    }

    private func find(_ command: String) -> String? {
        if command.contains("/") { return FileManager.default.isExecutableFile(atPath: command) ? command : nil }
        let folders = (variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(command)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
