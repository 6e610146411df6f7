import Foundation
import Testing
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Outputs that fail loudly: a write to standard output or its close that fails says so and ends
/// with exit 3; `--output` replaces a file only with a whole, durable one; an export never leaves
/// a moment out unsaid; a moment that could never be read back is refused before it is saved.
struct LoudOutputEndToEndTests {
    static let outputFailed =
        "yadg: I couldn't write to standard output (No space left on device), so what it shows is cut short. "
        + "Every moment acknowledged before is saved.\n"

    /// yadg with standard output sent where the shell line says (`> /dev/full`, `>&-`).
    static func run(_ arguments: String, redirect: String, home: String, stdin: String = "") throws
        -> YadgProcess.Result
    {
        try YadgProcess.run(
            ["-c", "exec \"$YADG\" \(arguments) \(redirect)"], stdin: stdin, home: home,
            executable: URL(fileURLWithPath: "/bin/sh"), env: ["YADG": YadgProcess.binary.path])
    }

    @Test("A full disk under standard output: export, log, a pipe and a view each say so, with exit 3")
    func fullDisk() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        #expect(try YadgProcess.run(["log", "took", "a", "walk"], home: home).status == 0)
        for (arguments, stdin) in [
            ("export --format json", ""), ("export --format csv", ""), ("log made tea", ""),
            ("--no-ai", "read a book\ncalled mom\n"), ("moments all", ""), ("stats", ""),
        ] {
            let result = try Self.run(arguments, redirect: "> /dev/full", home: home, stdin: stdin)
            #expect(result.status == 3, "\(arguments)")
            #expect(result.stderr == Self.outputFailed, "\(arguments)")
        }
        // What was saved before the acknowledgement could not be written stays saved.
        #expect(
            YadgProcess.query("SELECT text FROM moments ORDER BY ref", home: home).map { $0[0] } == [
                "took a walk", "made tea", "read a book", "called mom",
            ])
    }

    @Test("Standard output closed: exit 3 and the reason; a reader that left (EPIPE) ends quietly")
    func closedOutput() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        #expect(try YadgProcess.run(["log", "took", "a", "walk"], home: home).status == 0)
        let closed = try Self.run("export --format json", redirect: ">&-", home: home)
        #expect(closed.status == 3)
        #expect(
            closed.stderr
                == "yadg: I couldn't write to standard output (Bad file descriptor), so what it shows is cut short. "
                + "Every moment acknowledged before is saved.\n")
        let headed = try YadgProcess.run(
            ["-c", "\"$YADG\" moments all | head -c 1 > /dev/null; exit ${PIPESTATUS:-0}"], home: home,
            executable: URL(fileURLWithPath: "/bin/bash"), env: ["YADG": YadgProcess.binary.path])
        #expect(headed.stderr.isEmpty)
    }

    @Test("--output replaces a file only with a whole one: a kill at any point leaves the old or the new")
    func outputIsWholeOrOld() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let lines = (1...3000).map { "did a long and careful thing number \($0)\n" }.joined()
        #expect(try YadgProcess.run(["--no-ai"], stdin: lines, home: home).status == 0)
        let target = home + "/backup.json"
        let old = Data("{\"version\":1,\"moments\":[]}\n".utf8)
        try old.write(to: URL(fileURLWithPath: target))
        let whole = try YadgProcess.run(["export", "--output", target], home: home)
        let new = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect(whole.stdout == "Exported 3000 moments to \(target). It replaced the file that was there.\n")
        var (kept, replaced) = (0, 0)
        for round in 0..<25 {
            try old.write(to: URL(fileURLWithPath: target))
            let process = Process()
            process.executableURL = YadgProcess.binary
            process.arguments = ["export", "--output", target]
            process.environment = YadgProcess.environment(home: home)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // From the start to well past the end (about 150 ms on a debug build).
            usleep(UInt32(5_000 + (round * 17_929) % 250_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let found = try Data(contentsOf: URL(fileURLWithPath: target))
            #expect(found == old || found == new, "round \(round): \(found.count) bytes")
            if found == old { kept += 1 } else { replaced += 1 }
        }
        // A run killed between making its temporary file and renaming it leaves that file, hidden,
        // beside the target: never anything in the target's place.
        let others = try FileManager.default.contentsOfDirectory(atPath: home).filter {
            !$0.hasPrefix("moments.db") && $0 != "backup.json"
        }
        #expect(others.allSatisfy { $0.hasPrefix(".backup.json.") && $0.hasSuffix(".partial") }, "\(others)")
        print("export --output kill loop: \(kept) kept the old file, \(replaced) the new one")
    }

    @Test("A file --output cannot write is said with exit 3, and the file there is untouched")
    func outputFails() throws {
        let home = YadgProcess.makeHome()
        defer {
            chmod(home + "/locked", 0o755)
            TemporaryFolder.remove(home)
        }
        #expect(try YadgProcess.run(["log", "took", "a", "walk"], home: home).status == 0)
        let folder = home + "/locked"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let target = folder + "/backup.json"
        try Data("yesterday's good export\n".utf8).write(to: URL(fileURLWithPath: target))
        // Readable by the other user, who may write nothing there.
        for file in try FileManager.default.contentsOfDirectory(atPath: home) { chmod(home + "/" + file, 0o644) }
        chmod(home, 0o755)
        chmod(folder, 0o555)
        let result = try YadgProcess.runAsAnotherUser(["export", "--output", target], home: home)
        #expect(result.status == 3)
        #expect(result.stderr.hasPrefix("yadg: I couldn't write \(target): "))
        #expect(!result.stdout.contains("Exported"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "yesterday's good export\n")
    }

    @Test("A stored moment that cannot be read back makes export fail, loudly, never leave it out")
    func unreadableRow() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        #expect(try YadgProcess.run(stdin: "took a walk\nmade tea\n", home: home).status == 0)
        // What an older yadg stored with its clock in the year 10000.
        #expect(
            YadgProcess.execute(
                "UPDATE moments SET submitted_at = '10000-01-01T04:00:00.000Z' WHERE text = 'made tea'", home: home))
        for arguments in [["export", "--format", "json"], ["export", "--format", "csv", "--with-deleted"]] {
            let result = try YadgProcess.run(arguments, home: home)
            #expect(result.status == 3, "\(arguments)")
            #expect(
                result.stderr
                    == "yadg: Moment #2 can't be read back (submitted_at is 10000-01-01T04:00:00.000Z), so I stopped "
                    + "rather than leave it out. Nothing was written or changed.\n")
            #expect(result.stdout.isEmpty)
        }
        let toFile = try YadgProcess.run(["export", "--output", home + "/all.json"], home: home)
        #expect(toFile.status == 3 && !FileManager.default.fileExists(atPath: home + "/all.json"))
    }

    @Test("A clock past the year 9999, or a time before the year 0, is refused before anything is saved")
    func clockOutOfRange() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let late = try YadgProcess.run(["log", "late", "walk"], home: home, env: ["YADG_NOW": "9999-12-31T23:00:00"])
        #expect(late.status == 1)
        #expect(
            late.stderr
                == "yadg: Your clock says it's 9999-12-31, past the last day I can keep a moment on (the end of the "
                + "year 9999, in UTC), so this isn't logged. Check the system clock (or YADG_NOW), then send it again.\n"
        )
        let ancient = try YadgProcess.run(["--json"], stdin: "walked 9000 years ago\n", home: home)
        #expect(
            ancient.stdout == #"{"event":"not_logged","input":"walked 9000 years ago","reason":"out_of_range"}"# + "\n")
        #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["0"]])
        #expect(try YadgProcess.run(["log", "walked", "2000", "years", "ago"], home: home).status == 0)
    }
}
