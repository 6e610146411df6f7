import Foundation

/// "yesterday", "the day before yesterday", "today", "earlier today", each optionally with a part
/// ("yesterday evening"); "last night", "late last night", "last evening"; "this morning",
/// "earlier this morning", "tonight", "earlier tonight" (on the logical day, see ``TimeContext``).
struct CasualDayParser: TimeExpressionFamily {
    func matches(in t: [TimeToken], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        func add(_ start: Int, _ end: Int, _ meaning: TimeMeaning) {
            found.append(TimeMatch(tokens: start..<end, meaning: meaning, family: "casual-day"))
        }
        for i in t.indices {
            guard let w = t.word(i) else { continue }
            switch w {
            case "yesterday":
                let before = t.word(i - 1) == "before" && t.word(i - 2) == "day"
                let start = before ? (t.word(i - 3) == "the" ? i - 3 : i - 2) : i
                let day = context.today - (before ? 2 : 1)
                if let part = DayPart(word: t.word(i + 1)), t.word(i + 1) != "tonight" {
                    add(start, i + 2, part.meaning(onDay: day, context))
                } else {
                    add(start, i + 1, context.wholeDay(day))
                }
            case "today":
                if t.word(i - 1) == "later" {
                    add(i - 1, i + 1, .future(context.now.addingTimeInterval(3600)))
                } else {
                    let start = t.word(i - 1) == "earlier" ? i - 1 : i
                    add(
                        start, i + 1,
                        .period(
                            start: context.instant(day: context.today), end: context.now,
                            representative: context.now))
                }
            case "tomorrow":
                let end = DayPart(word: t.word(i + 1)) != nil ? i + 2 : i + 1
                add(i, end, .future(context.instant(day: context.today + 1)))
            case "last":
                guard let next = t.word(i + 1), next == "night" || next == "evening" else { continue }
                let start = t.word(i - 1) == "late" ? i - 1 : i
                let part: DayPart = next == "night" ? .night : .evening
                add(start, i + 2, part.meaning(onDay: context.today - 1, context))
            case "this":
                guard let part = DayPart(word: t.word(i + 1)), t.word(i + 1) != "tonight" else { continue }
                let start = t.word(i - 1) == "earlier" ? i - 1 : i
                add(start, i + 2, part.meaning(onDay: context.logicalToday, context))
            case "tonight":
                let start = t.word(i - 1) == "earlier" ? i - 1 : i
                add(start, i + 1, DayPart.night.meaning(onDay: context.logicalToday, context))
            default:
                break
            }
        }
        return found
    }
}
