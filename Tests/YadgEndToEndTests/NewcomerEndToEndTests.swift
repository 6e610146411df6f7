import Foundation
import Testing
import YadgTestSupport

/// Issue 39's repros through the real binary, run as the issue wrote them: Wednesday 2026-11-25
/// at 15:30 in New York, seed 1, a fresh home.
struct NewcomerEndToEndTests {
    static let issueClock = ["YADG_NOW": "2026-11-25T15:30:00", "YADG_SEED": "1", "YADG_AI": "off"]

    /// Lines piped into `yadg`, at the issue's clock (or `now`).
    static func run(_ lines: [String], home: String, at now: String? = nil) throws -> YadgProcess.Result {
        try command([], stdin: lines, home: home, at: now)
    }

    /// `yadg <arguments>`, at the issue's clock (or `now`).
    static func command(_ arguments: [String], stdin lines: [String] = [], home: String, at now: String? = nil)
        throws -> YadgProcess.Result
    {
        var env = issueClock
        if let now { env["YADG_NOW"] = now }
        let stdin = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        return try YadgProcess.run(arguments, stdin: stdin, home: home, env: env)
    }

    @Test("undo that after /delete brings that moment back and deletes nothing else")
    func undoThatAfterDelete() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try Self.run(["took a walk", "called mom", "/delete 1", "undo that", "/moments"], home: home)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        expectTranscript(
            result.stdout,
            """
            Moment logged  #1
              took a walk
              just now · 3:30 PM
              You showed up for your body today.
            Moment logged  #2
              called mom
              just now · 3:30 PM
              That was a kind way to spend a moment.
            Deleted #1 "took a walk". /undo brings it back.
            Brought back #1 "took a walk".
            Moments

            Today
              2  called mom
                 just now · "That was a kind way to spend a moment."
              1  took a walk
                 just now · "You showed up for your body today."

            """)
    }

    @Test("/undo walks back each change, newest first; a wrong time is taken back too")
    func undoWalksBack() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try Self.run(
            [
                "took out the trash", "/edit 1 took out the recycling", "actually it was yesterday", "/fav 1",
                "/mood 1 proud", "/note 1 both bins", "/tag 1 #chores", "/when at 8am",
                "undo that", "/undo", "/undo", "/undo", "/undo", "/undo", "/undo", "/moments",
            ], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let from = try #require(lines.firstIndex { $0.hasPrefix("Changed #1 to") })
        #expect(
            Array(lines[from...]) == [
                "Changed #1 to \"took out the recycling\". /undo changes it back.",
                "Set #1 \"took out the recycling\" to yesterday",
                "★ #1 \"took out the recycling\" is a favourite.",
                "🏅 Proud, noted for #1 \"took out the recycling\".",
                "Note added to #1 \"took out the recycling\".",
                "Tagged #1 \"took out the recycling\" #chores.",
                "Set #1 \"took out the recycling\" to 8:00 AM",
                "Moved #1 \"took out the recycling\" back to yesterday.",
                "Took back the new tags on #1 \"took out the recycling\".",
                "Took back the note change on #1 \"took out the recycling\".",
                "Took back the mood change on #1 \"took out the recycling\".",
                "Took the star off #1 \"took out the recycling\" again.",
                "Moved #1 \"took out the recycling\" back to just now.",
                "Changed #1 back to \"took out the trash\".",
                "Moments", "", "Today", "  1  took out the trash",
                "     just now · \"Chores don't do themselves. You did.\"", "",
            ])
    }

    @Test("that is this conversation's last moment, not one another shell logged meanwhile")
    func thatIsNotAnotherShells() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let pipe = try YadgProcess.start(home: home, extra: Self.issueClock)
        pipe.input.write(Data("watered the garden\n".utf8))
        _ = YadgProcess.read(pipe.output, until: "Moment logged  #1", within: 10)
        let elsewhere = try Self.command(["log", "paid", "a", "bill"], home: home)
        #expect(elsewhere.stdout.hasPrefix("Moment logged  #2"))
        pipe.input.write(Data("undo that\n/moments\n".utf8))
        try pipe.input.close()
        let rest = String(decoding: pipe.output.readDataToEndOfFile(), as: UTF8.self)
        pipe.process.waitUntilExit()
        expectTranscript(
            rest,
            """
            Took back #1 "watered the garden": it's no longer in your moments.
            Moments

            Today
              2  paid a bill
                 just now · "Quietly heroic, honestly."

            """)
    }

    @Test("An imported moment dated after now is never that")
    func thatIsNotAnImport() throws {
        let home = YadgProcess.makeHome()
        let elsewhere = YadgProcess.makeHome()
        defer {
            TemporaryFolder.remove(home)
            TemporaryFolder.remove(elsewhere)
        }
        // A moment from a machine whose clock is a week ahead.
        _ = try Self.run(["paid a bill"], home: elsewhere, at: "2026-12-02T09:00:00")
        let file = elsewhere + "/export.json"
        _ = try Self.command(["export", "--format", "json", "--output", file], home: elsewhere)
        let pipe = try YadgProcess.start(home: home, extra: Self.issueClock)
        pipe.input.write(Data("watered the garden\n".utf8))
        _ = YadgProcess.read(pipe.output, until: "Moment logged  #1", within: 10)
        #expect(try Self.command(["import", file], home: home).status == 0)
        pipe.input.write(Data("star it\n".utf8))
        try pipe.input.close()
        let rest = String(decoding: pipe.output.readDataToEndOfFile(), as: UTF8.self)
        pipe.process.waitUntilExit()
        #expect(rest.hasSuffix("★ #1 \"watered the garden\" is a favourite.\n"), "\(rest)")
        #expect(
            YadgProcess.query("SELECT text, is_favorite FROM moments ORDER BY ref", home: home) == [
                ["watered the garden", "1"], ["paid a bill", "0"],
            ])
    }
}
