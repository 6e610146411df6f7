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

    @Test("A day and a part of it combine in either order, and an edit re-reads time as a logged line does")
    func timesInAnyOrder() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try Self.run(
            [
                "walked in the morning yesterday", "ran in the evening yesterday", "swam on monday in the evening",
                "went to bed at 10", "took a walk", "/edit 5 took a long walk yesterday", "/moments",
            ], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        expectTranscript(
            result.stdout,
            """
            Moment logged  #1
              walked
              yesterday morning
              Movement is a gift to future you.
            Moment logged  #2
              ran
              yesterday evening
              Legs: activated. Mood: probably better.
            Moment logged  #3
              swam
              Monday evening
              Look at you, moving and grooving.
            Moment logged  #4
              went to bed
              yesterday · 10:00 PM
              You made your space a little kinder.
            Moment logged  #5
              took a walk
              just now · 3:30 PM
              That's energy well spent.
            Changed #5 to "took a long walk", yesterday. /undo changes it back.
            Moments

            Yesterday
              4  went to bed
                 10:00 PM · "You made your space a little kinder."
              2  ran
                 yesterday evening · "Legs: activated. Mood: probably better."
              5  took a long walk
                 yesterday · "That's energy well spent."
              1  walked
                 yesterday morning · "Movement is a gift to future you."

            Monday, Nov 23, 2026
              3  swam
                 Monday evening · "Look at you, moving and grooving."

            """)
        // At noon, the evening not begun yet: yesterday's, never "not a win yet".
        let noon = try Self.run(["ran yesterday in the evening"], home: home, at: "2026-11-25T12:00:00")
        #expect(noon.status == 0 && noon.stdout.contains("  ran\n  yesterday evening\n"), "\(noon.stdout)")
    }

    @Test("Labels read naturally: rounded amounts say so, a part of today is this morning, a day is its calendar's")
    func labelsReadNaturally() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try Self.run(
            [
                "took a walk 122 minutes ago", "read 179 min ago", "took out the trash", "/when in the morning",
                "/moments",
            ],
            home: home)
        expectTranscript(
            result.stdout,
            """
            Moment logged  #1
              took a walk
              about 2 hours ago · 1:28 PM
              You showed up for your body today.
            Moment logged  #2
              read
              3 hours ago · 12:31 PM
              Nice — you learned something today.
            Moment logged  #3
              took out the trash
              just now · 3:30 PM
              You made your space a little kinder.
            Set #3 "took out the trash" to this morning
            Moments

            Today
              1  took a walk
                 about 2 hours ago · "You showed up for your body today."
              2  read
                 3 hours ago · "Nice — you learned something today."
              3  took out the trash
                 this morning · "You made your space a little kinder."

            """)
        // After midnight, "tonight" is the evening just gone, shown under Yesterday as such.
        let late = try Self.run(["did dishes tonight", "/moments yesterday"], home: home, at: "2026-11-26T00:30:00")
        #expect(late.stdout.contains("Yesterday\n  4  did dishes\n     yesterday evening · "), "\(late.stdout)")
        #expect(!late.stdout.contains("tonight"))
        // A moment of another day is not praised for "today" (the seed picks that line on main).
        let yesterday = try Self.run(["walked in the morning yesterday"], home: YadgProcess.makeHome())
        #expect(!yesterday.stdout.contains("today"), "\(yesterday.stdout)")
    }

    @Test("/moments last week and last month show those days; a question with no period is about every moment")
    func periodsAndQuestions() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try Self.run(
            ["took a walk", "called mom 3 days ago", "walked the dog 9 days ago", "ran 30 days ago"], home: home)
        let result = try Self.run(
            ["/moments last week", "/moments last month", "how many walks did I take?", "did I call mom?"],
            home: home)
        expectTranscript(
            result.stdout,
            """
            Moments

            Sunday, Nov 22, 2026
              2  called mom
                 3 days ago · "That was a kind way to spend a moment."

            Monday, Nov 16, 2026
              3  walked the dog
                 9 days ago · "Every step counts, and you took some."
            Moments

            Monday, Oct 26, 2026
              4  ran
                 30 days ago · "Look at you, moving and grooving."
            2 moments so far with “walks”:

            Today
              1  took a walk
                 just now · "You showed up for your body today."

            Monday, Nov 16, 2026
              3  walked the dog
                 9 days ago · "Every step counts, and you took some."
            Yes, the last time was 3 days ago:

            Sunday, Nov 22, 2026
              2  called mom
                 3 days ago · "That was a kind way to spend a moment."

            """)
    }

    @Test("Every one-shot command takes --help and -h, and yadg help COMMAND; nothing is logged")
    func helpForACommand() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        for arguments in [
            ["log", "--help"], ["log", "-h"], ["moments", "-h"], ["export", "--help"], ["help", "export"],
        ] {
            let result = try Self.command(arguments, home: home)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasPrefix("Usage: yadg " + (arguments[0] == "help" ? arguments[1] : arguments[0])))
        }
        let export = try Self.command(["help", "export"], home: home)
        expectTranscript(
            export.stdout,
            """
            Usage: yadg export [json|csv|md] [--format FORMAT] [--output FILE] [--with-deleted]
              save your moments to a file: /export json (or csv, md)

            Options:
              --format FORMAT   the export's format: json, csv or md
              --output FILE     write the export to this file (0600) instead of stdout
              --with-deleted    include deleted moments, marked by their archivedAt (json,
                                csv)

            """)
        #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["0"]])
        let unknown = try Self.command(["help", "exprot"], home: home)
        #expect(unknown.status == 2 && unknown.stderr.contains("Did you mean /export?"))
        // After --, the words are the moment's.
        #expect(try Self.command(["log", "--", "-h"], home: home).stdout.hasPrefix("Moment logged  #1\n  -h\n"))
    }

    @Test("--literal logs every line as written, /moments too; a plan is still not a win")
    func literalLogsEveryLine() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(
            ["--literal"], stdin: "moments\n/moments\nhow many walks?\ngonna run tomorrow\n", home: home,
            env: Self.issueClock)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("yadg: line 4: That sounds like it hasn't happened yet"))
        #expect(
            YadgProcess.query("SELECT text FROM moments ORDER BY ref", home: home) == [
                ["moments"], ["/moments"], ["how many walks?"],
            ])
    }

    @Test("Bytes that are not UTF-8 are refused with their line number and a non-zero status")
    func notUTF8() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        var bytes = Array("took a walk\n".utf8) + [0xFF, 0xFE, 0x41, 0x0A] + Array("read a book\n".utf8)
        // And 300 bytes of noise, as from a binary file.
        var state: UInt32 = 39
        bytes +=
            (0..<300).map { _ in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24) | 0x80
            } + [0x0A]
        let file = home + "/noise.txt"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let raw = try Self.shell("\"$1\" < \"$2\"", YadgProcess.binary.path, file, home: home)
        #expect(raw.status == 1)
        #expect(
            raw.stderr == """
                yadg: line 2: That line isn't UTF-8 text, so it wasn't logged. If it was written in another encoding, iconv -t UTF-8 converts it.
                yadg: line 4: That line isn't UTF-8 text, so it wasn't logged. If it was written in another encoding, iconv -t UTF-8 converts it.

                """)
        #expect(
            YadgProcess.query("SELECT text FROM moments ORDER BY ref", home: home) == [
                ["took a walk"], ["read a book"],
            ])
    }

    /// `sh -c script` with arguments, in the issue's environment: for raw bytes on stdin.
    static func shell(_ script: String, _ arguments: String..., home: String) throws -> YadgProcess.Result {
        try YadgProcess.run(
            ["-c", script, "sh"] + arguments, home: home, executable: URL(fileURLWithPath: "/bin/sh"),
            env: issueClock)
    }

    @Test("/premium start opens nothing nobody here owns: no service, no purchase page")
    func premiumStartWithNothingSetUp() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try Self.run(["/premium start"], home: home)
        #expect(result.status == 0)
        #expect(result.stdout == "No subscription service is set up here; everything in yadg is yours.\n")
        #expect(!result.stdout.contains("http"))
    }

    @Test("/find matches whole words by their stem")
    func findByWords() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try Self.run(
            ["drank water", "took a walk", "ran 5k", "walked the dog", "/find ran", "/find walks"], home: home)
        let found = result.stdout.components(separatedBy: "Moments with")
        try #require(found.count == 3)
        #expect(found[1].contains("ran 5k") && !found[1].contains("drank water"))
        #expect(found[2].contains("took a walk") && found[2].contains("walked the dog"))
    }

    @Test("A time alone is answered with the time as typed")
    func aTimeAlone() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try Self.run(["at 7", "2 hours ago"], home: home)
        #expect(
            result.stderr == """
                yadg: line 1: Tell me what you did, too, like: took a walk at 7
                yadg: line 2: Tell me what you did, too, like: took a walk 2 hours ago

                """)
    }

    @Test("hi on an empty home is never welcomed back; with moments from before it may be")
    func greetingOnAnEmptyHome() throws {
        let greetings = ["hi", "hello", "hey", "hiya", "hi", "hey there"]
        for seed in ["1", "7"] {
            let home = YadgProcess.makeHome()
            defer { TemporaryFolder.remove(home) }
            let empty = try YadgProcess.run(
                stdin: greetings.joined(separator: "\n") + "\n", home: home,
                env: Self.issueClock.merging(["YADG_SEED": seed]) { $1 })
            #expect(!empty.stdout.contains("back"), "\(empty.stdout)")
        }
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try Self.run(["took a walk"], home: home, at: "2026-11-24T09:00:00")
        let again = try Self.run(greetings, home: home)
        #expect(again.stdout.contains("Nice to have you back."))
    }
}

