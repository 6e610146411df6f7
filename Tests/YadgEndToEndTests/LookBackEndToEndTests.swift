import FixtureServer
import Foundation
import Testing
import YadgTestSupport

/// The look-back commands through the built binary, at Thu 2026-11-19 15:04 New York.
@Suite(.serialized)
struct LookBackEndToEndTests {
    static let server = try! FixtureServer()

    static func seededHome() throws -> String {
        let home = YadgProcess.makeHome()
        _ = try YadgProcess.run(
            stdin: "took a walk 2 hours ago\ncalled mom yesterday evening\nread a book 3 days ago\n/fav 2\n", home: home
        )
        return home
    }

    @Test func jsonShapes() throws {
        let home = try Self.seededHome()
        defer { TemporaryFolder.remove(home) }
        let stats = try YadgProcess.run(["stats", "--json"], home: home)
        #expect(
            stats.stdout == """
                {"event":"stats","moments":3,"daysWithMoments":3,"favorites":1,"perDay":{"2026-11-16":1,"2026-11-18":1,"2026-11-19":1},"kinds":{"learning":1,"movement":1,"social":1}}

                """)
        let today = try YadgProcess.run(["--json", "moments", "today"], home: home)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["moments"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows[0]["text"] as? String == "took a walk")
        #expect(rows[0]["happenedAt"] as? String == "2026-11-19T13:04:00-05:00")
        #expect(rows[0]["when"] as? String == "2 hours ago")
        let journey = try YadgProcess.run(["journey", "--json"], home: home)
        #expect(
            journey.stdout.hasPrefix(
                #"{"event":"journey","days":[{"date":"2026-11-19","mood":"🌿 Gentle day","count":1,"moments":["took a walk"],"summary":"One small step, and it counts. You got moving."}"#
            ))
    }

    @Test("export → import into an empty home → export gives the same moments")
    func exportImportRoundTrip() throws {
        let home = try Self.seededHome()
        defer { TemporaryFolder.remove(home) }
        let file = home + "/export.json"
        let exported = try YadgProcess.run(["export", "--format", "json", "--output", file], home: home)
        #expect(exported.stdout == "Exported 3 moments to \(file)\n")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let other = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(other) }
        let imported = try YadgProcess.run(["import", file], home: other)
        #expect(imported.stdout == "Imported 3 new moments from \(file) (0 were already here).\n")
        let again = try YadgProcess.run(["import", file], home: other)
        #expect(again.stdout == "Imported 0 new moments from \(file) (3 were already here).\n")
        let first = try String(contentsOfFile: file, encoding: .utf8)
        #expect(try YadgProcess.run(["export"], home: other).stdout == first)
        #expect(
            try YadgProcess.run(["moments"], home: other).stdout
                == (try YadgProcess.run(["moments"], home: home)).stdout)
        let csv = try YadgProcess.run(["export", "--format", "csv"], home: home)
        #expect(
            csv.stdout.hasPrefix(
                "id,happenedAt,submittedAt,tz,text,praise,action,favorite,archivedAt,mood,tags,note,photos\r\n"))
        let bad = try YadgProcess.run(["export", "--format", "pdf"], home: home)
        #expect(bad.status == 2 && bad.stderr == "yadg: I can export json, csv or md, not \"pdf\".\n")
    }

    @Test("One-shot journey shows the offline line at once and writes AI summaries for next time, then from the cache")
    func journeySummaries() throws {
        let home = try Self.seededHome()
        defer { TemporaryFolder.remove(home) }
        let ai = [
            "YADG_AI_PROVIDER": "openai", "YADG_AI_BASE_URL": Self.server.url("ok") + "/v1", "YADG_AI_MODEL": "m",
        ]
        let before = Self.server.requests.count
        let first = try YadgProcess.run(["journey"], home: home, env: ai)
        #expect(!first.stdout.contains(FixtureServer.praise) && first.stdout.contains("Summary: \"One small step"))
        // A model on this machine answers one at a time: one round a run, newest day first, and
        // the rest wait for the next Journey.
        #expect(Self.server.requests.count == before + 1)
        #expect(Self.server.requests.last?.body.contains("Day: Thursday, Nov 19") == true)
        #expect(
            first.stdout.hasSuffix(
                "Summaries for 2 more days are written a few at a time; the next yadg journey shows more.\n"))
        _ = try YadgProcess.run(["journey"], home: home, env: ai)
        _ = try YadgProcess.run(["journey"], home: home, env: ai)
        #expect(Self.server.requests.count == before + 3, "one summary request per stale day, over three runs")
        #expect(Self.server.requests.last?.body.contains("Day: Monday, Nov 16") == true)
        let count = Self.server.requests.count
        var failing = ai
        failing["YADG_AI_BASE_URL"] = Self.server.url("status-500") + "/v1"
        let cached = try YadgProcess.run(["journey"], home: home, env: failing)
        #expect(cached.stdout.contains("Summary: \"\(FixtureServer.praise)\""))
        #expect(try YadgProcess.run(["journey"], home: home, env: failing).stdout == cached.stdout)
        #expect(Self.server.requests.count == count, "cached summaries need no request")
        // A change to the day rewrites its summary (offline here: the template).
        _ = try YadgProcess.run(stdin: "stretched 1 hour ago\n", home: home)
        let changed = try YadgProcess.run(["journey"], home: home, env: ["YADG_AI_PROVIDER": "none"])
        #expect(
            changed.stdout.contains(
                "2 moments logged\n • took a walk\n • stretched\nSummary: \"Steady, gentle progress."))
    }

    @Test func calendarAndStatsAsText() throws {
        let home = try Self.seededHome()
        defer { TemporaryFolder.remove(home) }
        let calendar = try YadgProcess.run(["calendar"], home: home)
        #expect(calendar.stdout.contains("16• 17  18• 19• 20  21  22\n"))
        let stats = try YadgProcess.run(["stats"], home: home)
        #expect(stats.stdout.hasPrefix("Stats\nMoments            3\nDays with moments  3\nFavourites         1\n"))
    }
}
