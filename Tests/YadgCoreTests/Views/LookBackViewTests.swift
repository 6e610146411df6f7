import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// The look-back views as exact text, at fixed widths, on Thu 2026-11-19 15:04 in New York.
struct LookBackViewTests {
    let copy = TestSupport.resources.copy
    let moods = TestSupport.resources.moods
    let extras = ExtrasShown(moods: TestSupport.resources.moods)

    static func moment(_ text: String, _ local: String, action: String = "other", praise: String = "Nice one.")
        -> Moment
    {
        let date = TestSupport.date(local)
        return Moment(
            id: UUID(), text: text, submittedAt: date, happenedAt: date, tz: "America/New_York", offlinePraise: praise,
            action: action)
    }

    @Test func textWidth() {
        #expect(TextWidth.columns("walk") == 4)
        #expect(TextWidth.columns("☕") == 2)
        #expect(TextWidth.columns("日本語") == 6)
        #expect(TextWidth.columns("e\u{301}") == 1)
        #expect(TextWidth.columns("👍🏽") == 2)
        #expect(TextWidth.columns("❤️") == 2)
        #expect(TextWidth.wrap("one two three four", width: 10) == ["one two", "three four"])
        #expect(TextWidth.wrap("☕☕☕☕☕☕", width: 8, firstIndent: "> ", indent: "  ") == ["> ☕☕☕", "  ☕☕☕"])
        #expect(TextWidth.wrap("abcdefghijkl", width: 8) == ["abcdefgh", "ijkl"])
    }

