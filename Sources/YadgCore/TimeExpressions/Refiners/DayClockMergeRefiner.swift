import YadgLanguage
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Joins a day and a clock reading next to each other into one expression: "yesterday at 5pm",
/// "at 5pm yesterday", "this morning at 6", "at 6 this morning", "Monday at 9am",
/// "the day before yesterday at 7pm", "last night at 11".
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
        let meaning: TimeMeaning
        switch (a.meaning, b.meaning) {
        case (.day(let day, let part), .clock(let clock)), (.clock(let clock), .day(let day, let part)):
            meaning = .dayAndClock(day: day, part: part, clock: clock)
        default:
            return nil
        }
        return TimeMatch(tokens: a.tokens.lowerBound..<b.tokens.upperBound, meaning: meaning, family: "day-and-clock")
    }
}
