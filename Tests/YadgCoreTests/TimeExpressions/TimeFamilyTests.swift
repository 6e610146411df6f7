import Foundation
import Testing
import YadgCore

/// Per-family cases, duckling-style: a fixed reference (Tue 2013-02-12 04:30 in Los Angeles, as
/// in duckling's test context), plus cases at 15:00, after midnight, and across a DST change.
/// Each case checks the remaining text and the instant (or the kind).
struct TimeFamilyTests {
    static let la = Zone(identifier: "America/Los_Angeles")!
    let parser = TimeExpressionParser()

    /// Parses at a local time in Los Angeles; returns the local reading ("2013-02-11T19:00") or
    /// "future"/"none", and the text.
    func read(_ phrase: String, at now: String = "2013-02-12T04:30:00") -> (String, String) {
        let parsed = parser.parse(phrase, now: CivilTime.parse(now, zone: Self.la)!, timeZone: Self.la)
        switch parsed.kind {
        case .none: return ("none", parsed.text)
        case .future: return ("future", parsed.text)
        case .past: return (String(CivilTime.iso8601(parsed.happenedAt, in: Self.la).prefix(16)), parsed.text)
        }
    }

    @Test(
        "Clock times prefer the most recent past reading",
        arguments: [
            // Reference: Tue 2013-02-12 04:30.
            ("ate at 3am", "2013-02-12T03:00", "ate"),
            ("ate at 5am", "2013-02-11T05:00", "ate"),  // 5am today is still ahead: yesterday
            ("ate at 9pm", "2013-02-11T21:00", "ate"),
            ("ate at 3", "2013-02-12T03:00", "ate"),  // bare hour: 03:00 is the least elapsed
            ("ate at 7", "2013-02-11T19:00", "ate"),
            ("ate at 15:30", "2013-02-11T15:30", "ate"),
            ("ate at 04:15", "2013-02-12T04:15", "ate"),
            ("ate at noon", "2013-02-11T12:00", "ate"),
            ("ate at midnight", "2013-02-12T00:00", "ate"),
            ("ate at 7 o'clock", "2013-02-11T19:00", "ate"),
            ("ate at half past 2", "2013-02-12T02:30", "ate"),
            ("ate at quarter to 4", "2013-02-12T03:45", "ate"),
            ("ate at 11 p.m.", "2013-02-11T23:00", "ate"),
            ("ate @ 2am", "2013-02-12T02:00", "ate"),
        ])
    func clockTimes(phrase: String, expected: String, text: String) {
        #expect(read(phrase) == (expected, text))
    }

    @Test(
        "Weekdays are the most recent one before today",
        arguments: [
            ("ran on Monday", "2013-02-11", "ran"),
            ("ran Tuesday", "2013-02-05", "ran"),  // today's weekday means a week ago
            ("ran last Wednesday", "2013-02-06", "ran"),
            ("ran this past Sunday", "2013-02-10", "ran"),
            ("ran on Sat", "2013-02-09", "ran"),
            ("Sat morning: ran", "2013-02-09", "ran"),
            ("Sun, ran", "2013-02-10", "ran"),
            ("ran this Monday", "2013-02-11", "ran"),
            ("ran Monday evening", "2013-02-11", "ran"),
            ("ran last Friday night", "2013-02-08", "ran"),
        ])
    func weekdays(phrase: String, day: String, text: String) {
        let (reading, remaining) = read(phrase)
        #expect(reading.hasPrefix(day), "\(phrase) → \(reading)")
        #expect(remaining == text)
    }

    @Test(
        "Days with clock times, in either order",
        arguments: [
            ("yesterday at 5pm ran", "2013-02-11T17:00", "ran"),
            ("ran at 5pm yesterday", "2013-02-11T17:00", "ran"),
            ("ran yesterday at 5", "2013-02-11T17:00", "ran"),  // bare hour on a past day: pm
            ("ran the day before yesterday at 7pm", "2013-02-10T19:00", "ran"),
            ("ran Monday at 9am", "2013-02-11T09:00", "ran"),
            ("ran last night at 11", "2013-02-11T23:00", "ran"),
            ("ran last night at 1", "2013-02-12T01:00", "ran"),
            ("ran last night at 12", "2013-02-12T00:00", "ran"),
        ])
    func daysAndClocks(phrase: String, expected: String, text: String) {
        #expect(read(phrase) == (expected, text))
    }

