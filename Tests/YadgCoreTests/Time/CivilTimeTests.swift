import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

struct CivilTimeTests {
    @Test func formatsWithTheOffsetInForce() {
        let zone = TestSupport.newYork
        #expect(CivilTime.iso8601(TestSupport.date("2026-07-01T09:30:00"), in: zone) == "2026-07-01T09:30:00-04:00")
        #expect(CivilTime.iso8601(TestSupport.date("2026-12-01T09:30:00"), in: zone) == "2026-12-01T09:30:00-05:00")
        let kolkata = Zone(identifier: "Asia/Kolkata")!
        #expect(CivilTime.iso8601(Date(timeIntervalSince1970: 0), in: kolkata) == "1970-01-01T05:30:00+05:30")
        let stJohns = Zone(identifier: "America/St_Johns")!
        #expect(
            CivilTime.iso8601(Date(timeIntervalSince1970: 1_795_000_000), in: stJohns) == "2026-11-18T07:36:40-03:30")
        #expect(
            CivilTime.iso8601(Date(timeIntervalSince1970: 0), in: Zone(identifier: "UTC")!)
                == "1970-01-01T00:00:00+00:00")
        // Outside four-digit years, the same form with the year as it is.
        #expect(
            CivilTime.iso8601(Date(timeIntervalSince1970: -70_000_000_000), in: Zone(identifier: "UTC")!).hasSuffix(
                "+00:00"))
    }

    @Test func storageTimestampsRoundTrip() {
        let date = Date(timeIntervalSince1970: 1_763_560_000.123)
        let text = CivilTime.utcTimestamp(date)
        #expect(text == "2025-11-19T13:46:40.123Z")
        #expect(CivilTime.parse(text) == date)
        #expect(CivilTime.parse("2026-11-19T15:04:00-05:00") == TestSupport.date("2026-11-19T15:04:00"))
    }

    @Test func rejectsMalformedTimes() {
        for bad in ["", "2026-11-19", "2026-13-01T00:00:00Z", "2026-11-19T25:00:00Z", "2026-11-19T15:04:00+0500x"] {
            #expect(CivilTime.parse(bad, zone: TestSupport.newYork) == nil, "\(bad)")
        }
        #expect(CivilTime.parse("2026-11-19T15:04:00") == nil, "a local time needs a zone")
    }

    @Test("A wall time in the spring-forward gap moves forward; a repeated one means the first")
    func daylightSavingEdges() {
        let zone = TestSupport.newYork
        #expect(CivilTime.iso8601(TestSupport.date("2026-03-08T02:30:00"), in: zone) == "2026-03-08T03:30:00-04:00")
        #expect(CivilTime.iso8601(TestSupport.date("2026-11-01T01:30:00"), in: zone) == "2026-11-01T01:30:00-04:00")
    }

    @Test func daysFromCivilRoundTrips() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let (y, m, d) = CivilTime.civilFromDays(days)
            #expect(CivilTime.daysFromCivil(year: y, month: m, day: d) == days)
        }
    }

    @Test func timeWords() {
        let zone = TestSupport.newYork
        let now = TestSupport.date("2026-11-19T15:04:00")
        func words(_ local: String) -> String {
            TestSupport.timeWords.when(TestSupport.date(local), now: now, in: zone)
        }
        #expect(words("2026-11-19T15:03:30") == "just now · 3:03 PM")
        #expect(words("2026-11-19T14:59:00") == "5 min ago · 2:59 PM")
        #expect(words("2026-11-19T13:04:00") == "2 hours ago · 1:04 PM")
        #expect(words("2026-11-19T00:30:00") == "about 15 hours ago · 12:30 AM")
        #expect(words("2026-11-19T01:04:00") == "14 hours ago · 1:04 AM")
        #expect(words("2026-11-18T18:00:00") == "yesterday · 6:00 PM")
        #expect(words("2026-11-16T12:00:00") == "Monday · 12:00 PM")
        #expect(words("2026-11-03T09:15:00") == "Nov 3 · 9:15 AM")
        #expect(words("2025-11-03T09:15:00") == "Nov 3, 2025 · 9:15 AM")
    }
}
