import FixtureServer
import Foundation
import Synchronization
import Testing
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Offline-first sync with a contract backend on 127.0.0.1, through the real binary.
@Suite(.serialized)
struct SyncEndToEndTests {
    static func env(_ backend: FixtureBackend) -> [String: String] { ["YADG_API_URL": backend.url] }

    /// The anonymous id this home sends.
    static func userID(_ home: String) -> String {
        YadgProcess.query("SELECT value FROM state WHERE key = 'anonymousUserId'", home: home).first?.first ?? ""
    }

    static func waiting(_ home: String) -> Int {
        Int(YadgProcess.query("SELECT count(*) FROM sync_outbox", home: home).first?.first ?? "0") ?? 0
    }

    @Test("Five moments logged while the server is down reach it exactly once, with their praise kept")
    func offlineThenOnline() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        backend.set(.down)
        let lines = (1...5).map { "small win \($0)" }
        let logged = try YadgProcess.run(
            stdin: lines.joined(separator: "\n") + "\n", home: home, env: Self.env(backend))
        #expect(logged.status == 0)
        #expect(logged.stdout.components(separatedBy: "Moment logged").count == 6)
        // The praise that could not come: one quiet line each, the latest unlabelled.
        #expect(
            logged.stdout.hasSuffix(
                "  for \"small win 4\": Couldn't fetch extra encouragement this time.\n"
                    + "  Couldn't fetch extra encouragement this time.\n"))
        #expect(backend.stored.isEmpty && Self.waiting(home) == 5)
        #expect(backend.requests.count == 1, "an unreachable server is tried once a run, not once a moment")
        let status = try YadgProcess.run(["sync", "--status"], home: home, env: Self.env(backend))
        #expect(status.stdout == "5 moments are waiting to sync: the server could not be reached.\n")
        // Lists mark what is not on the server yet, quietly.
        let waitingList = try YadgProcess.run(
            ["moments", "today"], home: home, env: ["YADG_API_URL": backend.url, "YADG_AI": "off"])
        #expect(
            waitingList.stdout.contains("     just now · \"")
                && waitingList.stdout.components(separatedBy: " ⇡\n").count == 6)

        backend.set(.normal)
        let synced = try YadgProcess.run(["sync"], home: home, env: Self.env(backend))
        #expect(synced.status == 0)
        #expect(synced.stdout.hasSuffix("Everything is synced.\n"))
        let user = Self.userID(home)
        #expect(backend.stored.count == 5)
        #expect(backend.stored.values.allSatisfy { $0.user == user })
        #expect(Set(backend.stored.values.map(\.text)) == Set(lines))
        #expect(backend.createsByID.values.allSatisfy { $0 == 1 })
        let rows = YadgProcess.query(
            "SELECT text, ai_praise, is_synced, server_id FROM moments ORDER BY ref", home: home)
        #expect(rows.map { $0[0] } == lines)
        #expect(
            rows.allSatisfy {
                $0[1] == "Server praise for \($0[0]), and you did it." && $0[2] == "1" && $0[3] != "NULL"
            }
        )
        #expect(Self.waiting(home) == 0)
        let syncedList = try YadgProcess.run(
            ["moments", "today"], home: home, env: ["YADG_API_URL": backend.url, "YADG_AI": "off"])
        #expect(!syncedList.stdout.contains("⇡"))
        // The id goes with every request, and to this backend only (no AI provider is configured).
        #expect(backend.requests.allSatisfy { $0.headers["x-user-id"] == user })
    }

    @Test("Three yadg sync at once against a slow server: one sends at a time, every moment created once")
    func oneSyncAtATime() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        backend.set(.down)
        let lines = (1...60).map { "small win \($0)" }
        _ = try YadgProcess.run(stdin: lines.joined(separator: "\n") + "\n", home: home, env: Self.env(backend))
        #expect(Self.waiting(home) == 60)
        backend.set(.slow(15))
        let results = Mutex<[YadgProcess.Result]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            if let result = try? YadgProcess.run(["sync"], home: home, env: Self.env(backend)) {
                results.withLock { $0.append(result) }
            }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 3)
        for result in all {
            #expect(
                (result.status == 0 && result.stdout.hasSuffix("Everything is synced.\n"))
                    || (result.status == 1 && result.stderr.contains("Another yadg is syncing right now")),
                "\(result.stdout) \(result.stderr)")
        }
        #expect(backend.stored.count == 60 && Self.waiting(home) == 0)
        #expect(backend.createsByID.values.allSatisfy { $0 == 1 }, "no create sent twice")
    }

    @Test("Favourite, edit, delete and undo follow, in order per moment, even when made before the first send")
    func changesFollowInOrder() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        backend.set(.down)
        _ = try YadgProcess.run(
            stdin: "walked the dog\ncalled mom\nwatered plants\n/fav 1\n/edit 2 called mom back\n/delete 3\n",
            home: home, env: Self.env(backend))
        backend.set(.normal)
        _ = try YadgProcess.run(["sync"], home: home, env: Self.env(backend))
        let byText = Dictionary(uniqueKeysWithValues: backend.stored.values.map { ($0.text, $0) })
        #expect(byText["walked the dog"]?.isFavorite == true)
        #expect(byText["called mom back"] != nil && byText["called mom"] == nil)
        #expect(byText["watered plants"]?.archived == true)
        #expect(backend.createsByID.values.allSatisfy { $0 == 1 })
        // With the server up, a change goes at once (at the end of the run).
        let online = try YadgProcess.run(stdin: "/unfav 1\n", home: home, env: Self.env(backend))
        #expect(online.status == 0)
        #expect(backend.stored.values.first { $0.text == "walked the dog" }?.isFavorite == false)
        #expect(Self.waiting(home) == 0)
    }

    @Test("The server's praise follows the card in a pipe, and --json reports synced events")
    func praiseFromTheServer() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(stdin: "took a walk\n", home: home, env: Self.env(backend))
        #expect(result.stdout.hasSuffix("  ✨ Server praise for took a walk, and you did it.\n"))
        let json = try YadgProcess.run(["--json"], stdin: "read a book\n", home: home, env: Self.env(backend))
        let events = json.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        #expect(events.map { $0["event"] as? String } == ["logged", "synced", "praise"])
        #expect(events[1]["serverId"] as? String == events[0]["id"] as? String)
    }

    @Test("A create whose reply was lost is replayed and not duplicated; a 409 is held, not retried blindly")
    func idempotentAndRefused() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        backend.set(.loseReply)
        _ = try YadgProcess.run(stdin: "finished the report\n", home: home, env: Self.env(backend))
        #expect(backend.stored.count == 1 && Self.waiting(home) == 1)
        backend.set(.normal)
        _ = try YadgProcess.run(["sync"], home: home, env: Self.env(backend))
        #expect(backend.stored.count == 1 && Self.waiting(home) == 0)
        #expect(backend.createsByID.values.first == 2)  // the replay was answered 200 with the same moment

        // An id that belongs to someone else: refused, kept, and only retried when asked.
        let other = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(other) }
        _ = try YadgProcess.run(["--no-ai"], stdin: "mine\n", home: other, env: Self.env(backend))
        let id = YadgProcess.query("SELECT id FROM moments", home: other).first?.first ?? ""
        backend.seed(id: id, user: "someone-else", text: "theirs")
        _ = try YadgProcess.run(stdin: "\n", home: other, env: Self.env(backend))
        let afterFirst = backend.requests.count
        _ = try YadgProcess.run(stdin: "\n", home: other, env: Self.env(backend))
        #expect(backend.requests.count == afterFirst, "a refused change is not sent again by a timer")
        let status = try YadgProcess.run(["sync", "--status"], home: other, env: Self.env(backend))
        #expect(
            status.stdout
                == "1 moment is waiting to sync: the server refused it (409).\n1 of them the server would not take; yadg sync tries those again.\n"
        )
        _ = try YadgProcess.run(["sync"], home: other, env: Self.env(backend))
        #expect(backend.requests.count == afterFirst + 1)
        #expect(backend.stored[id]?.text == "theirs")
    }

    @Test("The conversation syncs in the background: what an earlier run left goes at start, new moments at once")
    func conversation() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        backend.set(.down)
        _ = try YadgProcess.run(stdin: "left from before\n", home: home, env: Self.env(backend))
        backend.set(.normal)
        var extra = Self.env(backend)
        extra["TERM"] = "xterm"
        extra["NO_COLOR"] = "1"
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: extra)
        defer { terminal.close() }
        try terminal.waitFor("✨ for \"left from before\": Server praise for left from before, and you did it.")
        terminal.type("took a walk\r")
        try terminal.waitFor("✨ Server praise for took a walk, and you did it.")
        terminal.type("\u{04}")
        _ = try terminal.waitForExit()
        #expect(backend.stored.count == 2 && Self.waiting(home) == 0)
    }

    @Test("yadg sync --pull brings the history back into an empty home: archived stays archived, nothing is sent back")
    func pull() throws {
        let backend = try FixtureBackend()
        let first = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(first) }
        let lines = (1...130).map { "win number \($0)" }  // more than one page
        _ = try YadgProcess.run(
            stdin: lines.joined(separator: "\n") + "\n/delete 2\n", home: first, env: Self.env(backend))
        #expect(backend.stored.count == 130)
        // The same identity on a new machine.
        let second = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(second) }
        _ = try YadgProcess.run(["stats"], home: second, env: ["YADG_AI": "off"])
        let user = Self.userID(first)
        let update = "UPDATE state SET value = '\(user)' WHERE key = 'anonymousUserId'"
        #expect(YadgProcess.execute(update, home: second))
        let before = backend.requests.count
        let pulled = try YadgProcess.run(["sync", "--pull"], home: second, env: Self.env(backend))
        #expect(
            pulled.stdout == "Brought back 130 moments from the server (0 were already here).\nEverything is synced.\n")
        #expect(backend.requests.dropFirst(before).allSatisfy { $0.method == "GET" })
        let texts = YadgProcess.query("SELECT text FROM moments WHERE archived_at IS NULL", home: second).map { $0[0] }
        #expect(Set(texts) == Set(lines).subtracting(["win number 2"]))
        let again = try YadgProcess.run(["sync", "--pull"], home: second, env: Self.env(backend))
        #expect(again.stdout.hasPrefix("Brought back 0 moments from the server (130 were already here)."))
    }

    @Test("With the backend configured, the Journey shows the server's summary of a day")
    func timeline() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try YadgProcess.run(stdin: "took a walk\ncalled mom\n", home: home, env: Self.env(backend))
        let result = try YadgProcess.run(stdin: "/journey\n", home: home, env: Self.env(backend))
        #expect(result.stdout.contains("Summary: \"Server summary of 2 moments.\""), "\(result.stdout)")
    }

    @Test("SIGKILL during piped logging and sync: afterwards every acknowledged moment is on the server once")
    func killLoop() throws {
        let backend = try FixtureBackend()
        backend.set(.slow(15))
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        var acknowledged: Set<String> = []
        var kills = 0
        for round in 0..<30 {
            let (process, input, output) = try YadgProcess.startJSON(home: home, extra: Self.env(backend))
            let lines = (0..<20).map { "round \(round) win \($0)" }.joined(separator: "\n") + "\n"
            input.write(Data(lines.utf8))
            try? input.close()
            usleep(UInt32.random(in: 20_000...250_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
            acknowledged.formUnion(YadgProcess.loggedIDs(String(decoding: output.readDataToEndOfFile(), as: UTF8.self)))
        }
        backend.set(.normal)
        _ = try YadgProcess.run(["sync"], home: home, env: Self.env(backend))
        let local = Set(YadgProcess.query("SELECT id FROM moments", home: home).map { $0[0] })
        #expect(kills >= 25, "kills: \(kills)")
        #expect(acknowledged.isSubset(of: local), "an acknowledged moment was lost")
        #expect(Set(backend.stored.keys) == local, "the server holds exactly the moments kept here")
        // Each on the server as it is here (a moment is one record per id on the fixture, so what can
        // go wrong is a missing, extra or stale one, not a second record).
        let texts = Dictionary(
            uniqueKeysWithValues: YadgProcess.query("SELECT id, text FROM moments", home: home).map { ($0[0], $0[1]) })
        #expect(backend.stored.allSatisfy { texts[$0.key] == $0.value.text })
        #expect(Self.waiting(home) == 0)
        let replays = backend.createsByID.values.reduce(0, +) - backend.createsByID.count
        print(
            "sync kill loop: \(kills) kills, \(acknowledged.count) acknowledged, \(local.count) kept, "
                + "\(backend.stored.count) on the server, \(replays) creates replayed after a kill (answered 200)"
        )
    }
}