/// Issue 39's interactive repros, on a pseudo-terminal.
struct NewcomerTerminalTests {
    @Test("/moments in the middle of /did shows them, and the moment waits; /settings ai asks nothing of one choice")
    func commandsInTheMiddleOfDid() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"])
        defer { terminal.close() }
        terminal.type("/did\r")
        try terminal.waitFor("What did you do?")
        terminal.type("fed the cat\r")
        try terminal.waitFor("Happened just now")
        let before = terminal.screenText.count
        terminal.type("/moments\r")
        try terminal.waitFor(
            "Your moment from /did is still waiting (/cancel lets it go):\n⏱ Happened just now", after: before)
        terminal.type("\r")
        try terminal.waitFor("How did it feel?", after: before)
        terminal.type("\r")
        try terminal.waitFor("A note to keep with it?", after: before)
        terminal.type("\r")
        try terminal.waitFor("Save this moment", after: before)
        terminal.type("\r")
        try terminal.waitFor("Moment logged  #2", after: before)
        let card = terminal.screenText.count
        try terminal.waitFor("› ", after: card - 2)
        terminal.type("/settings ai\r")
        try terminal.waitFor("roughly when it happened are sent", after: card)
        terminal.type("\u{04}")
        _ = try terminal.waitForExit()
        #expect(!terminal.screenText.contains("Type a number"))
        #expect(YadgProcess.query("SELECT text FROM moments ORDER BY ref", home: home) == [["first"], ["fed the cat"]])
    }
}
