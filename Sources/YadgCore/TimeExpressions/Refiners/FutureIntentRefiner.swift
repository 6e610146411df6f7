import YadgLanguage
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// In a phrase about a plan ("I'll call grandma on Sunday", "I will go to bed at 10"), a plain
/// weekday or clock time means the coming one, so the phrase is flagged as future instead of being
/// read as last Sunday. Expressions that point back on their own ("last Sunday", "yesterday",
/// "2 hours ago") are left alone.
struct FutureIntentRefiner: TimeMatchRefiner {
    func refine(_ matches: [TimeMatch], tokens t: [TimeToken], context: TimeContext) -> [TimeMatch] {
        let couldBePlan = matches.contains { match in
            switch match.meaning {
            case .clock: return true
            case .day, .dayAndClock: return match.family == "weekday" || match.family == "day-and-clock"
            default: return false
            }
        }
        guard couldBePlan, Self.speaksOfPlan(t) else { return matches }
        return matches.map { match in
            var match = match
            switch match.meaning {
            case .clock(let clock):
                let reading = TimeResolution.secondsReadings(clock)
                    .flatMap { s in [context.today, context.today + 1].map { context.instant(day: $0, seconds: s) } }
                    .filter { $0 > context.now }.min()
                if let reading { match.meaning = .future(reading) }
            case .day(let day, _) where match.family == "weekday" && isPlainWeekday(match, t):
                match.meaning = .future(context.instant(day: day + 7))
            case .dayAndClock(let day, _, _) where isPlainWeekday(match, t):
                match.meaning = .future(context.instant(day: day + 7))
            default:
                break
            }
            return match
        }
    }

    /// "will", "I'll", "gonna", "going to", "plan(ning) to", "about to", "shall".
    static func speaksOfPlan(_ t: [TimeToken]) -> Bool {
        t.indices.contains { i in
            guard t[i].kind == .word else { return false }
            if planWords.contains(t[i].lower) { return true }
            return planWordsBeforeTo.contains(t[i].lower) && t.word(i + 1) == "to"
        }
    }

    /// One hash per word, not a comparison with each of these.
    static let planWords: WordSet = ["will", "i'll", "i’ll", "we'll", "we’ll", "gonna", "shall"]
    static let planWordsBeforeTo: WordSet = ["going", "plan", "planning", "plans", "about"]

    private func isPlainWeekday(_ match: TimeMatch, _ t: [TimeToken]) -> Bool {
        let first = t.word(match.tokens.lowerBound)
        return first.map { WeekdayParser.names[$0] != nil || WeekdayParser.abbreviations[$0] != nil } == true
    }
}
