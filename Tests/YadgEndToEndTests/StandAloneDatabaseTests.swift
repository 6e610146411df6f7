import Foundation
import Testing
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `moments.db` alone, copied after any command, holds every moment that command confirmed; a
/// home that lost its log says so instead of starting fresh; a log removed under a running yadg
/// stops its writes, and what the log held is kept (YadgStorage's Storage article, "A database
/// that stands alone").
struct StandAloneDatabaseTests {
    /// The texts of the moments in a copy of `moments.db` alone (no `-wal`, no `-shm`), as a
    /// backup tool that skips them would keep it.
    static func momentsInCopyAlone(of home: String) throws -> [String] {
        let copy = TemporaryFolder.make("yadg-copy")
        defer { TemporaryFolder.remove(copy) }
        try FileManager.default.copyItem(atPath: home + "/moments.db", toPath: copy + "/moments.db")
        return YadgProcess.query("SELECT text FROM moments ORDER BY ref", home: copy).map { $0[0] }
    }

    @Test("After each one-shot log and after a pipe, moments.db alone holds every moment confirmed")
    func copyAloneAfterCommands() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        for number in 1...5 {
            let logged = try YadgProcess.run(["log", "took", "walk", "\(number)"], home: home)
            #expect(logged.status == 0 && logged.stdout.hasPrefix("Moment logged  #\(number)"))
            #expect(try Self.momentsInCopyAlone(of: home) == (1...number).map { "took walk \($0)" })
        }
        let lines = (1...600).map { "did thing \($0)" }
        let piped = try YadgProcess.run(["--no-ai"], stdin: lines.joined(separator: "\n") + "\n", home: home)
        #expect(piped.status == 0 && piped.stdout.components(separatedBy: "Moment logged").count == 601)
        #expect(try Self.momentsInCopyAlone(of: home) == (1...5).map { "took walk \($0)" } + lines)
        // The end of the run emptied the log: nothing in it that the file lacks.
        let log = try FileManager.default.attributesOfItem(atPath: home + "/moments.db-wal")[.size] as? Int
        #expect(log == 0)
    }

    @Test("A pipe still running has folded its log into the file once the log passed a small size")
    func foldedPastASmallSize() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let yadg = try YadgProcess.start(["--json", "--no-ai"], home: home)
        defer { yadg.process.terminate() }
        var acknowledged = 0
        for round in 0..<8 {
            let lines = (0..<500).map { "did thing \(round * 500 + $0)\n" }.joined()
            yadg.input.write(Data(lines.utf8))
            let seen = YadgProcess.read(yadg.output, until: "did thing \(round * 500 + 499)\"")
            acknowledged += seen.components(separatedBy: #""event":"logged""#).count - 1
        }
        #expect(acknowledged == 4000)
        // Still running: its log is folded in each time it passes 2 MB (some 2,000 lines), so the
        // file alone lacks at most the last stretch.
        let inFile = try Self.momentsInCopyAlone(of: home).count
        #expect(inFile >= 4000 - 2500, "the file alone holds \(inFile) of 4000")
        try yadg.input.close()
        yadg.process.waitUntilExit()
        #expect(try Self.momentsInCopyAlone(of: home).count == 4000)
    }

    @Test("In the conversation the file alone holds each moment soon after it is logged, and all at the end")
    func conversationFolds() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: ["YADG_AI_PROVIDER": "none"])
        defer { terminal.close() }
        terminal.type("took a walk\r")
        try terminal.waitFor("Moment logged  #2")
        var held: [String] = []
        for _ in 0..<100 {
            held = try Self.momentsInCopyAlone(of: home)
            if held.count == 2 { break }
            usleep(20_000)
        }
        #expect(held == ["first", "took a walk"], "while the conversation is open")
        terminal.type("called mom\r")
        try terminal.waitFor("Moment logged  #3")
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(try Self.momentsInCopyAlone(of: home) == ["first", "took a walk", "called mom"])
    }

    @Test("A home that was used and opens with no tables is damage, said as damage; nothing is written")
    func noTablesIsDamage() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        // What an older yadg left when its log was lost: the file holds only SQLite's header (the
        // tables were in the log), and the log's index is still beside it.
        let scratch = TemporaryFolder.make("yadg-scratch")
        defer { TemporaryFolder.remove(scratch) }
        #expect(YadgProcess.execute("PRAGMA journal_mode = WAL", home: scratch, creating: true))
        try FileManager.default.copyItem(atPath: scratch + "/moments.db", toPath: home + "/moments.db")
        FileManager.default.createFile(atPath: home + "/moments.db-shm", contents: Data(count: 32_768))
        let before = try Data(contentsOf: URL(fileURLWithPath: home + "/moments.db"))
        let said =
            "yadg: Your moments at \(home)/moments.db open without what they held: this home was used, but the log "
            + "beside the file (\(home)/moments.db-wal) is missing or was replaced. I won't write anything or start "
            + "fresh, so nothing more is lost. If a backup has the file with its -wal, put both back; to start over "
            + "on purpose, move the folder aside.\n"
        for (arguments, stdin) in [(["moments", "all"], ""), (["log", "took", "a", "walk"], ""), ([], "made tea\n")] {
            let result = try YadgProcess.run(arguments, stdin: stdin, home: home)
            #expect(result.status == 3, "\(arguments)")
            #expect(result.stderr == said, "\(arguments)")
            #expect(!result.stdout.contains("Nothing here yet") && !result.stdout.contains("Moment logged"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: home + "/moments.db")) == before, "nothing written")
        #expect(FileManager.default.fileExists(atPath: home + "/moments.db-shm"), "the index left as found")
    }

    @Test("A home whose state says moments were logged, and that has none, is damage too")
    func noMomentsWhereThereWereMoments() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        #expect(try YadgProcess.run(["log", "took", "a", "walk"], home: home).status == 0)
        // An older copy of the file: the moments were still in the log then.
        #expect(YadgProcess.execute("DELETE FROM moments", home: home))
        let result = try YadgProcess.run(["moments", "all"], home: home)
        #expect(result.status == 3)
        #expect(result.stderr.contains("open without what they held"))
        #expect(!result.stdout.contains("Nothing here yet"))
    }

    @Test("A log removed under a running yadg: the next line is refused and said; what it held is in the file")
    func logRemovedWhileRunning() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let yadg = try YadgProcess.start(["--no-ai"], home: home)
        yadg.input.write(Data("took a walk\n".utf8))
        #expect(YadgProcess.read(yadg.output, until: "Moment logged").contains("#1"))
        #expect(unlink(home + "/moments.db-wal") == 0)
        yadg.input.write(Data("called mom\n".utf8))
        try yadg.input.close()
        let rest = String(decoding: yadg.output.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: yadg.errors.readDataToEndOfFile(), as: UTF8.self)
        yadg.process.waitUntilExit()
        #expect(!rest.contains("Moment logged"), "nothing acknowledged into a removed log: \(rest)")
        #expect(
            said
                == "yadg: line 2: The log beside your moments file (moments.db-wal) was removed while yadg had it "
                + "open, so this isn't saved, and nothing more will be until yadg starts again. Everything saved "
                + "before is in moments.db.\n")
        #expect(yadg.process.terminationStatus == 3)
        #expect(try Self.momentsInCopyAlone(of: home) == ["took a walk"])
        // The next run finds the file whole, and logs on.
        let next = try YadgProcess.run(["log", "called", "mom"], home: home)
        #expect(next.status == 0 && next.stdout.hasPrefix("Moment logged  #2"))
    }

    @Test("A conversation whose log is removed stops writing and says so; every moment it confirmed is kept")
    func conversationLogRemoved() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: ["YADG_AI_PROVIDER": "none"])
        defer { terminal.close() }
        terminal.type("took a walk\r")
        try terminal.waitFor("Moment logged  #2")
        #expect(unlink(home + "/moments.db-wal") == 0)
        terminal.type("called mom\r")
        try terminal.waitFor("nothing more will be until yadg starts again")
        #expect(!terminal.screenText.contains("Moment logged  #3"))
        terminal.type("\u{04}")
        _ = try terminal.waitForExit()
        #expect(try Self.momentsInCopyAlone(of: home) == ["first", "took a walk"])
    }
}
