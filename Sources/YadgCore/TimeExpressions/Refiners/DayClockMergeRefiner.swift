import YadgLanguage
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Joins a day and a clock reading next to each other into one expression: "yesterday at 5pm",
/// "at 5pm yesterday", "this morning at 6", "at 6 this morning", "Monday at 9am",
/// "the day before yesterday at 7pm", "last night at 11"; and a day with a meal or routine:
/// "yesterday after work", "at lunch on Monday".
struct DayClockMergeRefiner: TimeMatchRefiner {
    /// Words that may stand between the two halves.
    static let glue: WordSet = ["at", "around", "about", "on", "@", "~", ",", "-"]

    func refine(_ matches: [TimeMatch], tokens t: [TimeToken], context: TimeContext) -> [TimeMatch] {
        guard matches.count > 1 else { return matches }
        let sorted = matches.sorted { $0.tokens.lowerBound < $1.tokens.lowerBound }
        var result: [TimeMatch] = []
        var i = 0
        while i < sorted.count {
            if i + 1 < sorted.count, let merged = merge(sorted[i], sorted[i + 1], t) {
                result.append(merged)
                i += 2
            } else {
                result.append(sorted[i])
                i += 1
            }
        }
        return result
    }

    private func merge(_ a: TimeMatch, _ b: TimeMatch, _ t: [TimeToken]) -> TimeMatch? {
        guard a.tokens.upperBound <= b.tokens.lowerBound,
            (a.tokens.upperBound..<b.tokens.lowerBound).allSatisfy({ Self.glue.contains(t[$0].lower) })
        else { return nil }
        let (dayMatch, timeOfDay) = a.family == "clock" || a.family == "routine" ? (b, a) : (a, b)
        if case .day(let day, nil) = dayMatch.meaning, case .window(_, let from, let to) = timeOfDay.meaning {
            var earlier: TimeMeaning?
            if case .day(let earlierDay, nil)? = dayMatch.earlier {
                earlier = .window(day: earlierDay, from: from, to: to)
            }
            var merged = TimeMatch(
                tokens: a.tokens.lowerBound..<b.tokens.upperBound, meaning: .window(day: day, from: from, to: to),
                family: "day-and-routine", earlier: earlier)
            merged.role = timeOfDay.role
            return merged
        }
        guard case .day(let day, let part) = dayMatch.meaning, case .clock(let clock) = timeOfDay.meaning else {
            return nil
        }
        // "this evening at 7" comes round daily as its day does: yesterday at 19:00; "Tuesday at
        // 10am" may be the coming Tuesday's (§6).
        func withClock(_ meaning: TimeMeaning?) -> TimeMeaning? {
            guard case .day(let day, let part)? = meaning else { return nil }
            return .dayAndClock(day: day, part: part, clock: clock)
        }
        var merged = TimeMatch(
            tokens: a.tokens.lowerBound..<b.tokens.upperBound,
            meaning: .dayAndClock(day: day, part: part, clock: clock),
            family: "day-and-clock", earlier: withClock(dayMatch.earlier), later: withClock(dayMatch.later))
        merged.role = dayMatch.role == .win ? timeOfDay.role : dayMatch.role
        return merged
    }
}
