#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The recent past said loosely (<doc:TimeSemantics>, §5): "a bit ago", "a little while ago", "a
/// while ago", "a while back", "an hour or so ago", "the other day", and "earlier" on its own at
/// the end of a line ("called mom earlier"). Each is a window, stored at its representative
/// instant.
struct VaguePastParser: TimeExpressionFamily {
    var triggers: [String] { ["ago", "back", "other", "earlier"] }

    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        let now = context.now
        func add(_ range: Range<Int>, from farthest: TimeInterval, to nearest: TimeInterval, at said: TimeInterval) {
            let meaning = TimeMeaning.period(
                start: now.addingTimeInterval(-farthest), end: now.addingTimeInterval(-nearest),
                representative: now.addingTimeInterval(-said))
            found.append(TimeMatch(tokens: range, meaning: meaning, family: "vague-past"))
        }
        for i in starts {
            switch t.word(i) {
            case "ago"?, "back"?:
                // "a bit ago", "a little bit ago", "a little ago", "a little while ago": 10–60 min.
                // "a while ago", "a while back": 1–6 hours.
                if t.word(i - 1) == "bit" || t.word(i - 1) == "little"
                    || (t.word(i - 1) == "while" && t.word(i - 2) == "little")
                {
                    var start = i - 1
                    while start > 0, ["little", "a", "while", "bit"].contains(t.word(start - 1) ?? "") { start -= 1 }
                    guard t.word(start) == "a" else { continue }
                    add(start..<(i + 1), from: 3600, to: 600, at: 1800)
                } else if t.word(i - 1) == "while", t.word(i - 2) == "a" {
                    add((i - 2)..<(i + 1), from: 6 * 3600, to: 3600, at: 2 * 3600)
                } else if t.word(i - 1) == "so", t.word(i - 2) == "or",
                    let amount = Self.amount(before: i - 2, in: t), let seconds = amount.unit.seconds
                {
                    // "an hour or so ago": three quarters to half again of the amount.
                    let value = amount.value * seconds
                    add(amount.start..<(i + 1), from: value * 1.5, to: value * 0.75, at: value)
                }
            case "other"?:
                // "the other day": two to six days ago, said as three.
                guard t.word(i - 1) == "the", t.word(i + 1) == "day" else { continue }
                let start = context.instant(day: context.today - 6)
                let end = context.instant(day: context.today - 1)
                let said = context.instant(day: context.today - 3, seconds: 12 * 3600)
                found.append(
                    TimeMatch(
                        tokens: (i - 1)..<(i + 2), meaning: .period(start: start, end: end, representative: said),
                        family: "vague-past"))
            case "earlier"?:
                // On its own at the end of a line: earlier today.
                guard i == t.count - 1 || t.isMark(i + 1, ".") || t.isMark(i + 1, "!") else { continue }
                found.append(
                    TimeMatch(tokens: i..<(i + 1), meaning: .day(context.today, part: nil), family: "vague-past"))
            default:
                continue
            }
        }
        return found
    }

    /// An amount of time ending just before `end` ("an hour", "2 hours"), looked for a few words
    /// back.
    static func amount(before end: Int, in t: [TimeToken]) -> (value: Double, unit: TimeUnit, start: Int)? {
        for start in stride(from: end - 1, through: max(0, end - 5), by: -1) {
            if let amount = AmountOfTime.read(t, at: start), amount.next == end, amount.upper == nil {
                return (amount.value, amount.unit, start)
            }
        }
        return nil
    }
}
