import Foundation
import Testing
import YadgCore
import YadgTestSupport

/// Labels that stay true: each kind of time, read with the clock moved on by an hour, hours, a
/// day, a week and a year from when it was said (Thu 2026-11-19 15:00, New York).
struct TrueTimeLabelTests {
    static let words = TimeWords(TestSupport.resources.copy)
    static let saidAt = "2026-11-19T15:00:00"

    /// A moment logged at 15:00 on the 19th whose time was said as `said` (the parser's reading).
    static func label(_ said: String, at reading: String = saidAt) -> String? {
        let parsed = TimeExpressionParser().parse(
            "did a thing " + said, now: TestSupport.date(saidAt), timeZone: TestSupport.newYork)
        var moment = Moment(
            id: UUID(), text: "did a thing", submittedAt: TestSupport.date(saidAt), happenedAt: parsed.happenedAt,
            tz: "America/New_York", offlinePraise: "Nice.", action: "other")
        moment.said = parsed.said
        return words.label(for: moment, now: TestSupport.date(reading), in: TestSupport.newYork)
    }

    static let later = [
        "2026-11-19T15:30:00", "2026-11-19T18:00:00", "2026-11-20T09:00:00", "2026-11-26T09:00:00",
        "2027-11-20T09:00:00",
    ]

    @Test("A day or a part of one: as said that day (slang spelled out), then from now, never a clock time")
    func days() {
        #expect(
            Self.later.map { Self.label("yday", at: $0) } == [
                "yesterday", "yesterday", "Wednesday", "Nov 18", "Nov 18, 2026",
            ])
        #expect(
            Self.later.map { Self.label("this am", at: $0) } == [
                "this morning", "this morning", "yesterday morning", "Nov 19 morning", "Nov 19, 2026 morning",
            ])
        #expect(Self.label("last night", at: "2026-11-20T09:00:00") == "Wednesday night")
        #expect(Self.label("on monday", at: "2026-11-20T09:00:00") == "Monday")
        // A meal or a routine is a window of the day (§2.11): said that day, then the day and its part.
        #expect(Self.label("at lunch") == "at lunch")
        #expect(Self.label("at lunch", at: "2026-11-20T09:00:00") == "yesterday afternoon")
        #expect(Self.label("before work", at: "2026-11-21T09:00:00") == "Thursday morning")
    }

    @Test("A vague recent time: as said for the hour after, then earlier today, then the day")
    func vagueRecent() {
        #expect(
            Self.later.map { Self.label("an hour or so ago", at: $0) } == [
                "an hour or so ago", "earlier today", "yesterday", "Nov 19", "Nov 19, 2026",
            ])
    }

    @Test("A relative period: as said that day, then the week or the month it names")
    func periods() {
        #expect(
            Self.later.map { Self.label("last week", at: $0) } == [
                "last week", "last week", "the week of Nov 9", "the week of Nov 9", "the week of Nov 9",
            ])
        #expect(Self.label("last month", at: "2026-12-02T09:00:00") == "in Oct")
        #expect(Self.label("last month", at: "2027-12-02T09:00:00") == "in Oct 2026")
    }

    @Test("Words that name a date stay; an amount or a clock time said is shown by the view itself")
    func datesAndInstants() {
        #expect(Self.later.map { Self.label("on Nov 3", at: $0) } == Array(repeating: "Nov 3", count: 5))
        #expect(Self.label("in 2020", at: "2027-11-20T09:00:00") == "in 2020")
        #expect(Self.label("2 hours ago") == nil, "an amount: the view shows it from now")
        #expect(Self.label("") == nil)
    }
}

extension TrueTimeLabelTests {
    @Test("An answer about the last time speaks from now too: yday said a week ago is not yday")
    func answers() {
        let store = InMemoryMomentStore()
        _ = TestSupport.shell(store: store, now: "2026-11-19T15:00:00").handle("called mom yday")
        let later = TestSupport.shell(store: store, now: "2026-11-21T15:00:00")
        #expect(later.handle("when did I last call mom?").lines.first?.text == "The last time was Wednesday:")
    }
}
