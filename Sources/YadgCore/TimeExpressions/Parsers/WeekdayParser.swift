#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Weekdays: "Monday", "on Monday", "last Monday", "this past Monday", "past Monday", "Mon",
/// "this Monday", "next Monday", each optionally with a part ("Sunday night").
///
/// A plain or "last" weekday is the most recent one strictly before today: naming today's weekday
/// means a week ago, since people call today "today" (<doc:TimeSemantics> §2.6).
struct WeekdayParser: TimeExpressionFamily {
    var triggers: [String] { Array(Self.names.keys) + Array(Self.abbreviations.keys) }
    static let names: [String: Int] = [
        "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
        "mondays": 0, "tuesdays": 1, "wednesdays": 2, "thursdays": 3, "fridays": 4, "saturdays": 5, "sundays": 6,
    ]
    /// Abbreviations; some are also words ("sat", "sun", "wed"), so they need something that
    /// makes them a day: a lead-in ("on Sat", "last Sat"), a part of the day ("Sat morning"), or
    /// opening the phrase before a separator ("Sat: went to the market").
    static let abbreviations: [String: Int] = [
        "mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5,
        "sun": 6,
    ]

    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        for i in starts {
            guard let w = t.word(i) else { continue }
            let leadIn = Self.leadIn(t, i)
            let weekday: Int
            if let full = Self.names[w], !w.hasSuffix("s") {
                weekday = full
            } else if let short = Self.abbreviations[w],
                leadIn != nil || t.word(i - 1) == "on" || DayPart(word: t.word(i + 1)) != nil
                    || (i == 0 && (t.isMark(1, ":") || t.isMark(1, ",")))
            {
                weekday = short
            } else {
                continue
            }
            let todayWeekday = TimeContext.weekday(ofDay: context.today)
            let day: Int
            var start = leadIn?.start ?? i
            // The same weekday a week before, for a line told in the past whose day is still ahead;
            // and for a plain weekday the coming one, for a line with no tense nearer it (§6).
            var earlier: Int?
            var later: Int?
            switch leadIn?.kind {
            case .this:
                day = context.today - todayWeekday + weekday  // Monday–Sunday of this week
                earlier = day - 7
            case .next:
                let ahead = (weekday - todayWeekday + 7) % 7
                day = context.today + (ahead == 0 ? 7 : ahead)
            case .by:
                // A deadline: the coming one, today included ("pay rent by Friday").
                day = context.today + (weekday - todayWeekday + 7) % 7
                earlier = day == context.today ? day : day - 7
            default:
                let back = (todayWeekday - weekday + 7) % 7
                day = context.today - (back == 0 ? 7 : back)
                if leadIn == nil {
                    start = i
                    later = day + 7
                }
            }
            var end = i + 1
            var part: DayPart?
            if let p = DayPart(word: t.word(i + 1)) {
                part = p
                end = i + 2
            }
            // A deadline today is still ahead until the day ends.
            let meaning: TimeMeaning =
                leadIn?.kind == .by && day == context.today && part == nil
                ? .future(context.instant(day: day + 1)) : .day(day, part: part)
            found.append(
                TimeMatch(
                    tokens: start..<end, meaning: meaning, family: "weekday",
                    earlier: earlier.map { .day($0, part: part) }, later: later.map { .day($0, part: part) }))
        }
        return found
    }

    enum LeadKind { case last, this, next, by }

    /// "last", "this past", "past", "this", "next", "by" before the weekday.
    static func leadIn(_ t: [TimeToken], _ i: Int) -> (start: Int, kind: LeadKind)? {
        switch t.word(i - 1) {
        case "last": return (i - 1, .last)
        case "past": return t.word(i - 2) == "this" ? (i - 2, .last) : (i - 1, .last)
        case "this": return (i - 1, .this)
        case "next": return (i - 1, .next)
        case "by": return (i - 1, .by)
        default: return nil
        }
    }
}