    @Test(
        "Dates by month and day: the most recent not after today",
        arguments: [
            ("swam on Feb 3", "2013-02-03", "swam"),
            ("swam on March 3rd", "2012-03-03", "swam"),
            ("swam on the 1st of February", "2013-02-01", "swam"),
            ("swam 12 Feb", "2013-02-12", "swam"),
            ("swam on Dec 24, 2011", "2011-12-24", "swam"),
        ])
    func monthDays(phrase: String, day: String, text: String) {
        let (reading, remaining) = read(phrase)
        #expect(reading.hasPrefix(day), "\(phrase) → \(reading)")
        #expect(remaining == text)
    }

    @Test(
        "Weeks, weekends and months",
        arguments: [
            ("ran last week", "2013-02-0", "ran"),  // Mon 4 → Sun 10
            ("ran this week", "2013-02-12T04:30", "ran"),  // running: stored at now
            ("ran last weekend", "2013-02-09", "ran"),  // Fri 8 18:00 → Sun 10: the middle
            ("ran over the weekend", "2013-02-09", "ran"),
            ("ran last month", "2013-01-16", "ran"),
            ("ran in January", "2013-01-16", "ran"),
            ("in 2011 I ran a marathon", "2011-07-02", "I ran a marathon"),
        ])
    func weeksAndMonths(phrase: String, prefix: String, text: String) {
        let (reading, remaining) = read(phrase)
        #expect(reading.hasPrefix(prefix), "\(phrase) → \(reading)")
        #expect(remaining == text)
    }

    @Test(
        "Plans are future",
        arguments: [
            "run tomorrow", "run next Monday", "run a marathon in 2014", "run next week", "run this weekend",
            "run in 2 days",
            "run 3 hours from now",
            "I will run on Friday", "I'm going to run at 9", "run later today", "run this Friday", "run tonight",
            "run today at 5pm",
        ])
    func plans(phrase: String) {
        #expect(read(phrase, at: "2013-02-12T15:00:00").0 == "future", "\(phrase)")
    }

    @Test(
        "Told in the past, a window still ahead is its last occurrence, whichever family names it (§6)",
        arguments: [
            // Reference: Tue 2013-02-12 15:00.
            ("ran this evening", "2013-02-11T20:30", "ran"),
            ("ran tonight", "2013-02-11T23:30", "ran"),
            ("ran in the evening", "2013-02-11T20:30", "ran"),
            ("ran after work", "2013-02-11T18:30", "ran"),
            ("ran at bedtime", "2013-02-11T22:30", "ran"),
            ("ran this Friday", "2013-02-08T12:00", "ran"),
            ("ran this weekend", "2013-02-09T21:00", "ran"),  // last Friday 18:00 to Monday, at its middle
            ("ran this evening at 7", "2013-02-11T19:00", "ran"),
            ("ran at 9pm", "2013-02-11T21:00", "ran"),
            ("made dinner at 6", "2013-02-11T18:00", "made dinner"),  // the meal places the hour
            ("went to bed at 11", "2013-02-11T23:00", "went to bed"),
            ("ran at 4", "2013-02-11T16:00", "ran"),  // 1–5 are the afternoon's, 16:00 is ahead
            ("ran at 2", "2013-02-12T14:00", "ran"),
            ("ran at 9", "2013-02-12T09:00", "ran"),  // the last 9 o'clock that passed
            // Said in Britain and Australia.
            ("sang at half 7", "2013-02-12T07:30", "sang"), ("stretched b4 bed", "2013-02-11T20:30", "stretched"),
            ("rang my sister after tea", "2013-02-11T20:30", "rang my sister"),
            ("went for a surf at smoko", "2013-02-12T10:00", "went for a surf"),
            ("ran fri eve", "2013-02-08T20:30", "ran"), ("ran saturday arvo", "2013-02-09T15:00", "ran"),
            ("read stories at bathtime", "2013-02-11T19:00", "read stories"),
            ("swam at sunrise", "2013-02-12T06:30", "swam"),
            ("had a roast yesterday lunchtime", "2013-02-11T12:45", "had a roast"),
            ("finished the crossword after the school run", "2013-02-12T10:30", "finished the crossword"),
            ("walked. 5k. evening", "2013-02-11T20:30", "walked. 5k."),
            // An end's till, and sleep until a time is waking.
            ("danced till 11", "2013-02-12T11:00", "danced"), ("slept in till 9", "2013-02-12T09:00", "slept in"),
            ("stayed up till 2", "2013-02-12T02:00", "stayed up"),
            ("cooked pasta for the flat on Sunday night", "2013-02-10T23:30", "cooked pasta for the flat"),
        ])
    func pastTenseMovesBack(phrase: String, expected: String, text: String) {
        #expect(read(phrase, at: "2013-02-12T15:00:00") == (expected, text), "\(phrase)")
    }

    @Test(
        "Told in the past, a time that never comes round again is not the win's: it happened now, words kept",
        arguments: ["ran tomorrow", "ran 5k in 30 minutes", "ran today at 5pm", "ran next week"])
    func pastTenseIsNeverAPlan(phrase: String) {
        #expect(read(phrase, at: "2013-02-12T15:00:00") == ("none", phrase))
    }

