import Foundation
import Testing
import YadgTestSupport

/// Tab in bash, zsh and fish, as a person presses it: each shell on a pseudo-terminal with the
/// script `yadg completions SHELL` prints, answering from a home with tags.
@Suite(.serialized)
struct ShellCompletionEndToEndTests {
    /// A home with two tags, and a folder whose `yadg` is the built binary (first on PATH).
    static func setUp() throws -> (home: String, bin: String) {
        let home = YadgProcess.makeHome()
        _ = try YadgProcess.run(stdin: "planted basil #garden\nweeded #garden-club\n", home: home)
        let bin = home + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/yadg", withDestinationPath: YadgProcess.binary.path)
        return (home, bin)
    }

    /// The shell in a session of its own with the terminal as its controlling one (as a terminal
    /// window starts it; fish will not run interactively otherwise).
    static func shell(_ path: String, _ arguments: [String], home: String, bin: String) throws -> PseudoTerminal {
        let env = YadgProcess.environment(home: home, extra: ["PATH": bin + ":/usr/bin:/bin", "TERM": "xterm"])
        return try PseudoTerminal(
            arguments: ["--ctty", path] + arguments, environment: env, columns: 100,
            executable: URL(fileURLWithPath: "/usr/bin/setsid"))
    }

    @Test("yadg completions prints each shell's script as it is; a wrong shell is a usage error")
    func scripts() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        for shell in ["bash", "zsh", "fish"] {
            let script = try YadgProcess.run(["completions", shell], home: home)
            #expect(script.status == 0 && script.stdout.contains("__complete"), "\(shell)")
        }
        let bash = try YadgProcess.run(["completions", "bash"], home: home).stdout
        #expect(bash.hasSuffix("complete -F _yadg yadg\n"))
        let wrong = try YadgProcess.run(["completions", "tcsh"], home: home)
        #expect(wrong.status == 2 && wrong.stderr.contains("yadg completions bash"))
    }

    @Test("__complete answers from the table and the store, and writes nothing (not even a new home)")
    func answersWithoutWriting() throws {
        let (home, _) = try Self.setUp()
        defer { TemporaryFolder.remove(home) }
        let before = try FileManager.default.contentsOfDirectory(atPath: home).sorted()
        let database = home + "/moments.db"
        let modified = try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date
        let tags = try YadgProcess.run(["__complete", "find", "#ga"], home: home)
        #expect(tags.stdout == "#garden\n#garden-club\n" && tags.status == 0)
        let format = try YadgProcess.run(["__complete", "export", "--format", ""], home: home)
        #expect(format.stdout == "json\ncsv\nmd\n")
        let file = try YadgProcess.run(["__complete", "export", "--output", ""], home: home)
        #expect(file.stdout == ":files\n")
        let commands = try YadgProcess.run(["__complete", "sy"], home: home)
        #expect(commands.stdout.hasPrefix("sync\tsend changes to the yadg backend now"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).sorted() == before)
        #expect(try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date == modified)
        let fresh = YadgProcess.makeHome() + "/not-yet"
        defer { TemporaryFolder.remove((fresh as NSString).deletingLastPathComponent) }
        let none = try YadgProcess.run(["__complete", "find", "#"], home: fresh)
        #expect(none.status == 0 && none.stdout.hasPrefix("#amazed\n"), "moods, with no tags yet")
        #expect(!FileManager.default.fileExists(atPath: fresh), "nothing created")
    }

    @Test("bash: Tab completes a command, an option's values and the person's own tags, escaped")
    func bash() throws {
        let (home, bin) = try Self.setUp()
        defer { TemporaryFolder.remove(home) }
        let bash = try Self.shell("/bin/bash", ["--norc", "--noprofile", "-i"], home: home, bin: bin)
        defer { bash.close() }
        try bash.waitFor("# ")
        bash.type("PS1='$ '; source <(yadg completions bash)\r")
        try bash.waitForRow("$ ")
        bash.type("yadg exp\t")
        try bash.waitForRow("$ yadg export")
        bash.type("--format \t\t")
        try bash.waitForRow("csv   json  md")
        bash.type("\u{15}yadg find #gar\t")
        try bash.waitForRow("$ yadg find \\#garden")
        bash.type("\t\t")
        try bash.waitForRow("\\#garden       \\#garden-club")
        bash.type("\u{5} \r")
        try bash.waitForRow("planted basil")
        bash.type("exit\r")
        _ = try bash.waitForExit()
    }

    @Test("zsh: Tab completes commands with what they do, and the person's own tags, escaped")
    func zsh() throws {
        let (home, bin) = try Self.setUp()
        defer { TemporaryFolder.remove(home) }
        let zsh = try Self.shell("/usr/bin/zsh", ["-f", "-i"], home: home, bin: bin)
        defer { zsh.close() }
        try zsh.waitFor("# ")
        zsh.type("PS1='%% '; autoload -Uz compinit && compinit -u -D && source <(yadg completions zsh)\r")
        try zsh.waitForRow("% ")
        zsh.type("yadg onth\t")
        try zsh.waitForRow("% yadg onthisday")
        zsh.type("\u{15}yadg s\t")
        try zsh.waitForRow("-- send changes to the yadg backend now")
        zsh.type("\u{15}yadg find #gar\t")
        try zsh.waitForRow("% yadg find \\#garden")
        zsh.type("\u{15}exit\r")
        _ = try zsh.waitForExit()
    }

    @Test("fish: Tab completes commands with what they do, and the person's own tags, escaped")
    func fish() throws {
        let (home, bin) = try Self.setUp()
        defer { TemporaryFolder.remove(home) }
        let fish = try Self.shell("/usr/bin/fish", ["--no-config", "-i"], home: home, bin: bin)
        defer { fish.close() }
        try fish.waitFor("# ")
        fish.type("function fish_prompt; echo '$ '; end; yadg completions fish | source\r")
        try fish.waitForRow("$ ")
        fish.type("yadg onth\t")
        try fish.waitForRow("$ yadg onthisday")
        fish.type("\u{15}yadg find \t")
        try fish.waitForRow("#garden-club")
        fish.type("\u{15}yadg find \\#gar\t")
        try fish.waitForRow("$ yadg find \\#garden")
        fish.type("\u{15}exit\r")
        _ = try fish.waitForExit()
    }
}
