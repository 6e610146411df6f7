import Foundation
import Testing
import YadgTestSupport

/// The manual page as man renders it, and yadg-dist's install, uninstall and Debian package,
/// each tried on a temporary prefix or root.
@Suite(.serialized)
struct DistributionEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var dist: URL { YadgProcess.binary.deletingLastPathComponent().appending(path: "yadg-dist") }

    /// A program's status, standard output and standard error.
    static func run(_ path: String, _ arguments: [String], env: [String: String]? = nil) throws -> (
        Int32, String, String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let env { process.environment = env }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test("man renders yadg(1) with no warning, and it names every environment variable yadg reads")
    func manualRenders() throws {
        let page = Self.root.appending(path: "Resources/yadg.1").path
        let (status, _, warnings) = try Self.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", page])
        #expect(status == 0 && warnings.isEmpty, "\(warnings)")
        let (manStatus, text, manWarnings) = try Self.run(
            "/usr/bin/man", ["-l", page], env: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(manStatus == 0 && manWarnings.isEmpty, "\(manWarnings)")
        for heading in [
            "SYNOPSIS", "COMMANDS", "IN THE CONVERSATION", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS",
        ] {
            #expect(text.contains("\n" + heading + "\n"), "\(heading)")
        }
        #expect(text.contains("Also /exit, /q.") && text.contains("--format FORMAT"))
        // Every variable the sources read is explained (a new one cannot ship unexplained).
        let source = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appending(path: "Sources").path)
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: Self.root.appending(path: "Sources/" + $0), encoding: .utf8) }.joined()
        let variables = Set(
            source.matches(of: /"((?:YADG|OPENAI|OLLAMA|XDG)_[A-Z_]+|NO_COLOR|COLUMNS|BROWSER)"/).map { String($0.1) })
        let testsOnly: Set = ["YADG_REAL_MODEL_URL"]  // the opt-in model test's, not yadg's
        for variable in variables.subtracting(testsOnly) {
            #expect(text.contains(variable), "\(variable) is not in the manual")
        }
    }

    @Test("install puts the binary, the page and the three completions under a prefix; uninstall removes exactly those")
    func installAndUninstall() throws {
        let prefix = TemporaryFolder.make("yadg-prefix")
        defer { TemporaryFolder.remove(prefix) }
        let keep = prefix + "/share/man/man1/other.1"
        try FileManager.default.createDirectory(
            atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
        try "kept".write(toFile: keep, atomically: true, encoding: .utf8)
        let (status, out, _) = try Self.run(
            Self.dist.path, ["install", "--prefix", prefix, "--binary", YadgProcess.binary.path])
        #expect(status == 0 && out.contains("installed \(prefix)/bin/yadg"))
        let files = [
            ("bin/yadg", 0o755), ("share/man/man1/yadg.1", 0o644), ("share/bash-completion/completions/yadg", 0o644),
            ("share/zsh/site-functions/_yadg", 0o644), ("share/fish/vendor_completions.d/yadg.fish", 0o644),
        ]
        for (path, mode) in files {
            let attributes = try FileManager.default.attributesOfItem(atPath: prefix + "/" + path)
            #expect(attributes[.posixPermissions] as? Int == mode, "\(path)")
        }
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let version = try YadgProcess.run(
            ["--version"], home: home, executable: URL(fileURLWithPath: prefix + "/bin/yadg"))
        #expect(version.stdout.hasPrefix("yadg 0.1.0"))
        let bash = try String(contentsOfFile: prefix + "/share/bash-completion/completions/yadg", encoding: .utf8)
        let printed = try YadgProcess.run(["completions", "bash"], home: home).stdout
        #expect(bash == printed)
        let page = try String(contentsOfFile: prefix + "/share/man/man1/yadg.1", encoding: .utf8)
        let source = try String(contentsOf: Self.root.appending(path: "Resources/yadg.1"), encoding: .utf8)
        #expect(page == source)

        let (removed, said, _) = try Self.run(Self.dist.path, ["uninstall", "--prefix", prefix])
        #expect(removed == 0 && said.split(separator: "\n").count == files.count)
        for (path, _) in files { #expect(!FileManager.default.fileExists(atPath: prefix + "/" + path), "\(path)") }
        #expect(FileManager.default.fileExists(atPath: keep), "nothing but yadg's own files")
    }

    @Test("The Debian package holds the same files under /usr, names its runtime packages, and its yadg runs")
    func debianPackage() throws {
        let output = TemporaryFolder.make("yadg-deb")
        defer { TemporaryFolder.remove(output) }
        let (status, said, _) = try Self.run(
            Self.dist.path, ["deb", "--binary", YadgProcess.binary.path, "--output", output])
        #expect(status == 0, "\(said)")
        let made = try FileManager.default.contentsOfDirectory(atPath: output)
        let package = try #require(made.first { $0.hasSuffix(".deb") })
        #expect(package.hasPrefix("yadg_0.1.0_"))
        let (_, control, _) = try Self.run("/usr/bin/dpkg-deb", ["--field", output + "/" + package])
        #expect(control.contains("Package: yadg\n") && control.contains("Version: 0.1.0\n"))
        #expect(control.contains("Depends: libc6, libstdc++6, libgcc-s1, libcurl4 | libcurl4t64, tzdata\n"))
        let root = output + "/root"
        let (unpacked, _, _) = try Self.run("/usr/bin/dpkg-deb", ["-x", output + "/" + package, root])
        #expect(unpacked == 0)
        let (_, listing, _) = try Self.run("/usr/bin/dpkg-deb", ["--contents", output + "/" + package])
        for path in [
            "./usr/bin/yadg", "./usr/share/man/man1/yadg.1.gz", "./usr/share/bash-completion/completions/yadg",
            "./usr/share/zsh/site-functions/_yadg", "./usr/share/fish/vendor_completions.d/yadg.fish",
        ] {
            #expect(listing.contains(path), "\(path)")
        }
        #expect(listing.contains("root/root"), "owned by root, whoever built it")
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let binary = URL(fileURLWithPath: root + "/usr/bin/yadg")
        let version = try YadgProcess.run(["--version"], home: home, executable: binary)
        #expect(version.stdout.hasPrefix("yadg 0.1.0"))
        let logged = try YadgProcess.run(["log", "took", "a", "walk"], home: home, executable: binary)
        #expect(logged.status == 0 && logged.stdout.hasPrefix("Moment logged  #1\n"))
        let (_, manual, _) = try Self.run(
            "/usr/bin/man", ["-l", root + "/usr/share/man/man1/yadg.1.gz"],
            env: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin"])
        #expect(manual.contains("EXIT STATUS"))
    }
}
