import FixtureServer
import Foundation
import Testing
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Delete my data, as a person uses it: asked in the conversation, `--yes` in a pipe, with the
/// backend archiving first, and under SIGKILL.
struct DeleteMyDataEndToEndTests {
    /// Everything in the home, sorted.
    static func contents(_ home: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home)) ?? []).sorted()
    }

    @Test("In the conversation: a cancel keeps everything; the word delete removes it; the next run is a first run")
    func conversation() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let env = YadgProcess.environment(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"])
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"])
        defer { terminal.close() }
        terminal.type("took a walk\r")
        try terminal.waitFor("Moment logged")
        terminal.type("/delete-my-data\r")
        try terminal.waitFor("Type delete to remove it all, or anything else to keep it.")
        terminal.type("no thanks\r")
        try terminal.waitFor("Okay, nothing was deleted. Everything is just as it was.")
        #expect(YadgProcess.query("SELECT text FROM moments ORDER BY ref", home: home) == [["first"], ["took a walk"]])
        terminal.type("/delete-my-data\r")
        try terminal.waitFor("Type delete to remove it all", after: 1)
        terminal.type("delete\r")
        #expect(try terminal.waitForExit() == 0, "the conversation ends: nothing is left to talk about")
        let screen = terminal.screenText
        let unwrapped = screen.replacingOccurrences(of: "\n", with: " ")
        #expect(screen.contains("Done. Everything yadg kept on this machine is gone."))
        #expect(
            unwrapped.contains(
                "Removed: \(home)/moments.db-wal, \(home)/moments.db-shm, \(home)/moments.db, \(home)/history"))
        #expect(screen.contains("Next time you start yadg, it begins fresh. Take care of yourself."))
        #expect(
            !FileManager.default.fileExists(atPath: home), "the folder yadg made is gone too: \(Self.contents(home))")

        // A first run again: the onboarding, then the hint and the pre-filled first line.
        let again = try PseudoTerminal(arguments: [], environment: env)
        defer { again.close() }
        try again.waitFor("Hey. Glad you're here.")
        again.type("x")
        try again.waitFor("Alright, let's do this")
        again.type("\r")
        try again.waitFor("› I installed this app. A tiny step, but it counts.")
        again.type("\u{04}")
        _ = try? again.waitForExit()
    }

    @Test("From a pipe only with --yes; the config the person wrote stays and is named")
    func pipe() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try YadgProcess.run(stdin: "took a walk\ncalled mom\n", home: home)
        try "provider = none\n".write(toFile: home + "/config", atomically: true, encoding: .utf8)
        _ = try YadgProcess.run(["settings", "ai", "none"], home: home)
        #expect(Self.contents(home) == ["config", "moments.db", "moments.db-shm", "moments.db-wal", "settings"])

        let refused = try YadgProcess.run(stdin: "/delete-my-data\n", home: home)
        #expect(refused.status == 2 && refused.stderr.contains("run it as yadg delete-my-data --yes"))
        let refusedOneShot = try YadgProcess.run(["delete-my-data"], home: home)
        #expect(refusedOneShot.status == 2)
        #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["2"]])

        let deleted = try YadgProcess.run(stdin: "/delete-my-data --yes\nthis line comes after\n", home: home)
        #expect(deleted.status == 0)
        expectTranscript(
            deleted.stdout,
            """
            Done. Everything yadg kept on this machine is gone.
            Removed: \(home)/moments.db-wal, \(home)/moments.db-shm, \(home)/moments.db, \(home)/settings
            Left in place, because you wrote it: \(home)/config
            Next time you start yadg, it begins fresh. Take care of yourself.

            """)
        #expect(Self.contents(home) == ["config"], "and the line after it was not saved anywhere")

        let fresh = try YadgProcess.run(["moments", "all", "--json"], home: home)
        #expect(fresh.status == 0 && fresh.stdout.contains(#""moments":[]"#))
        #expect(YadgProcess.query("SELECT key FROM state WHERE key LIKE 'has%'", home: home).isEmpty)
    }

    @Test("With the backend: every synced moment is archived there first; down, nothing is deleted")
    func backend() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let env = ["YADG_API_URL": backend.url]
        _ = try YadgProcess.run(stdin: "took a walk\ncalled mom\nread a book\n", home: home, env: env)
        #expect(backend.stored.count == 3 && backend.stored.values.allSatisfy { !$0.archived })

        backend.set(.down)
        let down = try YadgProcess.run(["delete-my-data", "--yes"], home: home, env: env)
        #expect(down.status == 4, "the server did not answer: exit 4")
        #expect(
            down.stderr
                == "yadg: Couldn't reach the server to archive your moments there (the server could not be reached), so nothing was deleted. Try again when it can be reached.\n"
        )
        #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["3"]])

        backend.set(.normal)
        let before = backend.requests.count
        let deleted = try YadgProcess.run(["delete-my-data", "--yes"], home: home, env: env)
        #expect(deleted.status == 0)
        #expect(
            deleted.stdout.contains(
                "On the server, your 3 moments were archived: they no longer show in any list there."))
        #expect(backend.stored.values.allSatisfy { $0.archived })
        #expect(backend.requests.dropFirst(before).filter { $0.method == "DELETE" }.count == 3)
        #expect(!FileManager.default.fileExists(atPath: home + "/moments.db"))
    }

    @Test(
        "Delete my data while another yadg is logging: that yadg refuses the next line, and acknowledges nothing lost")
    func deleteWhileAnotherWrites() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let yadg = try YadgProcess.start(home: home)
        let writer = yadg.process
        yadg.input.write(Data("took a walk\n".utf8))
        #expect(YadgProcess.read(yadg.output, until: "Moment logged").contains("took a walk"))
        let deleted = try YadgProcess.run(["delete-my-data", "--yes"], home: home)
        #expect(deleted.status == 0)
        yadg.input.write(Data("called mom\n".utf8))
        try yadg.input.close()
        let rest = String(decoding: yadg.output.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: yadg.errors.readDataToEndOfFile(), as: UTF8.self)
        writer.waitUntilExit()
        #expect(!rest.contains("Moment logged"), "nothing acknowledged into deleted files: \(rest)")
        #expect(said.contains("Your data was deleted from another yadg just now, so this isn't saved."), "\(said)")
        #expect(writer.terminationStatus == 3)
        #expect(!FileManager.default.fileExists(atPath: home + "/moments.db"), "nothing written back")
    }

    /// SIGKILL at random moments of `yadg delete-my-data --yes`: afterwards yadg always opens, and
    /// finds either every moment or none (never some, never an error).
    @Test("SIGKILL during deletion leaves all of it or none of it, and yadg always opens")
    func killLoop() throws {
        var (intact, gone, midway) = (0, 0, 0)
        for round in 0..<30 {
            let home = YadgProcess.makeHome()
            defer { TemporaryFolder.remove(home) }
            _ = try YadgProcess.run(stdin: (1...40).map { "moment \($0)\n" }.joined(), home: home)
            let process = Process()
            process.executableURL = YadgProcess.binary
            process.arguments = ["delete-my-data", "--yes"]
            process.environment = YadgProcess.environment(home: home)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(2_000 + (round * 7_919) % 40_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if FileManager.default.fileExists(atPath: home + "/.deleting") { midway += 1 }

            let after = try YadgProcess.run(["moments", "all", "--json"], home: home)
            #expect(after.status == 0 && after.stderr.isEmpty, "round \(round): \(after.stderr)")
            let count = YadgProcess.query("SELECT count(*) FROM moments", home: home).first?.first
            #expect(count == "40" || count == "0", "round \(round): \(count ?? "no database")")
            if count == "40" { intact += 1 } else { gone += 1 }
        }
        print("delete-my-data kill loop: \(intact) intact, \(gone) deleted, \(midway) killed mid-deletion")
    }
}