    @Test("Moments rows wrap at the width, measuring emoji and CJK as two columns")
    func momentsWrap() {
        var moments = [
            Self.moment(
                "finally cleaned the whole kitchen and it felt great ☕☕", "2026-11-19T13:04:00",
                praise: "Small tidy, big relief."),
            Self.moment("日本語の本を読んだ", "2026-11-18T20:00:00", praise: "Your brain just grew a little."),
        ]
        (moments[0].ref, moments[1].ref) = (1, 2)
        let lines = MomentsByDayView.render(
            moments, now: TestSupport.date("2026-11-19T15:04:00"), zone: TestSupport.newYork, copy: copy,
            extras: extras,
            width: 32)
        #expect(
            lines.plainText == """
                Moments

                Today
                  1  finally cleaned the whole
                     kitchen and it felt great
                     ☕☕
                     2 hours ago · "Small tidy,
                     big relief."

                Yesterday
                  2  日本語の本を読んだ
                     8:00 PM · "Your brain just
                     grew a little."
                """)
        #expect(lines.allSatisfy { TextWidth.columns($0.text) <= 32 })
    }

    @Test func journeyCards() {
        let day1 = [
            Self.moment("called a friend", "2026-11-18T19:00:00", action: "social"),
            Self.moment("took a short walk", "2026-11-18T12:00:00", action: "movement"),
            Self.moment("cleaned something quietly bothering me", "2026-11-18T09:00:00", action: "chores"),
        ]
        let day2 = [Self.moment("slept in 😴", "2026-11-15T10:00:00", action: "rest")]
        let days = [
            JourneyView.Day(
                day: LocalDay("2026-11-18"), moments: day1,
                summary: "Steady, gentle progress. You took care of small things today."),
            JourneyView.Day(
                day: LocalDay("2026-11-15"), moments: day2,
                summary: DayDigest.offlineSummary(for: day2, copy: copy)),
        ]
        #expect(
            JourneyView.render(days, copy: copy, moods: moods, width: 50, firstPage: true, hasMore: true).plainText
                == """
                Your journey
                Tiny steps, day by day.

                Nov 18, 2026  🙂 Calm day
                3 moments logged
                 • cleaned something quietly bothering me
                 • took a short walk
                 • called a friend
                Summary: "Steady, gentle progress. You took care
                of small things today."

                Nov 15, 2026  🙂 Calm day
                1 moment logged
                 • slept in 😴
                Summary: "One small step, and it counts. You let
                yourself rest."

                /journey more for earlier days
                """)
        #expect(
            JourneyView.render([], copy: copy, moods: moods, width: 50, firstPage: true, hasMore: false).plainText
                == """
                Your journey
                Tiny steps, day by day.

                Once you have a few days of moments, you'll see your journey here.
                """)
    }

    @Test("A busy day's card shows its first moments and says how many more")
    func busyDay() {
        let moments = (0..<11).map { Self.moment("step \($0)", String(format: "2026-11-18T%02d:00:00", 8 + $0)) }
        let day = JourneyView.Day(day: LocalDay("2026-11-18"), moments: moments.reversed(), summary: "A full one.")
        let text = JourneyView.render([day], copy: copy, moods: moods, width: 60, firstPage: false, hasMore: false)
            .plainText
        #expect(
            text == """

                Nov 18, 2026  🌟 Full day
                11 moments logged
                 • step 0
                 • step 1
                 • step 2
                 • step 3
                 • step 4
                 • step 5
                 • step 6
                 • step 7
                   and 3 more that day (/moments shows them all)
                Summary: "A full one."
                """)
    }

    @Test func moodLabels() {
        func day(_ actions: [String]) -> [Moment] {
            actions.map { Self.moment("x", "2026-11-18T12:00:00", action: $0) }
        }
        #expect(DayDigest.moodLabel(for: day(["movement"]), copy: copy, moods: moods) == "🌿 Gentle day")
        #expect(DayDigest.moodLabel(for: day(["rest"]), copy: copy, moods: moods) == "🙂 Calm day")
        #expect(DayDigest.moodLabel(for: day(["work", "chores", "social"]), copy: copy, moods: moods) == "⚡ Busy day")
        #expect(DayDigest.moodLabel(for: day(["work", "a", "b", "c", "d"]), copy: copy, moods: moods) == "🌟 Full day")
        #expect(DayDigest.fingerprint(day(["x"])) != DayDigest.fingerprint(day(["x"])), "ids differ")
        let same = day(["x", "y"])
        #expect(DayDigest.fingerprint(same) == DayDigest.fingerprint(same.reversed()))
    }

    @Test func calendarGrid() {
        let marked: Set<Int> = Set(["2026-11-02", "2026-11-18", "2026-11-19"].compactMap { LocalDay($0)?.number })
        let lines = CalendarView.render(
            year: 2026, month: 11, marked: marked, today: LocalDay("2026-11-19"), copy: copy)
        #expect(
            lines.plainText == """
                November 2026
                Mo  Tu  We  Th  Fr  Sa  Su
                                         1
                 2•  3   4   5   6   7   8
                 9  10  11  12  13  14  15
                16  17  18• 19• 20  21  22
                23  24  25  26  27  28  29
                30

                • a day with moments
                Today is Nov 19, 2026.
                """)
        #expect(lines[5].emphasis == "19", "today is emphasised")
        let today = LocalDay("2026-11-19")
        #expect(CalendarView.month("", today: today)! == (2026, 11))
        #expect(CalendarView.month("october", today: today)! == (2026, 10))
        #expect(CalendarView.month("dec", today: today)! == (2025, 12))
        #expect(CalendarView.month("2025-03", today: today)! == (2025, 3))
        #expect(CalendarView.month("last", today: today)! == (2026, 10))
        #expect(CalendarView.month("someday", today: today) == nil)
    }

    @Test func statsWithoutStreaks() {
        let totals = MomentTotals(
            moments: 12, daysWithMoments: 5, favorites: 2,
            perDay: ["2026-11-16": 4, "2026-11-17": 1, "2026-11-19": 2, "2026-11-03": 1],
            actions: [("movement", 5), ("chores", 4), ("social", 3)])
        let text = StatsView.render(
            totals, today: LocalDay("2026-11-19"), weeks: 3, copy: copy, moods: moods, width: 60
        ).plainText
        #expect(
            text == """
                Stats
                Moments            12
                Days with moments   5
                Favourites          2

                Recent weeks (Mon → Sun)
                Nov 2   ·▂·····  1
                Nov 9   ·······  0
                Nov 16  █▂·▄     7

                Most common kinds of wins
                movement 5 · chores 4 · social 3
                """)
        #expect(!text.lowercased().contains("streak"))
    }

    @Test("Row commands take a moment's own reference: the same in every list, in a new session, and `last`")
    func rowCommands() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        for line in ["read a book 3 days ago", "called mom yesterday", "took a walk"] { _ = shell.handle(line) }
        // No list shown yet: references work at once.
        #expect(shell.handle("/fav 2").lines.plainText == "★ #2 \"called mom\" is a favourite.")
        #expect(
            shell.handle("/fav 9").lines.plainText == "There's no moment 9. /moments shows each moment's number.")
        #expect(shell.handle("/delete 3").lines.plainText == "Deleted #3 \"took a walk\". /undo brings it back.")
        #expect(
            try store.moments(happenedFrom: nil, before: nil, limit: 9).map(\.text) == ["called mom", "read a book"])
        #expect(shell.handle("/fav 3").lines.plainText.hasPrefix("There's no moment 3."), "deleted")
        #expect(shell.handle("/undo").lines.plainText == "Brought back #3 \"took a walk\".")
        #expect(shell.handle("/undo").lines.plainText == "Took the star off #2 \"called mom\" again.")
        #expect(shell.handle("/fav 2").failure == nil)
        #expect(
            shell.handle("/edit #1 read a whole book").lines.plainText
                == "Changed #1 to \"read a whole book\". /undo changes it back.")
        // A search shows the moment under its own number, not a row position.
        #expect(
            shell.handle("/find WHOLE").lines.plainText.hasPrefix(
                "Moments with \"WHOLE\"\n\nMonday, Nov 16, 2026\n  1  read a whole book"))
        #expect(shell.handle("/unfav 1").lines.plainText == "#1 \"read a whole book\" isn't a favourite.")
        #expect(shell.handle("/unfav 2").lines.plainText == "Unmarked #2 \"called mom\".")
        #expect(shell.handle("/fav last").lines.plainText == "★ #3 \"took a walk\" is a favourite.")
        #expect(shell.handle("/moments").lines.plainText.contains("  3  ★ took a walk"))
        // The next session (and the next day) sees the same numbers.
        let tomorrow = TestSupport.shell(store: store, now: "2026-11-20T09:00:00")
        #expect(tomorrow.handle("/moments all").lines.plainText.contains("  2  called mom"))
        #expect(tomorrow.handle("/unfav 3").lines.plainText == "Unmarked #3 \"took a walk\".")
        #expect(shell.handle("/moments week").lines.plainText.contains("read a whole book"))
        #expect(shell.handle("/moments today").lines.plainText.contains("called mom") == false)
    }

    @Test(
        "CSV: a cell that would run as a formula is written as text ('=…, OWASP); control characters are shown, not sent",
        arguments: [
            ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
            (#"+HYPERLINK("http://evil.example","click")"#, #""'+HYPERLINK(""http://evil.example"",""click"")""#),
            ("-2+3", "'-2+3"), ("@SUM(A1:A9)", "'@SUM(A1:A9)"), ("\t=1+1", "'\t=1+1"),
            ("\r=1+1", "␍=1+1"),
            ("\u{1B}]52;c;ZXZpbA==\u{07}copied", "␛]52;c;ZXZpbA==␇copied"),
            ("\u{1B}[2J\u{1B}]0;pwned\u{07}title", "␛[2J␛]0;pwned␇title"),
            ("nul\u{0}byte\u{7F}\u{9B}31m", "nul␀byte␡\u{FFFD}31m"),
            ("took a walk - 5 km", "took a walk - 5 km"), ("2026-11-19T15:04:00.000Z", "2026-11-19T15:04:00.000Z"),
            ("tags\nstacked", "\"tags\nstacked\""),
        ])
    func csvCells(text: String, cell: String) {
        #expect(MomentExport.csvCell(text) == cell)
    }

    @Test("Export → import gives the same moments; CSV quotes what it must")
    func exportRoundTrip() throws {
        var a = Self.moment("called mom, \"just to chat\"\nand laughed", "2026-11-18T19:00:00", action: "social")
        a.isFavorite = true
        a.aiPraise = "You reached out, and that matters."
        a.tags = ["family"]
        var b = Self.moment("deleted one", "2026-11-17T08:00:00")
        b.archivedAt = TestSupport.date("2026-11-18T08:00:00")
        let json = MomentExport.json([a, b])
        #expect(try MomentExport.decode(json) == [a, b])
        #expect(MomentExport.json(try MomentExport.decode(json)) == json)
        let csv = MomentExport.csv([a])
        #expect(
            csv.contains(
                ",\"called mom, \"\"just to chat\"\"\nand laughed\",\"You reached out, and that matters.\",social,1,"))
        #expect(
            MomentExport.markdown([a, b], zone: TestSupport.newYork, copy: copy, extras: extras) == """
                # My moments

                ## Nov 18, 2026

                - 7:00 PM — called mom, "just to chat" and laughed #family ★  
                  _You reached out, and that matters._

                """)
        #expect(throws: (any Error).self) { try MomentExport.decode("{\"not\": \"an export\"}") }
        // A day or a period has no clock time to show: none is made up (`yday` is not noon).
        var day = Self.moment("called grandma", "2026-11-17T12:00:00")
        day.said = SaidTime(.day, "yday")
        var week = Self.moment("read a book", "2026-11-10T12:00:00")
        week.said = SaidTime(.period, "last week")
        let vague = MomentExport.markdown([day, week], zone: TestSupport.newYork, copy: copy, extras: extras)
        #expect(vague.contains("- called grandma") && vague.contains("- read a book"))
        #expect(!vague.contains("12:00 PM"))
    }
}

