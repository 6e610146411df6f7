#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// "just now", "right now", "now"; "a moment ago", "moments ago" (the last five minutes).
struct NowParser: TimeExpressionFamily {
    var triggers: [String] { ["now", "moments", "moment"] }
    /// "a moment ago" starts one before "moment".
    var reach: Int { 1 }
    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        for i in starts {
            switch t.word(i) {
            case "now":
                // "3 days in a row now", "for a week now": a filler after a count, not a time (§5).
                if !["just", "right"].contains(t.word(i - 1) ?? ""),
                    (max(0, i - 3)..<i).contains(where: { t.word($0) == "row" || TimeUnit.read(t.word($0)) != nil })
                {
                    continue
                }
                let start = ["just", "right"].contains(t.word(i - 1)) ? i - 1 : i
                found.append(TimeMatch(tokens: start..<(i + 1), meaning: .instant(context.now), family: "now"))
            case "moments" where t.word(i + 1) == "ago":
                found.append(fiveMinutes(start: i, end: i + 2, context))
            case "a" where t.word(i + 1) == "moment" && t.word(i + 2) == "ago":
                found.append(fiveMinutes(start: i, end: i + 3, context))
            default:
                break
            }
        }
        return found
    }

    private func fiveMinutes(start: Int, end: Int, _ context: TimeContext) -> TimeMatch {
        TimeMatch(
            tokens: start..<end,
            meaning: .period(
                start: context.now.addingTimeInterval(-300), end: context.now,
                representative: context.now.addingTimeInterval(-60)),
            family: "now")
    }
}
