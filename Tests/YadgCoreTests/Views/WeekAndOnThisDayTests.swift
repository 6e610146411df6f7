import Foundation
import Testing
import YadgResources
import YadgTestSupport

@testable import YadgCore

/// `/week`, `/journey weeks`, `/onthisday` and Home's line from an earlier year, as exact text, on
/// Wed 2026-11-25 10:00 in New York.
struct WeekAndOnThisDayTests {
    static let now = "2026-11-25T10:00:00"
    let copy = TestSupport.resources.copy

    static func moment(_ text: String, _ local: String, action: String = "other", mood: String? = nil) -> Moment {
        let date = TestSupport.date(local)
        return Moment(
            id: UUID(), text: text, submittedAt: date, happenedAt: date, tz: "America/New_York", offlinePraise: "Nice.",
            action: action, mood: mood)
    }

    static func store(_ moments: [Moment]) -> InMemoryMomentStore {
        let store = InMemoryMomentStore()
        for m in moments { _ = try! store.insert(m, state: [:]) }
        return store
    }

    static let year: [Moment] = [
        moment("took a walk", "2026-11-23T08:00:00", action: "movement"),
        moment("did the dishes", "2026-11-23T12:00:00", action: "chores"),
        moment("called mom", "2026-11-24T09:00:00", action: "social", mood: "grateful"),
        moment("went for a run", "2026-11-25T07:00:00", action: "movement"),
        moment("fixed the bike", "2026-11-18T09:00:00", action: "chores"),
        moment("called grandma", "2026-10-25T09:00:00", action: "social"),
        moment("finished the book", "2026-05-25T19:00:00", action: "learning"),
        moment("planted the tomatoes", "2025-11-25T09:00:00", action: "other"),
        moment("ran my first 5k", "2024-11-25T09:00:00", action: "movement"),
    ]

