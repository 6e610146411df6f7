import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// Reference: Thu 2026-11-19 15:04 in New York, unless a case says otherwise.
struct TimeExpressionParserTests {
    let parser = TimeExpressionParser()
    let zone = TestSupport.newYork
    let now = TestSupport.date("2026-11-19T15:04:00")

    func parse(_ phrase: String, at local: String = "2026-11-19T15:04:00", in zone: Zone = TestSupport.newYork)
        -> ParsedMoment
    {
        parser.parse(phrase, now: TestSupport.date(local, zone), timeZone: zone)
    }

    func iso(_ parsed: ParsedMoment, _ zone: Zone = TestSupport.newYork) -> String {
        CivilTime.iso8601(parsed.happenedAt, in: zone)
    }

    @Test(arguments: [
        ("took a walk 2 hours ago", "took a walk", "2026-11-19T13:04:00-05:00"),
        ("5 min ago I cooked for my roommate", "I cooked for my roommate", "2026-11-19T14:59:00-05:00"),
        ("wrote in my journal 15m ago", "wrote in my journal", "2026-11-19T14:49:00-05:00"),
        ("called mom an hour ago", "called mom", "2026-11-19T14:04:00-05:00"),
        ("stretched half an hour ago", "stretched", "2026-11-19T14:34:00-05:00"),
        ("ran 1.5 hours ago", "ran", "2026-11-19T13:34:00-05:00"),
        ("napped forty-five minutes ago", "napped", "2026-11-19T14:19:00-05:00"),
        ("cooked an hour and a half ago", "cooked", "2026-11-19T13:34:00-05:00"),
        ("read two and a half hours ago", "read", "2026-11-19T12:34:00-05:00"),
        ("swam a couple of days ago", "swam", "2026-11-17T15:04:00-05:00"),
        ("finished a puzzle 3 days ago", "finished a puzzle", "2026-11-16T15:04:00-05:00"),
        ("painted about 2 weeks ago", "painted", "2026-11-05T15:04:00-05:00"),
        ("just now made tea", "made tea", "2026-11-19T15:04:00-05:00"),
    ])
    func unitsAgoAndNow(phrase: String, text: String, at expected: String) {
        let parsed = parse(phrase)
        #expect(parsed.kind == .past)
        #expect(parsed.text == text)
        #expect(iso(parsed) == expected)
    }

    @Test("Hours are absolute across a DST change; days keep the wall-clock time")
    func daylightSaving() {
        // 2026-03-08 had 23 hours in New York.
        #expect(iso(parse("slept 36 hours ago", at: "2026-03-09T09:30:00")) == "2026-03-07T20:30:00-05:00")
        #expect(iso(parse("slept 1 day ago", at: "2026-03-09T09:30:00")) == "2026-03-08T09:30:00-04:00")
        let london = Zone(identifier: "Europe/London")!
        #expect(
            iso(parse("baked 2 days ago", at: "2026-10-26T07:10:00", in: london), london) == "2026-10-24T07:10:00+01:00"
        )
    }

    @Test func yesterdayIsTheWholeCalendarDay() {
        let parsed = parse("Yesterday, I finally cleaned the fridge!")
        #expect(parsed.text == "I finally cleaned the fridge!")
        #expect(
            parsed.window
                == DateInterval(
                    start: TestSupport.date("2026-11-18T00:00:00"), end: TestSupport.date("2026-11-19T00:00:00")))
        #expect(parse("the day before yesterday went swimming").text == "went swimming")
        #expect(
            TimeWords.dayNumber(parse("the day before yesterday went swimming").happenedAt, zone)
                == TimeWords.dayNumber(TestSupport.date("2026-11-17T12:00:00"), zone))
    }

    @Test("After midnight, 'this evening' is the evening just gone and 'yesterday' is the calendar day before")
    func logicalDay() {
        let evening = parse("called mom this evening", at: "2026-11-21T00:40:00")
        #expect(evening.kind == .past)
        #expect(evening.window?.start == TestSupport.date("2026-11-20T17:00:00"))
        let lastNight = parse("last night slept early", at: "2026-11-21T00:40:00")
        #expect(lastNight.window?.start == TestSupport.date("2026-11-20T18:00:00"))
        #expect(lastNight.window?.end == TestSupport.date("2026-11-21T00:40:00"))
        #expect(
            parse("yesterday ran", at: "2026-11-21T00:40:00").window?.start == TestSupport.date("2026-11-20T00:00:00"))
    }

    @Test func partsOfTheDay() {
        let morning = parse("went for a run this morning and felt great")
        #expect(morning.text == "went for a run and felt great")
        #expect(
            morning.window
                == DateInterval(
                    start: TestSupport.date("2026-11-19T05:00:00"), end: TestSupport.date("2026-11-19T12:00:00")))
        #expect(parse("ran 5k (yesterday evening) 🎉").text == "ran 5k 🎉")
        #expect(parse("[last night] slept without my phone").text == "slept without my phone")
    }

    @Test(arguments: [
        "going to clean the garage in 10 minutes.", "In an hour: will go for a long run", "I'll call mom tomorrow!",
        "will finish the report (later today)", "I'll book the dentist tonight", "I'll call mom this evening",
        "Going to clean the garage next Monday", "In a few days: going to clean the garage",
    ])
    func futureIsFlagged(phrase: String) {
        #expect(parse(phrase).kind == .future)
    }

    @Test(arguments: [
        "worked out for 2 hours", "ran 5k in 30 minutes", "finished yesterday's dishes", "finished today's workout",
        "spent the morning cleaning", "had a great morning", "walked 10,000 steps", "read 2 chapters",
        "scheduled my checkup for tomorrow", "lost 2 pounds since last week", "ran for the first time in 2 years",
        "took a 15-minute walk", "meditated 5 days in a row", "rated my mood 7/10", "survived the night shift",
    ])
    func notATimeExpression(phrase: String) {
        let parsed = parse(phrase)
        #expect(parsed.kind == .none)
        #expect(parsed.text == phrase)
        #expect(parsed.happenedAt == now)
        #expect(parsed.timeExpression == nil)
    }

    @Test func matchedRangeAndExpression() {
        let parsed = parse("took a walk (2h ago)")
        #expect(parsed.timeExpression == "2h ago")
        #expect(parsed.matchedRange == 13..<19)
        #expect(parsed.text == "took a walk")
    }

    @Test func plainTextIsTrimmedAndCollapsed() {
        let parsed = parse("  paid   the bills  ")
        #expect(parsed.kind == .none)
        #expect(parsed.text == "paid the bills")
    }
}
