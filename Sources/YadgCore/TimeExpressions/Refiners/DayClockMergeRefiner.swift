import YadgLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Joins a day, a part of the day and a clock reading next to each other into one expression, in
/// whatever order they are said: "yesterday at 5pm", "at 5pm yesterday", "this morning at 6", "at 6
/// this morning", "Monday at 9am", "the day before yesterday at 7pm", "last night at 11"; a day and
/// its part ("in the morning yesterday", "monday in the evening", "evening yesterday"); a part and
/// a clock ("at 7 in the morning", "in the evening at 8"); all three ("in the morning yesterday at
/// 7"); and a day with a meal or routine: "yesterday after work", "at lunch on Monday".
struct DayClockMergeRefiner: TimeMatchRefiner {
    /// Words that may stand between the two halves.
    static let glue: WordSet = ["at", "around", "about", "on", "@", "~", ",", "-"]

    func refine(_ matches: [TimeMatch], tokens t: [TimeToken], context: TimeContext) -> [TimeMatch] {
        guard matches.count > 1 || matches.first?.family == RoutineTimeParser.partBeforeDay else { return matches }
        let sorted = matches.sorted { $0.tokens.lowerBound < $1.tokens.lowerBound }
        var result: [TimeMatch] = []
        var i = 0
        while i < sorted.count {
            // A merged pair may join the next one too: a day, its part and a clock.
            var current = sorted[i]
            i += 1
            while i < sorted.count, let merged = merge(current, sorted[i], t) {
                current = merged
                i += 1
            }
            // A part said before a day is a time only with that day (`ran evening yesterday`).
            if current.family != RoutineTimeParser.partBeforeDay { result.append(current) }
        }
        return result
    }

    private func merge(_ a: TimeMatch, _ b: TimeMatch, _ t: [TimeToken]) -> TimeMatch? {
        guard a.tokens.upperBound <= b.tokens.lowerBound,
            (a.tokens.upperBound..<b.tokens.lowerBound).allSatisfy({ Self.glue.contains(t[$0].lower) })
        else { return nil }
        if let merged = Self.partAndClock(a, b) ?? Self.partAndClock(b, a) {
            return Self.spanning(merged, a, b)
        }
        if let merged = Self.dayOfPartAndClock(a, b) ?? Self.dayOfPartAndClock(b, a) {
            return Self.spanning(merged, a, b)
        }
        if case .dayAndClock(let day, nil, let clock) = a.meaning, b.family == "routine", let part = b.part {
            // `yesterday at 7 in the evening`: the part says which 7.
            func withPart(_ meaning: TimeMeaning?) -> TimeMeaning? {
                guard case .dayAndClock(let day, nil, let clock)? = meaning else { return nil }
                return .dayAndClock(day: day, part: part, clock: clock)
            }
            var merged = a
            merged.meaning = .dayAndClock(day: day, part: part, clock: clock)
            merged.earlier = withPart(a.earlier)
            merged.later = withPart(a.later)
            return Self.spanning(merged, a, b)
        }
        let timeOfDayFirst = a.family == "clock" || a.family == "routine" || a.family == RoutineTimeParser.partBeforeDay
        let (dayMatch, timeOfDay) = timeOfDayFirst ? (b, a) : (a, b)
        if case .day(let day, nil) = dayMatch.meaning, let part = timeOfDay.part {
            // `in the morning yesterday`, `monday in the evening`: the day's part, as `yesterday morning`.
            func withPart(_ meaning: TimeMeaning?) -> TimeMeaning? {
                guard case .day(let day, nil)? = meaning else { return nil }
                return .day(day, part: part)
            }
            var merged = TimeMatch(
                tokens: a.tokens.lowerBound..<b.tokens.upperBound, meaning: .day(day, part: part),
                family: "day-and-part", earlier: withPart(dayMatch.earlier), later: withPart(dayMatch.later))
            merged.role = dayMatch.role
            merged.saidAs = Self.words(ofDay: dayMatch, part: part, t)
            return merged
        }
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

    /// `at 7 in the morning`, `in the evening at 8`: the clock in that part of the (logical) day,
    /// which comes round daily, as the part does.
    private static func partAndClock(_ window: TimeMatch, _ clockMatch: TimeMatch) -> TimeMatch? {
        guard window.family == "routine", let part = window.part, case .window(let day, _, _) = window.meaning,
            case .clock(let clock) = clockMatch.meaning
        else { return nil }
        var merged = TimeMatch(
            tokens: 0..<0, meaning: .dayAndClock(day: day, part: part, clock: clock), family: "part-and-clock",
            earlier: .dayAndClock(day: day - 1, part: part, clock: clock))
        merged.role = clockMatch.role
        return merged
    }

    /// `at 7 in the evening yesterday`: a part and a clock, then the day they are of.
    private static func dayOfPartAndClock(_ partAndClock: TimeMatch, _ dayMatch: TimeMatch) -> TimeMatch? {
        guard partAndClock.family == "part-and-clock", case .dayAndClock(_, let part, let clock) = partAndClock.meaning,
            case .day(let day, nil) = dayMatch.meaning
        else { return nil }
        func withClock(_ meaning: TimeMeaning?) -> TimeMeaning? {
            guard case .day(let day, nil)? = meaning else { return nil }
            return .dayAndClock(day: day, part: part, clock: clock)
        }
        var merged = TimeMatch(
            tokens: 0..<0, meaning: .dayAndClock(day: day, part: part, clock: clock), family: "day-and-clock",
            earlier: withClock(dayMatch.earlier), later: withClock(dayMatch.later))
        merged.role = dayMatch.role == .win ? partAndClock.role : dayMatch.role
        return merged
    }

    /// `merged` over the tokens of `a` and `b` together.
    private static func spanning(_ merged: TimeMatch, _ a: TimeMatch, _ b: TimeMatch) -> TimeMatch {
        var spanning = merged
        spanning.tokens = a.tokens.lowerBound..<b.tokens.upperBound
        return spanning
    }

    /// The words of a day and its part in the order people say them: `yesterday morning`, `monday
    /// evening`, `last night`, `this morning`, `tonight`.
    static func words(ofDay day: TimeMatch, part: DayPart, _ t: [TimeToken]) -> String {
        let dayWords = t[day.tokens].filter { $0.kind == .word && $0.lower != "on" }.map(\.lower)
        if dayWords.contains("today") { return part.ofToday }
        if dayWords == ["yesterday"] && part == .night { return "last night" }
        return (dayWords + [part.rawValue]).joined(separator: " ")
    }
}
