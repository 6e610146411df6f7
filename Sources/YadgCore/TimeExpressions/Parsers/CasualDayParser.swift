#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// "yesterday", "the day before yesterday", "today", "earlier today", "tomorrow", each optionally
/// with a part ("yesterday evening"); "last night", "late last night", "last evening"; "this
/// morning", "earlier this morning", "tonight", "earlier tonight" (on the logical day, see
/// ``TimeContext``).
struct CasualDayParser: TimeExpressionFamily {
    var triggers: [String] { ["yesterday", "today", "tomorrow", "last", "this", "tonight"] }
    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        func add(_ start: Int, _ end: Int, _ meaning: TimeMeaning, earlier: TimeMeaning? = nil) {
            found.append(TimeMatch(tokens: start..<end, meaning: meaning, family: "casual-day", earlier: earlier))
        }
        /// A day word, with the part that may follow it ("yesterday evening").
        func addDay(_ start: Int, _ wordIndex: Int, _ day: Int) {
            if let part = DayPart(word: t.word(wordIndex + 1)) {
                add(start, wordIndex + 2, .day(day, part: part))
            } else {
                add(start, wordIndex + 1, .day(day, part: nil))
            }
        }
        for i in starts {
            guard let w = t.word(i) else { continue }
            switch w {
            case "yesterday":
                let before = t.word(i - 1) == "before" && t.word(i - 2) == "day"
                let start = before ? (t.word(i - 3) == "the" ? i - 3 : i - 2) : i
                addDay(start, i, context.today - (before ? 2 : 1))
            case "today":
                if t.word(i - 1) == "later" {
                    add(i - 1, i + 1, .future(context.now.addingTimeInterval(3600)))
                } else {
                    addDay(t.word(i - 1) == "earlier" ? i - 1 : i, i, context.today)
                }
            case "tomorrow":
                addDay(i, i, context.today + 1)
            case "last":
                guard let next = t.word(i + 1), next == "night" || next == "evening" else { continue }
                let start = t.word(i - 1) == "late" ? i - 1 : i
                add(start, i + 2, .day(context.today - 1, part: next == "night" ? .night : .evening))
            case "this":
                guard let part = DayPart(word: t.word(i + 1)) else { continue }
                // "earlier this morning", "early this morning": the same part of the day.
                // "sometime this morning", "some time this morning": the part, too.
                let start =
                    t.word(i - 1) == "earlier" || t.word(i - 1) == "early" || t.word(i - 1) == "sometime"
                    ? i - 1 : (t.word(i - 1) == "time" && t.word(i - 2) == "some" ? i - 2 : i)
                // Each comes round daily: told in the past before it begins, it is yesterday's (§6).
                add(
                    start, i + 2, .day(context.logicalToday, part: part),
                    earlier: .day(context.logicalToday - 1, part: part))
            case "tonight":
                let start = t.word(i - 1) == "earlier" ? i - 1 : i
                add(
                    start, i + 1, .day(context.logicalToday, part: .night),
                    earlier: .day(context.logicalToday - 1, part: .night))
            default:
                break
            }
        }
        return found
    }
}
