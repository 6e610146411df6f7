import FixtureServer
import Foundation
import Testing
import YadgTestSupport

/// Sync trusts only real answers: a change leaves the outbox only after the server's JSON names
/// its moment; a 2xx that is not that answer is a failure with backoff, said by `sync --status`,
/// and `yadg sync` exits 4 while anything it tried could not be sent (YadgSync's Sync article).
@Suite(.serialized)
struct SyncAnswersEndToEndTests {
    static func env(_ backend: FixtureBackend) -> [String: String] { ["YADG_API_URL": backend.url] }

    static func events(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    @Test(
        "A captive portal's page, truncated JSON, an empty 200 and a 204 mark nothing synced; each waits, with its reason",
        arguments: [
            (
                FixtureBackend.Mode.captivePortal, "answer-not-json",
                "what answered was not the server (a Wi-Fi login page, perhaps)"
            ),
            (.truncated, "answer-unreadable", "the server's answer was cut short"),
            (.emptyOK, "answer-empty", "the server's answer was empty"),
            (.noContent, "answer-empty", "the server's answer was empty"),
            (.otherMoment, "answer-other-moment", "the server's answer was about another moment"),
        ])
    func notTheAnswer(mode: FixtureBackend.Mode, code: String, reason: String) throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        backend.set(mode)
        let logged = try YadgProcess.run(["--json"], stdin: "took a walk\n", home: home, env: Self.env(backend))
        #expect(logged.status == 0, "the moment is saved here all the same")
        let events = Self.events(logged.stdout)
        #expect(events.map { $0["event"] as? String } == ["logged", "sync_failed"])
        #expect(events.last?["reason"] as? String == code && events.last?["willRetry"] as? Bool == true)
        #expect(YadgProcess.query("SELECT is_synced, sync_error FROM moments", home: home) == [["0", code]])
        #expect(YadgProcess.query("SELECT op, attempts FROM sync_outbox", home: home) == [["create", "1"]])
        // Backoff: the next attempt waits, as after any failure.
        let next = Double(YadgProcess.query("SELECT next_attempt_at FROM sync_outbox", home: home)[0][0]) ?? 0
        #expect(next > Date().timeIntervalSince1970)

        let status = try YadgProcess.run(["sync", "--status"], home: home, env: Self.env(backend))
        #expect(status.stdout == "1 moment is waiting to sync: \(reason).\n")
        // `yadg sync` tries it now; the same answer: nothing sent, exit 4, and the reason said.
        let sync = try YadgProcess.run(["sync"], home: home, env: Self.env(backend))
        #expect(sync.status == 4)
        #expect(sync.stdout == "1 moment is waiting to sync: \(reason).\n")
        #expect(
            sync.stderr
                == "yadg: Nothing could be sent: \(reason). Everything waiting stays here and goes with the next sync.\n"
        )

        backend.set(.normal)
        let fixed = try YadgProcess.run(["sync"], home: home, env: Self.env(backend))
        #expect(fixed.status == 0 && fixed.stdout.hasSuffix("Everything is synced.\n"))
        #expect(YadgProcess.query("SELECT is_synced, sync_error FROM moments", home: home) == [["1", "NULL"]])
        #expect(backend.stored.values.map(\.text) == ["took a walk"])
    }

    @Test("A favourite sent into a login page waits too; an archive answered 204 is done")
    func updatesAndArchives() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        #expect(try YadgProcess.run(stdin: "took a walk\n", home: home, env: Self.env(backend)).status == 0)
        backend.set(.captivePortal)
        _ = try YadgProcess.run(stdin: "/fav 1\n", home: home, env: Self.env(backend))
        #expect(
            YadgProcess.query("SELECT op, last_error FROM sync_outbox", home: home) == [["update", "answer-not-json"]])
        #expect(backend.stored.values.first?.isFavorite == false)
        backend.set(.normal)
        _ = try YadgProcess.run(["sync"], home: home, env: Self.env(backend))
        #expect(backend.stored.values.first?.isFavorite == true)
        _ = try YadgProcess.run(stdin: "/delete 1\n", home: home, env: Self.env(backend))
        #expect(backend.stored.values.first?.archived == true)
        #expect(YadgProcess.query("SELECT count(*) FROM sync_outbox", home: home) == [["0"]])
    }

    @Test("yadg sync exits 4 when nothing could be sent: a 500, an unreachable server")
    func syncExitStatus() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        backend.set(.status(500))
        _ = try YadgProcess.run(stdin: "took a walk\n", home: home, env: Self.env(backend))
        let failed = try YadgProcess.run(["sync"], home: home, env: Self.env(backend))
        #expect(failed.status == 4)
        #expect(
            failed.stderr
                == "yadg: Nothing could be sent: the server answered 500. Everything waiting stays here and goes with the next sync.\n"
        )
        backend.set(.down)
        #expect(try YadgProcess.run(["sync"], home: home, env: Self.env(backend)).status == 4)
        // Only looking is not a send: --status says what waits, and exits 0.
        #expect(try YadgProcess.run(["sync", "--status"], home: home, env: Self.env(backend)).status == 0)
        backend.set(.normal)
        #expect(try YadgProcess.run(["sync"], home: home, env: Self.env(backend)).status == 0)
        // Nothing waiting: nothing to send, nothing failed.
        #expect(try YadgProcess.run(["sync"], home: home, env: Self.env(backend)).status == 0)
    }
}
