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
        #expect(unknown.isUsageError && unknown.failure?.contains("/moments nov 3") == true)
        #expect(shell.handle("/moments tomorrow").isUsageError, "a day ahead holds nothing yet")
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
