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
        // A deleted moment is not exported, unless asked for, and then marked.
        _ = try YadgProcess.run(stdin: "/delete 3\n", home: home)
        let kept = try YadgProcess.run(["export", "--format", "csv"], home: home)
        #expect(kept.stdout.split(separator: "\r\n").count == 3 && !kept.stdout.contains("read a book"))
        let all = try YadgProcess.run(["export", "--with-deleted"], home: home)
        #expect(
            all.stdout.contains(#""text":"read a book""#)
                && all.stdout.contains(#""archivedAt":"2026-11-19T20:04:00.000Z""#))
        // In the conversation (or a pipe) /export takes a path, says it whole, and says when it
        // replaced a file.
        let twice = try YadgProcess.run(stdin: "/export ~/mine.md\n/export ~/mine.md\n", home: home)
        #expect(
            twice.stdout == "Exported 2 moments to \(home)/mine.md\n"
                + "Exported 2 moments to \(home)/mine.md. It replaced the file that was there.\n")
        // An import says what is wrong with the file in a sentence.
        let csvFile = home + "/moments.csv"
        try kept.stdout.write(toFile: csvFile, atomically: true, encoding: .utf8)
        let csvImport = try YadgProcess.run(["import", csvFile], home: home)
        #expect(
            csvImport.status == 1
                && csvImport.stderr
                    == "yadg: I couldn't read \(csvFile) as a yadg JSON export: it's a CSV file, and yadg imports its own JSON export (yadg export --format json makes one)\n"
        )
        let missing = try YadgProcess.run(["import", home + "/nothing.json"], home: home)
        #expect(missing.stderr.hasSuffix(": there is no file there\n"))
        let noText = home + "/no-text.json"
        try #"{"version":1,"moments":[{"id":"33dd9272-d4a5-4039-bc79-01957c19ec48"}]}"#.write(
            toFile: noText, atomically: true, encoding: .utf8)
        let field = try YadgProcess.run(["import", noText], home: home)
        #expect(field.stderr.hasSuffix(": moment 1 has no text\n") && !field.stderr.contains("DecodingError"))
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

    /// The seeded home plus a moment a month and one a year before Nov 19.
    static func homeWithEarlierYears() throws -> String {
        let home = try seededHome()
        _ = try YadgProcess.run(
            ["log", "planted", "the", "tomatoes"], home: home, env: ["YADG_NOW": "2025-11-19T09:00:00"])
        _ = try YadgProcess.run(["log", "called", "grandma"], home: home, env: ["YADG_NOW": "2026-10-19T09:00:00"])
        return home
    }

    @Test("yadg week: Monday to Sunday as text and --json; an empty week says so kindly")
    func week() throws {
        let home = try Self.seededHome()
        defer { TemporaryFolder.remove(home) }
        let text = try YadgProcess.run(["week"], home: home)
        #expect(
            text.stdout == """
                Your week · Nov 16 – 22, 2026
                3 moments

                Monday, Nov 16 · 1
                 • read a book

                Wednesday, Nov 18 · 1
                 • called mom

                Thursday, Nov 19 · 1
                 • took a walk

                Kinds of wins: learning 1 · movement 1 · social 1
                Summary: "A week where you learned something and got moving."

                """)
        let json = try YadgProcess.run(["week", "--json"], home: home)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "week" && object["from"] as? String == "2026-11-16")
        #expect(object["to"] as? String == "2026-11-22" && object["count"] as? Int == 3)
        let moments = try #require(object["moments"] as? [[String: Any]])
        #expect(moments.map { $0["text"] as? String } == ["read a book", "called mom", "took a walk"])
        #expect(object["summary"] as? String == "A week where you learned something and got moving.")
        let empty = try YadgProcess.run(["week", "3"], home: home)
        #expect(
            empty.status == 0
                && empty.stdout == """
                    Oct 26 – Nov 1, 2026
                    Nothing logged this week, and that's okay. This space is here whenever you want
                    it.

                    """
        )
        let unknown = try YadgProcess.run(["week", "of", "someday"], home: home)
        #expect(unknown.status == 2 && unknown.stderr.contains("/week of Nov 3"))
    }

    @Test("A week summary is asked for as a week, shown from the cache next time, and never holds a crisis moment")
    func weekSummaries() throws {
        let home = try Self.seededHome()
        defer { TemporaryFolder.remove(home) }
        let ai = [
            "YADG_AI_PROVIDER": "openai", "YADG_AI_BASE_URL": Self.server.url("ok") + "/v1", "YADG_AI_MODEL": "m",
        ]
        let before = Self.server.requests.count
        let first = try YadgProcess.run(["week"], home: home, env: ai)
        #expect(first.status == 0)
        let asked = Self.server.requests.dropFirst(before).map(\.body)
        #expect(asked.count == 1)
        #expect(asked.first?.contains("Week: the week of Monday, Nov 16") == true)
        #expect(asked.first?.contains("summary of a person's week") == true)
        var failing = ai
        failing["YADG_AI_BASE_URL"] = Self.server.url("status-500") + "/v1"
        let cached = try YadgProcess.run(["week"], home: home, env: failing)
        #expect(cached.stdout.contains("Summary: \"\(FixtureServer.praise)\""))
        #expect(YadgProcess.query("SELECT count(*) FROM week_summaries", home: home) == [["1"]])
        // A heavy line in the week: no request, no celebration, where help is.
        _ = try YadgProcess.run(stdin: "i want to die\n", home: home, env: ["YADG_AI_PROVIDER": "none"])
        let count = Self.server.requests.count
        let heavy = try YadgProcess.run(["week"], home: home, env: ai)
        #expect(Self.server.requests.count == count, "a week with a crisis moment is never sent")
        #expect(!heavy.stdout.contains(FixtureServer.praise) && !heavy.stdout.contains("Kinds of wins"))
    }

    @Test("yadg onthisday: a month and a year back under their own headings; --json names the distance")
    func onThisDay() throws {
        let home = try Self.homeWithEarlierYears()
        defer { TemporaryFolder.remove(home) }
        let text = try YadgProcess.run(["onthisday"], home: home)
        #expect(
            text.stdout == """
                On this day · Nov 19

                A month ago · Oct 19, 2026
                 • called grandma

                A year ago · Nov 19, 2025
                 • planted the tomatoes

                """)
        let json = try YadgProcess.run(["onthisday", "--json"], home: home)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.map { $0["distance"] as? String } == ["1 month", "1 year"])
        #expect(days.map { $0["date"] as? String } == ["2026-10-19", "2025-11-19"])
        let weeks = try YadgProcess.run(["journey", "weeks"], home: home)
        #expect(
            weeks.stdout.hasPrefix(
                "Your weeks\nTiny steps, week by week.\n\nNov 16 – 22, 2026 · 3 moments\n"))
        #expect(weeks.stdout.contains("\nNov 17 – 23, 2025 · 1 moment\n"))
    }

    @Test("Home names a moment from a year ago once a day on a terminal, never on a pipe; /settings turns it off")
    func onThisDayAtHome() throws {
        let home = try Self.homeWithEarlierYears()
        defer { TemporaryFolder.remove(home) }
        let line = "A year ago today: planted the tomatoes."
        let extra = ["TERM": "xterm", "NO_COLOR": "1", "YADG_AI_PROVIDER": "none"]
        let first = try PseudoTerminal.pastOnboarding(home: home, extra: extra)
        defer { first.close() }
        try first.waitFor(line)
        first.type("\u{04}")
        #expect(try first.waitForExit() == 0)
        #expect(first.screenText.components(separatedBy: line).count == 2, "one line, once")
        let again = try PseudoTerminal(arguments: [], environment: YadgProcess.environment(home: home, extra: extra))
        defer { again.close() }
        try again.waitFor("› ")
        again.type("\u{04}")
        #expect(try again.waitForExit() == 0)
        #expect(!again.screenText.contains("ago today"), "once a day")
        let piped = try YadgProcess.run(stdin: "/help\n", home: home, env: ["YADG_NOW": "2026-11-20T09:00:00"])
        #expect(!piped.stdout.contains("ago today"))

        let other = try Self.homeWithEarlierYears()
        defer { TemporaryFolder.remove(other) }
        let off = try YadgProcess.run(["settings", "onthisday", "off"], home: other)
        #expect(off.status == 0 && off.stdout.hasPrefix("Okay: Home won't bring up earlier years."))
        let settings = try String(contentsOfFile: other + "/settings", encoding: .utf8)
        #expect(settings.contains("on_this_day = off"))
        let mode = try FileManager.default.attributesOfItem(atPath: other + "/settings")[.posixPermissions]
        #expect(mode as? Int == 0o600)
        let quiet = try PseudoTerminal.pastOnboarding(home: other, extra: extra)
        defer { quiet.close() }
        quiet.type("\u{04}")
        #expect(try quiet.waitForExit() == 0)
        #expect(!quiet.screenText.contains("ago today"))
        #expect(try YadgProcess.run(["onthisday"], home: other).stdout.contains("planted the tomatoes"))
    }

    @Test func calendarAndStatsAsText() throws {
        let home = try Self.seededHome()
        defer { TemporaryFolder.remove(home) }
        let favourites = try YadgProcess.run(["moments", "favs"], home: home)
        #expect(favourites.stdout.hasPrefix("Your favourites\n") && favourites.stdout.contains("  2  ★ called mom"))
        let day = try YadgProcess.run(["moments", "nov", "16"], home: home)
        #expect(day.stdout.contains("  3  read a book") && !day.stdout.contains("took a walk"))
        #expect(try YadgProcess.run(["calendar", "last", "month"], home: home).stdout.hasPrefix("October 2026\n"))
        let calendar = try YadgProcess.run(["calendar"], home: home)
        #expect(calendar.stdout.contains("16• 17  18• 19• 20  21  22\n"))
        let stats = try YadgProcess.run(["stats"], home: home)
        #expect(stats.stdout.hasPrefix("Stats\nMoments            3\nDays with moments  3\nFavourites         1\n"))
    }
}
