import Foundation
import Testing
import YadgCore
import YadgTestSupport

/// A day, a part of the day and a clock time combine in whatever order they are said, and what a
/// view shows for them reads the way a person says it (<doc:TimeSemantics> §2.5, §2.7, §2.12).
/// Typed on Wednesday 2026-11-25 in New York.
struct TimeInAnyOrderTests {
    let parser = TimeExpressionParser()

    /// The local time stored (or `future`/`none`), the text left, and the words a card shows.
    func read(_ line: String, at now: String) -> (String, String, String) {
        let parsed = parser.parse(line, now: TestSupport.date(now), timeZone: TestSupport.newYork)
        let when: String
        switch parsed.kind {
        case .none: when = "none"
        case .future: when = "future"
        case .past: when = String(CivilTime.iso8601(parsed.happenedAt, in: TestSupport.newYork).prefix(16))
        }
        return (when, parsed.text, parsed.said.words ?? "")
    }

    @Test(
        "A day and its part, either way round",
        arguments: [
            ("walked in the morning yesterday", "12:00", "2026-11-24T08:30", "walked", "yesterday morning"),
            ("walked yesterday morning", "12:00", "2026-11-24T08:30", "walked", "yesterday morning"),
            ("ran yesterday in the evening", "12:00", "2026-11-24T20:30", "ran", "yesterday evening"),
            ("ran in the evening yesterday", "15:30", "2026-11-24T20:30", "ran", "yesterday evening"),
            ("ran evening yesterday", "15:30", "2026-11-24T20:30", "ran", "yesterday evening"),
            ("swam on monday in the evening", "15:30", "2026-11-23T20:30", "swam", "monday evening"),
            ("swam in the evening on monday", "15:30", "2026-11-23T20:30", "swam", "monday evening"),
            ("swam in the evening last monday", "15:30", "2026-11-23T20:30", "swam", "last monday evening"),
            ("read at night yesterday", "15:30", "2026-11-24T23:30", "read", "last night"),
            ("read yesterday at night", "15:30", "2026-11-24T23:30", "read", "last night"),
            ("stretched in the morning today", "15:30", "2026-11-25T08:30", "stretched", "this morning"),
            ("stretched in the morning", "15:30", "2026-11-25T08:30", "stretched", "this morning"),
        ])
    func dayAndPart(line: String, now: String, when: String, text: String, said: String) {
        let (got, rest, words) = read(line, at: "2026-11-25T" + now + ":00")
        #expect(got == when)
        #expect(rest == text)
        #expect(words == said)
    }

    @Test(
        "A clock time and a part of the day, with or without the day",
        arguments: [
            ("walked at 7 in the morning", "2026-11-25T07:00", "walked"),
            ("walked in the morning at 7", "2026-11-25T07:00", "walked"),
            ("walked at 7 in the evening", "2026-11-24T19:00", "walked"),
            ("walked at 7 in the evening yesterday", "2026-11-24T19:00", "walked"),
            ("walked yesterday at 7 in the evening", "2026-11-24T19:00", "walked"),
            ("walked in the morning yesterday at 7", "2026-11-24T07:00", "walked"),
            ("walked on monday at 7 in the morning", "2026-11-23T07:00", "walked"),
            ("went to bed at 10", "2026-11-24T22:00", "went to bed"),
        ])
    func clockAndPart(line: String, when: String, text: String) {
        let (got, rest, _) = read(line, at: "2026-11-25T15:30:00")
        #expect(got == when)
        #expect(rest == text)
    }

    @Test(
        "A part of the day that is a thing stays in the words",
        arguments: [
            "watched the evening sun", "night shift done", "a good morning yesterday", "spent the morning cleaning",
            "did 3 in a row",
        ])
    func notATime(line: String) {
        let (_, rest, said) = read(line, at: "2026-11-25T15:30:00")
        #expect(said != "yesterday morning")
        #expect(rest.contains(line.contains("yesterday") ? "a good morning" : line))
    }

    /// A moment's label in a view at `now`, for a line logged at `logged`.
    func label(_ line: String, logged: String, now: String) throws -> String {
        let store = InMemoryMomentStore()
        _ = TestSupport.shell(store: store, now: logged).handle(line)
        let moment = try #require(try store.lastSubmittedMoment())
        return TestSupport.timeWords.label(for: moment, now: TestSupport.date(now), in: TestSupport.newYork)
            ?? TestSupport.timeWords.relative(moment.happenedAt, now: TestSupport.date(now), in: TestSupport.newYork)
    }

    @Test("Labels follow the calendar day the view groups by")
    func labelsFollowTheDay() throws {
        // Said after midnight of the evening just gone: under Yesterday, never "tonight".
        #expect(
            try label("did dishes tonight", logged: "2026-11-26T00:30:00", now: "2026-11-26T00:31:00")
                == "yesterday evening")
        #expect(
            try label("read this evening", logged: "2026-11-26T00:30:00", now: "2026-11-26T00:31:00")
                == "yesterday evening")
        #expect(try label("read last night", logged: "2026-11-26T00:30:00", now: "2026-11-26T00:31:00") == "last night")
        // Said and shown the same day, the words as said (spelled out, weekdays as written).
        #expect(try label("did dishes tonight", logged: "2026-11-25T23:00:00", now: "2026-11-25T23:30:00") == "tonight")
        #expect(
            try label("swam monday in the evening", logged: "2026-11-25T15:30:00", now: "2026-11-25T16:00:00")
                == "Monday evening")
        // A day later: from now, never "today evening".
        #expect(
            try label("read in the evening", logged: "2026-11-25T21:00:00", now: "2026-11-26T09:00:00")
                == "yesterday evening")
        #expect(
            try label("read in the morning", logged: "2026-11-25T09:00:00", now: "2026-11-25T09:30:00")
                == "this morning")
    }

    @Test("Amounts are said as they are, or rounded and said so")
    func amounts() throws {
        #expect(
            try label("took a walk 122 minutes ago", logged: "2026-11-25T15:30:00", now: "2026-11-25T15:30:00")
                == "about 2 hours ago")
        #expect(
            try label("read 179 min ago", logged: "2026-11-25T15:30:00", now: "2026-11-25T15:30:00") == "3 hours ago")
        #expect(
            try label("read 90 min ago", logged: "2026-11-25T15:30:00", now: "2026-11-25T15:30:00") == "1.5 hours ago")
        #expect(
            try label("read 2 hours ago", logged: "2026-11-25T15:30:00", now: "2026-11-25T15:32:00")
                == "about 2 hours ago")
    }

    @Test("A moment of another day is never praised for today")
    func praiseOfAnotherDay() throws {
        for seed in UInt64(0)..<40 {
            let store = InMemoryMomentStore()
            let shell = TestSupport.shell(store: store, now: "2026-11-25T15:30:00", seed: seed)
            _ = shell.handle("walked in the morning yesterday")
            _ = shell.handle("learned a song on monday")
            for moment in try store.allMoments() {
                #expect(!moment.offlinePraise.lowercased().contains("today"), "seed \(seed): \(moment.offlinePraise)")
            }
        }
    }
}