    @Test(
        "Told as a plan, a line is not a win whatever the clock says; with no tense, the clock decides",
        arguments: [
            ("gonna run this morning", "future"), ("need to call mom yesterday evening", "future"),
            ("should stretch after work", "future"), ("want to read", "future"), ("todo: email Sam", "future"),
            ("let's walk at 9", "future"), ("remind me to call at 2", "future"), ("plan is to hike", "future"),
            ("run in the evening", "future"), ("run at 5pm", "future"), ("run at 1pm", "2013-02-12T13:00"),
            ("dentist at 4", "future"), ("lunch at 1", "2013-02-12T13:00"), ("dinner at 6", "future"),
            ("pay rent by Friday", "future"), ("the need to rest is real", "none"),
            ("dentist on Friday", "future"), ("gym on Monday", "2013-02-11T12:00"),
            ("I will say I ran well", "none"), ("no need to rush", "none"),
            // A deadline still ahead, or another thing's time ahead, in a line with no tense.
            ("pack lunches before bed", "future"), ("call the vet before 5", "future"),
            ("book the vet for next Monday", "future"), ("on my list for tonight: gutters", "future"),
            ("booked the vet for next Monday", "none"), ("planning on an early night", "future"),
            ("fancy a swim after tea", "future"), ("to do: bathe the kids", "future"),
            ("haircut Friday 10am", "future"), ("what to do: nothing", "none"),
            ("was going to skip it but ran", "none"), ("excited to run tonight", "future"),
        ])
    func intentAndNoTense(phrase: String, expected: String) {
        #expect(read(phrase, at: "2013-02-12T15:00:00").0 == expected, "\(phrase)")
    }

    @Test(
        "Look-alikes are not times",
        arguments: [
            "read 2 chapters", "did 20 pushups", "walked 10,000 steps", "scored 3/4", "rated it 9/10", "came 2nd",
            "finished level 12", "version 1.2.3", "saved $20", "bench pressed 60 kg", "turned 30",
            "worked out for 2 hours", "stretched for 15 min", "ran 5k in 30 minutes", "a 15-minute walk",
            "5 days in a row", "a 30 day streak", "first coffee in a month", "since last week", "2 weeks since I quit",
            "had a second cup", "I may have overdone it", "the march was long", "sat in the sun", "fall cleaning",
            "went on a date", "sat in the sun all afternoon", "sun was out", "a good day", "one day at a time",
            "best week ever", "the 7 o'clock news",
            "my 8am meds", "another Monday", "weekend chores", "the Saturday market", "the March report",
            "my 2026 goals", "went to bed on time", "just finished my run", "spent the morning cleaning",
            "had a great morning", "took a morning walk", "survived the night shift", "finished yesterday's dishes",
            "booked a dentist appointment for next Tuesday", "set an alarm for 6am",
            "bought tickets for the May 3 concert",
            "registered for the 10k in June", "paid the rent that was due on the 1st", "had the best Saturday ever",
        ])
    func lookAlikes(phrase: String) {
        #expect(read(phrase, at: "2013-02-12T15:00:00") == ("none", phrase))
    }

    @Test("After midnight: parts of the day use the logical day, day words the calendar")
    func afterMidnight() {
        // Sat 2013-02-16 00:40.
        let now = "2013-02-16T00:40:00"
        #expect(read("ran this evening", at: now).0.hasPrefix("2013-02-15T2"))
        #expect(read("ran this morning", at: now).0.hasPrefix("2013-02-15T08"))
        #expect(read("ran yesterday", at: now).0.hasPrefix("2013-02-15"))
        #expect(read("ran last night", at: now).0.hasPrefix("2013-02-15T2"))
        #expect(read("ran at 10", at: now).0 == "2013-02-15T22:00")
        #expect(read("ran tonight", at: now).0.hasPrefix("2013-02-15T2"))
    }

    @Test("Across the spring-forward change: hours absolute, days by the wall clock")
    func daylightSaving() {
        // 2013-03-10 had 23 hours in Los Angeles; now is Mon 2013-03-11 09:30 PDT.
        let now = "2013-03-11T09:30:00"
        #expect(read("ran 36 hours ago", at: now).0 == "2013-03-09T20:30")
        #expect(read("ran 1 day ago", at: now).0 == "2013-03-10T09:30")
        #expect(read("ran 2 days ago", at: now).0 == "2013-03-09T09:30")
        #expect(read("ran yesterday at 2:30am", at: now).0 == "2013-03-10T03:30")  // in the gap: moved forward
    }
}
