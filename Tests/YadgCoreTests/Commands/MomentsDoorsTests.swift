import Foundation
import Testing
import YadgCore
import YadgTestSupport

/// The views' doors: a day by any date the parser reads, the favourites, and the months around this one.
struct MomentsDoorsTests {
    static func shell() -> (Shell, InMemoryMomentStore) {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("read a book 3 days ago")
        _ = shell.handle("called mom yesterday evening")
        _ = shell.handle("took a walk 2 hours ago")
        return (shell, store)
    }

    @Test("/moments DATE opens one day: nov 16, 2026-11-18, last monday; a day with nothing says so kindly")
    func oneDay() {
        let (shell, _) = Self.shell()
        #expect(shell.handle("/moments nov 16").lines.map(\.text).contains("  1  read a book"))
        let yesterday = shell.handle("/moments 2026-11-18").lines.map(\.text)
        #expect(yesterday.contains("  2  called mom") && !yesterday.contains("  3  took a walk"))
        #expect(shell.handle("/moments last monday").lines.map(\.text).contains("  1  read a book"))
        #expect(shell.handle("/moments nov 2").lines.map(\.text).last == "Nothing here yet, and that's okay.")
        let unknown = shell.handle("/moments someday")
        #expect(unknown.failure?.isUsage == true && unknown.failure?.message.contains("/moments nov 3") == true)
        #expect(shell.handle("/moments tomorrow").failure?.isUsage == true, "a day ahead holds nothing yet")
    }

    @Test("/moments favs lists the favourites newest first, and says how to make one when there are none")
    func favourites() {
        let (shell, _) = Self.shell()
        #expect(
            shell.handle("/moments favs").lines.plainText
                == "No favourites yet. When a moment means a lot, /fav and its number keeps it here.")
        _ = shell.handle("/fav 1")
        _ = shell.handle("/fav 3")
        let lines = shell.handle("/moments favs").lines.map(\.text)
        #expect(lines.first == "Your favourites")
        #expect(
            lines.filter { $0.hasPrefix("  ") && $0.contains("★") } == ["  3  ★ took a walk", "  1  ★ read a book"])
        _ = shell.handle("/delete 3")
        #expect(!shell.handle("/moments favourites").lines.map(\.text).contains("  3  ★ took a walk"))
    }

    @Test("/calendar next month and last month, across a year's end")
    func calendarMonths() {
        let today = LocalDay("2026-12-10")
        #expect(CalendarView.month("next month", today: today)! == (2027, 1))
        #expect(CalendarView.month("last month", today: today)! == (2026, 11))
        #expect(CalendarView.month("this month", today: today)! == (2026, 12))
        #expect(CalendarView.month("last month", today: LocalDay("2026-01-05"))! == (2025, 12))
        #expect(CalendarView.month("next week", today: today) == nil)
        let (shell, _) = Self.shell()
        #expect(shell.handle("/calendar next month").lines.first?.text == "December 2026")
        #expect(shell.handle("/calendar last month").lines.first?.text == "October 2026")
    }
}

/// `/when` says the amount that was given, and names a moment it moves from an earlier conversation.
struct HonestWhenTests {
    @Test("An amount is said as it is, or rounded and said so: 122 min is about 2 hours, 179 min 3 hours")
    func amounts() {
        let shell = TestSupport.shell()
        _ = shell.handle("took a walk")
        #expect(shell.handle("/when 59 min ago").lines.plainText == "Set #1 \"took a walk\" to 59 min ago · 2:05 PM")
        #expect(shell.handle("/when 60 min ago").lines.plainText == "Set #1 \"took a walk\" to 1 hour ago · 2:04 PM")
        #expect(
            shell.handle("/when 70 min ago").lines.plainText == "Set #1 \"took a walk\" to about an hour ago · 1:54 PM")
        #expect(
            shell.handle("/when 122 min ago").lines.plainText
                == "Set #1 \"took a walk\" to about 2 hours ago · 1:02 PM")
        #expect(shell.handle("/when 179 min ago").lines.plainText == "Set #1 \"took a walk\" to 3 hours ago · 12:05 PM")
        #expect(
            shell.handle("/when 5 hours ago").lines.plainText == "Set #1 \"took a walk\" to 5 hours ago · 10:04 AM")
        #expect(
            shell.handle("/when 90 minutes ago").lines.plainText == "Set #1 \"took a walk\" to 1.5 hours ago · 1:34 PM")
        #expect(
            shell.handle("/when 100 min ago").lines.plainText
                == "Set #1 \"took a walk\" to about 1.5 hours ago · 1:24 PM")
        #expect(shell.handle("/when 2 hours ago").lines.plainText == "Set #1 \"took a walk\" to 2 hours ago · 1:04 PM")
        #expect(
            shell.handle("/when 150 min ago").lines.plainText == "Set #1 \"took a walk\" to 2.5 hours ago · 12:34 PM")
        #expect(
            shell.handle("/when 200 min ago").lines.plainText
                == "Set #1 \"took a walk\" to about 3 hours ago · 11:44 AM")
    }

    @Test("/when as the first line of a conversation names the moment it moves")
    func namesAnEarlierMoment() {
        let store = InMemoryMomentStore()
        _ = TestSupport.shell(store: store).handle("took a walk")
        // A later run: ids of its own (the test shells count ids from the same start).
        let later = Shell(
            store: store, clock: FixedClock(TestSupport.date("2026-11-19T15:04:00")), timeZone: TestSupport.newYork,
            resources: TestSupport.resources, rng: SplitMix64(seed: 7), mode: .piped, makeID: { UUID() })
        #expect(
            later.handle("/when 90 minutes ago").lines.plainText
                == "Set #1 \"took a walk\" to 1.5 hours ago · 1:34 PM")
        #expect(later.handle("/when 2 hours ago").lines.plainText.hasPrefix("Set #1"), "still not logged here")
        let logged = later.handle("called mom")
        #expect(logged.events.contains { $0.isLogged }, "\(logged.lines.plainText)")
        #expect(later.handle("/when 2 hours ago").lines.plainText == "Set #2 \"called mom\" to 2 hours ago · 1:04 PM")
    }
}
