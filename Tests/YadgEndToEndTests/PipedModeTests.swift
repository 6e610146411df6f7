import Foundation
import Testing
import YadgTestSupport

/// The built binary with piped stdin: exact stdout, stderr and exit status.
@Suite(.serialized)
struct PipedModeTests {
    @Test func logsEachLineAndPrintsTheCard() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(stdin: "took a walk 2 hours ago\n\ncalled mom yesterday evening\n", home: home)
        let praise = YadgProcess.query("SELECT offline_praise FROM moments ORDER BY happened_at DESC", home: home)
            .map { $0[0] }
        #expect(praise.count == 2)
        #expect(
            result.stdout == """
                Moment logged  #1
                  took a walk
                  2 hours ago · 1:04 PM
                  \(praise[0])
                Moment logged  #2
                  called mom
                  yesterday evening
                  \(praise[1])

                """)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        let stored = YadgProcess.query(
            "SELECT text, happened_at, tz, action FROM moments ORDER BY happened_at", home: home)
        #expect(
            stored == [
                ["called mom", "2026-11-19T01:30:00.000Z", "America/New_York", "social"],
                ["took a walk", "2026-11-19T18:04:00.000Z", "America/New_York", "movement"],
            ])
        #expect(YadgProcess.query("SELECT value FROM state WHERE key = 'hasCompletedFirstLog'", home: home) == [["1"]])
    }

    /// Lines that arrive together share a commit made while yadg reads on; a producer that then
    /// goes quiet still gets every acknowledgement at once, with its pipe still open.
    @Test("A quiet producer gets its acknowledgements without closing the pipe")
    func acknowledgementsDoNotWaitForMoreInput() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let (process, input, output, _) = try YadgProcess.start(home: home)
        defer { process.terminate() }
        for round in 1...3 {
            try input.write(contentsOf: Data((1...20).map { "win \(round)-\($0)\n" }.joined().utf8))
            let seen = YadgProcess.read(output, until: "win \(round)-20\n", within: 20)
            #expect(seen.contains("Moment logged  #\(round * 20)\n"), "round \(round): \(seen)")
        }
        try input.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["60"]])
    }

    @Test func linesNotLoggedGoToStderrAndExitOne() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let long = String(repeating: "x", count: 1001)
        let result = try YadgProcess.run(
            stdin: "going to run in 2 hours\n\(long)\n/momnts\ndid the dishes\n", home: home)
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                yadg: line 1: That sounds like it hasn't happened yet, so it's not a win yet. Log it once it's done and I'll cheer.
                yadg: line 2: That's a lot for one moment. Could you keep it under 1000 characters?
                yadg: line 3: I don't know /momnts. Did you mean /moments?

                """)
        #expect(result.stdout.hasPrefix("Moment logged  #1\n  did the dishes\n  just now · 3:04 PM\n"))
        #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["1"]])
    }

    @Test func jsonEvents() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(
            ["--json"], stdin: "took a walk 2 hours ago\ntomorrow I'll rest\n", home: home)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let logged = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        let id = try #require(logged?["id"] as? String)
        let praise = try #require(logged?["offlinePraise"] as? String)
        #expect(
            lines[0] == """
                {"event":"logged","id":"\(id)","ref":1,"text":"took a walk","happenedAt":"2026-11-19T13:04:00-05:00","timeAgo":7200,"offlinePraise":"\(praise)"}
                """)
        #expect(UUID(uuidString: id) != nil)
        #expect(YadgProcess.query("SELECT id FROM moments", home: home) == [[id]])
        #expect(lines[1] == #"{"event":"not_logged","input":"tomorrow I'll rest","reason":"future"}"#)
        #expect(result.status == 1)
    }

    @Test func commandsInAPipe() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(stdin: "/moments\n", home: home)
        #expect(
            result.stdout == """
                Moments

                No moments yet… but you're here, so that's one.
                Log your first moment (just type it)

                """)
        #expect(result.status == 0)
    }

    @Test func oneShotCommands() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let logged = try YadgProcess.run(["log", "read", "2", "chapters", "yesterday"], home: home)
        #expect(logged.status == 0)
        #expect(logged.stdout.hasPrefix("Moment logged  #1\n  read 2 chapters\n  yesterday\n"))
        let moments = try YadgProcess.run(["moments"], home: home)
        #expect(moments.stdout.contains("Yesterday\n  1  read 2 chapters\n     yesterday · \""))
        let future = try YadgProcess.run(["log", "I'll", "nap", "in", "an", "hour"], home: home)
        #expect(future.status == 1)
        #expect(future.stdout == "")
        #expect(future.stderr.hasPrefix("yadg: That sounds like it hasn't happened yet"))
        let conversationOnly = try YadgProcess.run(["did"], home: home)
        #expect(conversationOnly.status == 2)
        #expect(conversationOnly.stderr == "yadg: /did works in the conversation: run yadg and type it there.\n")
        let unknown = try YadgProcess.run(["momnts"], home: home)
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "yadg: I don't know \"yadg momnts\". Did you mean yadg moments?\n")
        let sentence = try YadgProcess.run(["took", "a", "walk"], home: home)
        #expect(sentence.status == 2)
        #expect(sentence.stderr == "yadg: I don't know \"yadg took\". To log a moment: yadg log took a walk\n")
        let empty = try YadgProcess.run(["log"], home: home)
        #expect(empty.status == 2)
        #expect(empty.stderr == "yadg: yadg log needs a few words about what you did, e.g. yadg log took a walk\n")
        let range = try YadgProcess.run(["moments", "foo"], home: home)
        #expect(range.status == 2 && range.stdout.isEmpty)
        #expect(
            range.stderr
                == "yadg: I can show today, yesterday, week, all, favs, a day like /moments nov 3 or /moments last friday, or a period like /moments last week.\n"
        )
        let cancel = try YadgProcess.run(stdin: "/cancel\n", home: home)
        #expect(cancel.stdout == "There's nothing to cancel right now.\n")
    }

    @Test func helpAndVersion() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let help = try YadgProcess.run(["--help"], home: home)
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("Usage: yadg [--json] [--no-ai] [--literal] [command]\n"))
        #expect(help.stdout.contains("  log              log a moment from the command line: yadg log took a walk\n"))
        #expect(try YadgProcess.run(["--version"], home: home).stdout.hasPrefix("yadg 0.1.0"))
        let bad = try YadgProcess.run(["--frobnicate"], home: home)
        #expect(bad.status == 2)
        #expect(bad.stderr == "yadg: I don't know the option --frobnicate. Try yadg --help.\n")
        #expect(try YadgProcess.run(["--no-ai", "log", "ok"], home: home).status == 0)
    }

    @Test("A closed pipe ends yadg quietly")
    func brokenPipe() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try YadgProcess.run(stdin: (1...40).map { "moment \($0)\n" }.joined(), home: home)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(YadgProcess.binary.path)' moments | head -1"]
        process.environment = YadgProcess.environment(home: home)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(out == "Moments\n")
        #expect(err == "")
        #expect(process.terminationStatus == 0)
    }

    @Test("The binary copied alone to another folder still has its praise pool and copy")
    func selfContainedBinary() throws {
        let folder = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(folder) }
        let copy = URL(fileURLWithPath: folder).appending(path: "yadg")
        try FileManager.default.copyItem(at: YadgProcess.binary, to: copy)
        let result = try YadgProcess.run(stdin: "did the dishes\n", home: folder, executable: copy)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Moment logged  #1\n  did the dishes\n"))
        #expect(result.stdout.split(separator: "\n").count == 4)
    }

    @Test func privateFiles() throws {
        let base = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(base) }
        let result = try YadgProcess.run(
            stdin: "ok\n", home: base,
            env: ["YADG_HOME": "", "XDG_DATA_HOME": base + "/data", "XDG_STATE_HOME": base + "/state"])
        #expect(result.status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: base + "/data/yadg")
        #expect(attributes[.posixPermissions] as? Int == 0o700)
        let db = try FileManager.default.attributesOfItem(atPath: base + "/data/yadg/moments.db")
        #expect(db[.posixPermissions] as? Int == 0o600)
    }
}
