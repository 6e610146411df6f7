import Foundation
import YadgCore
import YadgResources

/// Installing yadg as people expect of a command-line tool: the binary, its manual page and the
/// completion scripts under a prefix, removed again file by file; and a Debian package of the
/// same files. The binary is the release build with the Swift runtime linked in
/// (`--static-swift-stdlib`), so it runs on a machine with no Swift toolchain.
enum Distribution {
    static let usage = """
        usage: swift run yadg-dist manual
               swift run yadg-dist install [--prefix DIR] [--binary FILE]
               swift run yadg-dist uninstall [--prefix DIR]
               swift run yadg-dist deb [--binary FILE] [--output DIR]
        """

    /// Every file an install puts under its prefix, with its mode: uninstall removes exactly these.
    static let installedFiles: [(path: String, mode: Int)] = [
        ("bin/yadg", 0o755),
        ("share/man/man1/yadg.1", 0o644),
        ("share/bash-completion/completions/yadg", 0o644),
        ("share/zsh/site-functions/_yadg", 0o644),
        ("share/fish/vendor_completions.d/yadg.fish", 0o644),
    ]

    /// /usr/local for root, ~/.local otherwise (no sudo needed, and on most PATHs).
    static var defaultPrefix: String {
        getuid() == 0 ? "/usr/local" : NSHomeDirectory() + "/.local"
    }

    /// The packages the binary needs at run time on Debian: the C and C++ runtimes, libcurl
    /// (loaded when a request is first made) and the time zone database.
    static let debianDepends = "libc6, libstdc++6, libgcc-s1, libcurl4 | libcurl4t64, tzdata"

    static func fail(_ message: String, status: Int32 = 1) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }

    static func writeManual() {
        let page = manualPage()
        do {
            try page.write(toFile: "Resources/yadg.1", atomically: true, encoding: .utf8)
        } catch {
            fail("yadg-dist: run it in the package folder (\(error))")
        }
        print("Wrote Resources/yadg.1")
    }

    static func manualPage() -> String {
        guard let template = EmbeddedResources.text("Resources/yadg.1.in"),
            let json = EmbeddedResources.text("Resources/copy.json"), let copy = try? Copy(json: json)
        else { fail("yadg-dist: the manual's template or copy.json is missing") }
        return ManualPage.render(template: template, copy: copy)
    }

    static func install(prefix: String, binary: String?) {
        let built = binary ?? buildRelease()
        for (path, mode) in installedFiles {
            let target = prefix + "/" + path
            do {
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try? FileManager.default.removeItem(atPath: target)
                try contents(of: path, binary: built).write(to: URL(fileURLWithPath: target))
                try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: target)
                if path == "bin/yadg" { strip(target) }
            } catch {
                fail("yadg-dist: could not write \(target): \(error)")
            }
            print("installed \(target)")
        }
        if !(ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains(
            Substring(prefix + "/bin"))
        {
            print("Add \(prefix)/bin to your PATH to run yadg.")
        }
    }

    static func uninstall(prefix: String) {
        for (path, _) in installedFiles {
            let target = prefix + "/" + path
            guard FileManager.default.fileExists(atPath: target) else { continue }
            do {
                try FileManager.default.removeItem(atPath: target)
                print("removed \(target)")
            } catch {
                fail("yadg-dist: could not remove \(target): \(error)")
            }
        }
    }

    /// `yadg_0.1.0_amd64.deb`: the installed files under /usr, the manual page compressed as
    /// Debian's policy asks, and a control file naming the runtime packages.
    static func buildDebian(binary: String?, output: String) {
        let built = binary ?? buildRelease()
        let root = NSTemporaryDirectory() + "yadg-deb-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let architecture = run("/usr/bin/dpkg", ["--print-architecture"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        do {
            for (path, mode) in installedFiles {
                var target = root + "/usr/" + path
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try contents(of: path, binary: built).write(to: URL(fileURLWithPath: target))
                if path == "bin/yadg" { strip(target) }
                if path.hasPrefix("share/man/") {
                    run("/usr/bin/gzip", ["-9n", target])
                    target += ".gz"
                }
                try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: target)
            }
            try FileManager.default.createDirectory(atPath: root + "/DEBIAN", withIntermediateDirectories: true)
            let control = """
                Package: yadg
                Version: \(YadgVersion.number)
                Architecture: \(architecture)
                Maintainer: yadg <yadg@localhost>
                Depends: \(debianDepends)
                Section: utils
                Priority: optional
                Description: You Are Doing Great, for the terminal
                 Notice small wins from the terminal: type what you did, get warm praise at once,
                 and look back at your days and weeks. Offline first; AI praise is optional.

                """
            try control.write(toFile: root + "/DEBIAN/control", atomically: true, encoding: .utf8)
        } catch {
            fail("yadg-dist: could not stage the package: \(error)")
        }
        let package = output + "/yadg_\(YadgVersion.number)_\(architecture).deb"
        _ = run("/usr/bin/dpkg-deb", ["--root-owner-group", "--build", root, package])
        print("built \(package)")
    }

    /// What an installed file holds: the binary, the manual page, or the script the binary prints.
    static func contents(of path: String, binary: String) throws -> Data {
        switch path {
        case "bin/yadg": return try Data(contentsOf: URL(fileURLWithPath: binary))
        case "share/man/man1/yadg.1": return Data(manualPage().utf8)
        default:
            let shell = path.hasSuffix(".fish") ? "fish" : path.hasSuffix("_yadg") ? "zsh" : "bash"
            guard let script = EmbeddedResources.text("Resources/completion.\(shell)") else {
                fail("yadg-dist: no completion script for \(shell)")
            }
            return Data(script.utf8)
        }
    }

    /// Symbols are for debuggers, not for an installed tool (32 MB → 18 MB): stripped when
    /// binutils is there, left as they are otherwise.
    static func strip(_ binary: String) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strip") else { return }
        run("/usr/bin/strip", ["--strip-unneeded", binary])
    }

    /// The release build with the Swift runtime linked in; its path.
    static func buildRelease() -> String {
        print("Building yadg (release, Swift runtime linked in); this takes a few minutes the first time.")
        _ = run(
            "/usr/bin/env", ["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "yadg"],
            echo: true)
        let path =
            run("/usr/bin/env", ["swift", "build", "-c", "release", "--show-bin-path"])
            .trimmingCharacters(in: .whitespacesAndNewlines) + "/yadg"
        guard FileManager.default.isExecutableFile(atPath: path) else { fail("yadg-dist: the build made no \(path)") }
        return path
    }

    /// Runs a program and returns its output; a failure ends the tool with its message.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], echo: Bool = false) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        if !echo { process.standardOutput = pipe }
        do { try process.run() } catch { fail("yadg-dist: could not run \(executable): \(error)") }
        let data = echo ? Data() : pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            fail("yadg-dist: \(([executable] + arguments).joined(separator: " ")) failed")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