    @Test("This week, Monday to Sunday: days with moments only, kinds and moods in a line each, one summary")
    func thisWeek() {
        let shell = TestSupport.shell(store: Self.store(Self.year), now: Self.now)
        shell.width = 60
        let reply = shell.handle("/week")
        #expect(
            reply.lines.plainText == """
                Your week · Nov 23 – 29, 2026
                4 moments

                Monday, Nov 23 · 2
                 • took a walk
                 • did the dishes

                Tuesday, Nov 24 · 1
                 • called mom

                Wednesday, Nov 25 · 1
                 • went for a run

                Kinds of wins: movement 2 · chores 1 · social 1
                Moods: 🙏 Grateful 1
                Summary: "A week where you got moving and took care of
                things at home."
                """)
        #expect(reply.lines.allSatisfy { TextWidth.columns($0.text) <= 60 })
        // The summary is asked for as a week, under its Monday, with every moment in the order they happened.
        let asked = reply.summaryRequests
        #expect(asked.map(\.period) == [.week] && asked.map(\.start) == [LocalDay("2026-11-23")])
        let request = try! #require(DaySummaryRequest(asked[0], words: TestSupport.timeWords))
        #expect(request.day == "the week of Monday, Nov 23" && request.period == .week)
        #expect(request.moments == ["took a walk", "did the dishes", "called mom", "went for a run"])
    }

    @Test("Last week, weeks back, a week of a date; a week with nothing says so and nothing more")
    func otherWeeks() {
        let shell = TestSupport.shell(store: Self.store(Self.year), now: Self.now)
        #expect(shell.handle("/week last").lines.first?.text == "Last week · Nov 16 – 22, 2026")
        #expect(shell.handle("/week 1").lines.first?.text == "Last week · Nov 16 – 22, 2026")
        #expect(shell.handle("/week of Oct 25").lines.first?.text == "Oct 19 – 25, 2026")
        #expect(shell.handle("/week of 2026-05-27").lines.first?.text == "May 25 – 31, 2026")
        #expect(shell.handle("/week 5").lines.first?.text == "Oct 19 – 25, 2026")
        #expect(shell.handle("/week of last friday").lines.first?.text == "Last week · Nov 16 – 22, 2026")
        let across = shell.handle("/week of Dec 30, 2025")
        #expect(across.lines.first?.text == "Dec 29, 2025 – Jan 4, 2026")
        let empty = shell.handle("/week 2")
        #expect(
            empty.lines.plainText == """
                Nov 9 – 15, 2026
                Nothing logged this week, and that's okay. This space is here whenever you want
                it.
                """)
        #expect(empty.effects.isEmpty, "nothing to summarise, nothing asked")
        let unknown = shell.handle("/week someday soon-ish")
        #expect(unknown.failure?.isUsage == true && unknown.failure?.message.contains("/week of Nov 3") == true)
    }

    @Test("A week that holds crisis language: never sent, never celebrated, no kinds or moods; where help is")
    func heavyWeek() {
        let moments = Self.year + [Self.moment("i want to die", "2026-11-24T22:00:00")]
        let shell = TestSupport.shell(store: Self.store(moments), now: Self.now)
        let reply = shell.handle("/week")
        #expect(reply.effects.isEmpty, "no summary request: \(reply.effects)")
        let text = reply.lines.plainText
        #expect(text.contains("Something heavy was written down this week."))
        #expect(text.contains("988") && !text.contains("Summary:") && !text.contains("Kinds of wins"))
        guard case .week(let week)? = reply.events.first else { Issue.record("no week event"); return }
        #expect(week.isHeavy && DaySummaryRequest(week.summaryTarget, words: TestSupport.timeWords) == nil)
        // Weeks around it still get theirs; the heavy one is never in the requests.
        let weeks = shell.handle("/journey weeks")
        #expect(!weeks.summaryRequests.contains { $0.start == LocalDay("2026-11-23") })
        #expect(weeks.summaryRequests.contains { $0.start == LocalDay("2026-11-16") })
    }

    @Test("A week's request carries at most 40 moments, the first 40 of the week")
    func weekRequestBound() {
        let many = (0..<60).map { Self.moment("moment \($0)", "2026-11-23T08:00:00").withOffset($0) }
        let target = SummaryTarget(.week, start: LocalDay("2026-11-23"), moments: many.reversed())
        let request = try! #require(DaySummaryRequest(target, words: TestSupport.timeWords))
        #expect(
            request.moments.count == 40 && request.moments.first == "moment 0" && request.moments.last == "moment 39")
    }

    @Test("Journey by week: newest first, five a page; /journey more goes on with weeks")
    func journeyWeeks() {
        var moments: [Moment] = []
        for week in 0..<7 {
            let day = LocalDay(number: LocalDay("2026-11-23").number - 7 * week)
            moments.append(Self.moment("walk \(week)", day.text + "T09:00:00", action: "movement"))
        }
        let shell = TestSupport.shell(store: Self.store(moments), now: Self.now)
        shell.width = 60
        let first = shell.handle("/journey weeks")
        #expect(
            first.lines.prefix(5).map(\.text) == [
                "Your weeks", "Tiny steps, week by week.", "", "Nov 23 – 29, 2026 · 1 moment",
                "Summary: \"A week where you got moving.\"",
            ])
        #expect(first.lines.last?.text == "/journey more for earlier weeks")
        #expect(first.summaryRequests.count == 5 && first.summaryRequests.allSatisfy { $0.period == .week })
        let more = shell.handle("/journey more")
        #expect(
            more.lines.filter { $0.text.contains(" · 1 moment") }.map(\.text) == [
                "Oct 19 – 25, 2026 · 1 moment", "Oct 12 – 18, 2026 · 1 moment",
            ])
        #expect(shell.handle("/journey more").lines.map(\.text) == ["That's the whole journey so far."])
        // A bare /journey shows days again.
        #expect(shell.handle("/journey").lines.first?.text == "Your journey")
    }

    @Test("A cached week summary is shown until the week's moments change")
    func cachedWeekSummary() throws {
        let store = Self.store(Self.year)
        let shell = TestSupport.shell(store: store, now: Self.now)
        let target = try #require(shell.handle("/week").summaryRequests.first)
        try target.cache("A week with fresh air in it.", in: store)
        let again = shell.handle("/week")
        #expect(again.lines.plainText.contains("Summary: \"A week with fresh air in it.\"") && again.effects.isEmpty)
        _ = try store.insert(Self.moment("read a chapter", "2026-11-25T09:00:00", action: "learning"), state: [:])
        let changed = shell.handle("/week")
        #expect(!changed.lines.plainText.contains("fresh air") && changed.summaryRequests.count == 1)
        // Days and weeks are kept apart: the week's text is not a summary of its Monday.
        #expect(try store.daySummary(for: LocalDay("2026-11-23")) == nil)
    }

    @Test("On this day: a month, six months and every year back, nearest first")
    func onThisDay() {
        let shell = TestSupport.shell(store: Self.store(Self.year), now: Self.now)
        shell.width = 60
        #expect(
            shell.handle("/onthisday").lines.plainText == """
                On this day · Nov 25

                A month ago · Oct 25, 2026
                 • called grandma

                6 months ago · May 25, 2026
                 • finished the book

                A year ago · Nov 25, 2025
                 • planted the tomatoes

                2 years ago · Nov 25, 2024
                 • ran my first 5k
                """)
        let none = TestSupport.shell(store: Self.store([]), now: Self.now).handle("/onthisday")
        #expect(
            none.lines.plainText == """
                On this day · Nov 25

                Nothing from this day in earlier months or years yet. One day, today's moments
                will be here to find.
                """)
    }

    @Test("A busy day shows its first five moments and how many more; only those are read")
    func onThisDayBusyDay() {
        let busy = (0..<8).map { Self.moment("stretch \($0 + 1)", "2025-11-25T0\($0 + 1):00:00") }
        let shell = TestSupport.shell(store: Self.store(busy), now: Self.now)
        shell.width = 60
        #expect(
            shell.handle("/onthisday").lines.plainText == """
                On this day · Nov 25

                A year ago · Nov 25, 2025
                 • stretch 1
                 • stretch 2
                 • stretch 3
                 • stretch 4
                 • stretch 5
                   and 3 more that day (/moments 2025-11-25 shows them all)
                """)
    }

    @Test("Days a shorter month lacks are its last day; Feb 29 is Feb 28 in other years")
    func onThisDayCalendar() {
        #expect(OnThisDay.back(months: 1, from: LocalDay("2026-03-31")) == LocalDay("2026-02-28"))
        #expect(OnThisDay.back(months: 1, from: LocalDay("2024-03-31")) == LocalDay("2024-02-29"))
        #expect(OnThisDay.back(months: 6, from: LocalDay("2026-08-31")) == LocalDay("2026-02-28"))
        #expect(OnThisDay.back(months: 12, from: LocalDay("2028-02-29")) == LocalDay("2027-02-28"))
        #expect(OnThisDay.back(months: 1, from: LocalDay("2026-01-15")) == LocalDay("2025-12-15"))
        let days = OnThisDay.days(before: LocalDay("2026-11-25"))
        #expect(days.count == 2 + OnThisDay.yearsBack && days[2].1 == LocalDay("2025-11-25"))
    }

    @Test("Home brings up one moment a year or more back, once a day, in the conversation only")
    func homeLine() throws {
        let store = Self.store(Self.year)
        let shell = TestSupport.shell(store: store, now: Self.now, mode: .conversation)
        let home = shell.home().map(\.text)
        #expect(home[2] == "A year ago today: planted the tomatoes.")
        #expect(home.filter { $0.contains("ago today") }.count == 1)
        #expect(!shell.home().map(\.text).contains { $0.contains("ago today") }, "once a day")
        // The next day there is nothing from Nov 26, and a day later than that, nothing again.
        let tomorrow = TestSupport.shell(store: store, now: "2026-11-26T10:00:00", mode: .conversation)
        #expect(!tomorrow.home().map(\.text).contains { $0.contains("ago today") })
        // Never on a pipe, never when turned off, never a crisis moment.
        #expect(
            !TestSupport.shell(store: Self.store(Self.year), now: Self.now).home().map(\.text).contains {
                $0.contains("ago")
            })
        var offFacts = AppFacts()
        offFacts.onThisDayAtHome = false
        let off = TestSupport.shell(
            store: Self.store(Self.year), now: Self.now, mode: .conversation,
            configuration: Shell.Configuration(facts: offFacts))
        #expect(!off.home().map(\.text).contains { $0.contains("ago") })
        let heavy = Self.store([
            Self.moment("i want to die", "2025-11-25T09:00:00"), Self.moment("ran my first 5k", "2024-11-25T09:00:00"),
        ])
        let line = TestSupport.shell(store: heavy, now: Self.now, mode: .conversation).home().map(\.text)[2]
        #expect(line == "2 years ago today: ran my first 5k.")
        // A month back is for /onthisday only.
        let recent = Self.store([Self.moment("called grandma", "2026-10-25T09:00:00")])
        let quiet = TestSupport.shell(store: recent, now: Self.now, mode: .conversation).home().map(\.text)
        #expect(!quiet.contains { $0.contains("ago") }, "\(quiet)")
    }

    @Test("No pressure: nothing these views can print counts what was not done, compares, or speaks of streaks")
    func noPressure() throws {
        var lines: [String] = []
        let sections = ["week", "onThisDay"]
        let json = EmbeddedResources.text("Resources/copy.json")!
        let tree = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        for section in sections {
            for case let text as String in (tree[section] as! [String: Any]).values { lines.append(text) }
        }
        for kinds in [["movement"], ["chores", "social"], [], ["rest", "food"]] {
            let moments = kinds.map { Self.moment("x", "2026-11-23T08:00:00", action: $0) }
            lines.append(WeekView.offlineSummary(for: moments, copy: copy))
        }
        let shell = TestSupport.shell(store: Self.store(Self.year), now: Self.now)
        for command in ["/week", "/week last", "/week 2", "/journey weeks", "/onthisday"] {
            lines += shell.handle(command).lines.map(\.text)
        }
        let pressure = [
            "streak", "in a row", "missed", "skipped", "didn't", "did not", "only ", "fewer", "less than", "more than",
            "than last", "compared", "behind", "should", "must", "goal", "keep it up", "don't break", "again next",
            "no moments", "zero", "out of 7", "/7", "days without",
        ]
        for line in lines {
            for word in pressure { #expect(!line.lowercased().contains(word), "\"\(word)\" in: \(line)") }
        }
    }

    @Test(
        "Week summaries follow the summary policy: a comparison with another week, advice or a count of what was missed is refused"
    )
    func weekSummaryPolicy() {
        #expect(
            PraiseReplyValidator.acceptSummary("A week with fresh air in it: you kept moving and called your sister.")
                != nil)
        for bad in [
            "A better week than last week: you moved more.", "You logged fewer wins than last week, but that's okay.",
            "Next week, try to walk every day.", "You missed Thursday and Friday, but the rest was good.",
        ] {
            #expect(PraiseReplyValidator.acceptSummary(bad) == nil, "\(bad)")
        }
    }
}

extension Moment {
    /// The same moment `seconds` later (distinct times for ordering).
    fileprivate func withOffset(_ seconds: Int) -> Moment {
        var copy = self
        copy.happenedAt = happenedAt.addingTimeInterval(Double(seconds))
        return copy
    }
}