struct HugeTextTests {
    @Test("A one-megabyte single word wraps in one pass in every view")
    func megabyteWord() {
        let copy = TestSupport.resources.copy
        let moods = TestSupport.resources.moods
        let extras = ExtrasShown(moods: moods)
        let word = String(repeating: "a", count: 1_000_000)
        var moment = LookBackViewTests.moment(word, "2026-11-19T13:04:00")
        moment.ref = 1
        let now = TestSupport.date("2026-11-19T15:04:00")
        let list = MomentsByDayView.render(
            [moment], now: now, zone: TestSupport.newYork, copy: copy, extras: extras, width: 80)
        #expect(list.allSatisfy { TextWidth.columns($0.text) <= 80 })
        #expect(list.count > 1_000_000 / 80)
        let day = JourneyView.Day(day: LocalDay("2026-11-19"), moments: [moment], summary: "Nice.")
        let journey = JourneyView.render([day], copy: copy, moods: moods, width: 80, firstPage: true, hasMore: false)
        #expect(journey.allSatisfy { TextWidth.columns($0.text) <= 80 })
        let card = MomentCard.render(moment, now: now, zone: TestSupport.newYork, copy: copy, extras: extras).wrapped(
            to: 80)
        let wordLines = card.map { $0.text.trimmingCharacters(in: .whitespaces) }.filter { $0.allSatisfy { $0 == "a" } }
        #expect(wordLines.joined().count == 1_000_000, "every character kept, none lost at a break")
    }
}
