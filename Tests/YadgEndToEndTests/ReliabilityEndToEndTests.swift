import Foundation
import Testing
import YadgTestSupport

/// What is acknowledged is what is kept, a newer schema is never written, and stored text cannot
/// drive the terminal through an export.
struct ReliabilityEndToEndTests {
    @Test("A NUL byte no longer cuts the stored text short")
    func nulIsKept() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(["--json"], stdin: "nul\u{0}byte in line\n", home: home)
        #expect(result.stdout.contains(#""text":"nul\u0000byte in line""#))
        #expect(
            YadgProcess.query("SELECT length(CAST(text AS BLOB)), hex(text) FROM moments", home: home)[0][0] == "16")
    }

    @Test("One copy of SQLite in the process: the system's, linked in, with no shared library beside it")
    func oneSQLite() throws {
        // Two copies of SQLite in one process release each other's file locks; linking the
        // static archive is only safe while nothing loads libsqlite3.so as well.
        let libraries = try Self.libraries()
        #expect(libraries.contains("libc.so"), "ldd listed the libraries")
        #expect(!libraries.contains("libsqlite3"))
    }

    @Test("yadg loads FoundationEssentials only: never Foundation or the ICU library it brings")
    func foundationEssentialsOnly() throws {
        // Loading them took longer than all the rest of a one-shot `yadg log` (YadgCore's Time zones article):
        // one `import Foundation` in any module the binary links brings them back.
        let libraries = try Self.libraries()
        #expect(libraries.contains("libFoundationEssentials.so"), "ldd listed the libraries")
        for heavy in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(!libraries.contains(heavy), "\(heavy)")
        }
    }

    @Test("TZ naming a zone on a system without a tz database, or no zone it knows: said once, and which zone is used")
    func noZoneDatabase() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let missing = try YadgProcess.run(
            ["log", "took", "a", "walk"], home: home, env: ["TZ": "Europe/Paris", "TZDIR": home + "/no-zoneinfo"])
        #expect(
            missing.stderr
                == "yadg: TZ says Europe/Paris, but this system has no time zone database to read it from, so times "
                + "are in UTC for now. Installing the tzdata package fixes that.\n")
        #expect(
            YadgProcess.query("SELECT tz, happened_at FROM moments", home: home) == [
                ["UTC", "2026-11-19T15:04:00.000Z"]
            ])
        let found = try YadgProcess.run(["log", "made", "tea"], home: home, env: ["TZ": "Europe/Paris"])
        #expect(found.stderr.isEmpty && found.stdout.contains("3:04 PM"))
        #expect(
            YadgProcess.query("SELECT tz, happened_at FROM moments WHERE text = 'made tea'", home: home)
                == [["Europe/Paris", "2026-11-19T14:04:00.000Z"]])
        // A misspelt TZ is passed over for the system's zone, as the C library does, and said once.
        // The system's zone: what a run with no TZ at all stores.
        let plain = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(plain) }
        #expect(try YadgProcess.run(["log", "took", "a", "walk"], home: plain, env: ["TZ": ""]).stderr.isEmpty)
        let system = YadgProcess.query("SELECT tz FROM moments", home: plain).first?.first ?? "?"
        let misspelt = try YadgProcess.run(
            ["--json"], stdin: "read a book\nwrote a letter\n", home: home, env: ["TZ": "Europe/Pariss"])
        #expect(
            misspelt.stderr
                == "yadg: TZ says Europe/Pariss, which is no time zone I know, so times are in \(system) (this system's "
                + "zone) for now. A name like America/New_York works.\n")
        #expect(
            YadgProcess.query(
                "SELECT DISTINCT tz FROM moments WHERE text IN ('read a book', 'wrote a letter')", home: home)
                == [[system]])
    }

    /// What `ldd` lists for the built binary.
    static func libraries() throws -> String {
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [YadgProcess.binary.path]
        let pipe = Pipe()
        ldd.standardOutput = pipe
        try ldd.run()
        let libraries = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        return libraries
    }

    @Test("A person's own resource file is used; a broken one is named once and the built-in one used")
    func resourceOverrides() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let categories = [
            "movement", "chores", "social", "self-care", "work", "creativity", "rest", "food", "learning", "kindness",
            "other",
        ]
        let pool = "{" + categories.map { "\"\($0)\": [\"My own line for \($0).\"]" }.joined(separator: ", ") + "}"
        try Data(pool.utf8).write(to: URL(fileURLWithPath: home + "/praise.json"))
        try Data("[{\"category\": \"movement\"".utf8).write(to: URL(fileURLWithPath: home + "/actions.json"))
        let result = try YadgProcess.run(["log", "took", "a", "walk"], home: home, env: ["YADG_AI_PROVIDER": "none"])
        #expect(result.status == 0)
        // The built-in classifier still knows a walk; the person's pool says it.
        #expect(result.stdout.contains("My own line for movement."))
        #expect(
            result.stderr
                == "yadg: your actions.json in \(home) couldn't be read, so I'm using the built-in one.\n")
    }

    @Test("A database from a newer yadg is read, never written")
    func newerSchema() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try YadgProcess.run(stdin: "took a walk\n", home: home)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        shell.arguments = [
            "python3", "-c",
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('PRAGMA user_version = 99'); c.commit(); c.close()",
            home + "/moments.db",
        ]
        try shell.run()
        shell.waitUntilExit()
        let before = try Data(contentsOf: URL(fileURLWithPath: home + "/moments.db"))
        let moments = try YadgProcess.run(["moments"], home: home)
        #expect(moments.status == 0 && moments.stdout.contains("took a walk"))
        let log = try YadgProcess.run(["log", "read a book"], home: home)
        #expect(log.status == 3)
        #expect(
            log.stderr
                == "yadg: This data was written by a newer yadg. Update yadg to log here; your moments are untouched.\n"
        )
        let piped = try YadgProcess.run(stdin: "read a book\n/fav 1\n", home: home)
        #expect(piped.status == 3 && piped.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: home + "/moments.db")) == before)
        #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["1"]])
    }

    @Test("Markdown and CSV exports neutralise stored escape sequences and formulas; JSON stays exact")
    func exportsAreClean() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let file = home + "/in.json"
        let date = "2026-11-18T15:00:00.000Z"
        let attacks = [
            #"\u001b]52;c;ZXZpbA==\u0007copied"#, #"\u001b[2Jcleared"#, #"left \u202eright"#, #"\u009b31mred"#,
            #"=cmd|' /C calc'!A0"#, #"+HYPERLINK(\"http://evil.example\",\"click\")"#, #"nul\u0000byte"#,
        ]
        let rows = attacks.enumerated().map { index, text in
            #"{"id":"11111111-2222-4333-8444-00000000000\#(index)","text":"\#(text)","submittedAt":"\#(date)","happenedAt":"\#(date)","tz":"UTC","offlinePraise":"ok \u001b[31m"}"#
        }
        try (#"{"version":1,"moments":["# + rows.joined(separator: ",") + "]}").write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect(try YadgProcess.run(["import", file], home: home).status == 0)
        let md = try YadgProcess.run(["export", "--format", "md"], home: home)
        #expect(!md.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{9B}" })
        #expect(md.stdout.contains("copied") && md.stdout.contains("left right"))
        let json = try YadgProcess.run(["export"], home: home)
        #expect(json.stdout.contains(#"\u001b]52;c;ZXZpbA==\u0007copied"#), "JSON keeps the text exactly, escaped")
        // CSV into a pipe or a file, not only on a terminal: what a spreadsheet or a later `cat` gets.
        let csv = try YadgProcess.run(["export", "--format", "csv"], home: home)
        #expect(!csv.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\r" && $0 != "\n" || $0 == "\u{9B}" })
        #expect(csv.stdout.contains(",␛]52;c;ZXZpbA==␇copied,") && csv.stdout.contains(",nul␀byte,"))
        #expect(csv.stdout.contains(",'=cmd|' /C calc'!A0,"))
        #expect(csv.stdout.contains(#","'+HYPERLINK(""http://evil.example"",""click"")","#))
    }

    @Test("Import refuses an export from a newer yadg and a text longer than typed input allows")
    func importRules() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let newer = home + "/newer.json"
        try #"{"version":2,"moments":[]}"#.write(toFile: newer, atomically: true, encoding: .utf8)
        let refused = try YadgProcess.run(["import", newer], home: home)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasSuffix("it is export version 2, and this yadg reads version 1\n"))
        let huge = home + "/huge.json"
        let date = "2026-11-18T15:00:00.000Z"
        try
            (#"{"version":1,"moments":[{"id":"11111111-2222-4333-8444-555555555555","text":""#
            + String(repeating: "a", count: 5000)
            + #"","submittedAt":"\#(date)","happenedAt":"\#(date)","tz":"UTC"}]}"#).write(
                toFile: huge, atomically: true, encoding: .utf8)
        let tooLong = try YadgProcess.run(["import", huge], home: home)
        #expect(tooLong.status == 1 && tooLong.stderr.contains("longer than 1000 characters"))
        #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["0"]])
    }

    @Test(
        "Damage SQLite does not meet on the way (a zeroed page of the id index) is found at the start, and stops writes"
    )
    func quickCheckAtTheStart() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let lines = (1...300).map { "did thing number \($0)" }.joined(separator: "\n") + "\n"
        #expect(try YadgProcess.run(["--no-ai"], stdin: lines, home: home).status == 0)
        #expect(
            YadgProcess.execute(
                "INSERT OR REPLACE INTO state (key, value) VALUES ('hasSeenOnboarding', '1')", home: home))
        #expect(YadgProcess.execute("PRAGMA wal_checkpoint(TRUNCATE)", home: home))
        let root = try #require(
            Int(
                YadgProcess.query(
                    "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_moments_1'", home: home
                ).first?.first ?? ""))
        let path = home + "/moments.db"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for offset in (4096 * (root - 1))..<(4096 * root) { bytes[offset] = 0 }
        try bytes.write(to: URL(fileURLWithPath: path))
        // A view carries on: SQLite meets no damage on its way.
        #expect(try YadgProcess.run(["moments", "today"], home: home).status == 0)
        let terminal = try PseudoTerminal(
            arguments: [], environment: YadgProcess.environment(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"]))
        defer { terminal.close() }
        try terminal.waitFor("› ")
        try terminal.waitFor("looks damaged")
        terminal.type("took a walk\r")
        try terminal.waitFor("looks damaged", after: terminal.screenText.count)
        terminal.type("\u{04}")
        _ = try terminal.waitForExit()
        #expect(!terminal.screenText.contains("Moment logged"))
        #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["300"]])
        // A sound file is checked once a day: the day is kept, and the next start that day skips it.
        let sound = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(sound) }
        let quiet = try PseudoTerminal.pastOnboarding(home: sound, extra: ["TERM": "xterm", "NO_COLOR": "1"])
        defer { quiet.close() }
        let checked = "SELECT value FROM state WHERE key = 'integrityCheckedOn'"
        for _ in 0..<100 where YadgProcess.query(checked, home: sound).isEmpty { usleep(20_000) }
        quiet.type("\u{04}")
        _ = try quiet.waitForExit()
        // Days since 1970 in UTC: 2026-11-19 is day 20,776.
        #expect(YadgProcess.query(checked, home: sound) == [["20776"]])
        #expect(!quiet.screenText.contains("looks damaged"))
    }

    @Test("A damaged database is never shown as empty, and nothing more is written to it")
    func damageIsNeverSilence() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let lines = (1...300).map { "did thing number \($0) \($0 % 20) days ago" }.joined(separator: "\n") + "\n"
        #expect(try YadgProcess.run(["--no-ai"], stdin: lines, home: home).status == 0)
        let path = home + "/moments.db"
        // The run's end folded its log into the file: the damage hits the moments.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for offset in stride(from: 4096 * 6, to: min(bytes.count, 4096 * 30), by: 1) { bytes[offset] = 0x5A }
        try bytes.write(to: URL(fileURLWithPath: path))
        for command in [
            ["moments", "all"], ["stats"], ["journey"], ["log", "one more"], ["export", "--format", "json"],
        ] {
            let result = try YadgProcess.run(command, home: home)
            #expect(result.status == 3, "damaged data: exit 3, \(command)")
            #expect(result.stderr.contains("looks damaged") && result.stderr.contains(".recover"), "\(command)")
            #expect(
                result.stderr.contains(path) && result.stderr.hasSuffix(")\n"), "the path, then the detail: \(command)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
            #expect(!result.stdout.contains("Nothing here yet"), "\(command)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "nothing written into the damaged file")
    }

    @Test("--json: an unknown command is an error event; a rejected huge line is named, not echoed")
    func jsonForFailures() throws {
        let huge = String(repeating: "x", count: 1_000_000)
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(["--json"], stdin: "/xyzzy\n\(huge)\n", home: home)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"event":"error","message":"I don't know /xyzzy. /help shows what I can do."}"#)
        #expect(lines.count == 2 && lines[1].count < 300)
        #expect(lines[1].hasSuffix(#"…","reason":"too_long"}"#))
    }

    /// A home yadg cannot write (here: files 0444 in a folder 0555, run as another user when the
    /// tests run as root, who may write anything).
    @Test("On a read-only home the views still work and every write is refused, kindly, changing nothing")
    func readOnlyHome() throws {
        let home = YadgProcess.makeHome()
        defer {
            chmod(home, 0o755)
            TemporaryFolder.remove(home)
        }
        _ = try YadgProcess.run(stdin: "took a walk\ncalled mom\n", home: home)
        let files = try FileManager.default.contentsOfDirectory(atPath: home)
        for file in files { chmod(home + "/" + file, 0o444) }
        chmod(home, 0o555)
        let before = try files.map { try Data(contentsOf: URL(fileURLWithPath: home + "/" + $0)) }
        func run(_ arguments: [String]) throws -> YadgProcess.Result {
            try YadgProcess.runAsAnotherUser(arguments, home: home)
        }
        let moments = try run(["moments", "all"])
        #expect(moments.status == 0 && moments.stdout.contains("took a walk") && moments.stdout.contains("called mom"))
        #expect(try run(["stats"]).stdout.contains("Moments            2"))
        let log = try run(["log", "one more"])
        #expect(log.status == 3)
        #expect(
            log.stderr
                == "yadg: I can't write to your moments file (check that its folder is yours and not read-only), so that isn't logged yet. Everything saved before is safe.\n"
        )
        #expect(try files.map { try Data(contentsOf: URL(fileURLWithPath: home + "/" + $0)) } == before)
    }
}
