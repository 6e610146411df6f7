#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// "2 hours ago", "5mins ago", "a couple of days ago", "an hour and a half ago", "a few minutes ago".
struct UnitsAgoParser: TimeExpressionFamily {
    var triggers: [String] { ["ago", "back"] }
    /// An amount is at most a few words long ("an hour and a half"), so only the words shortly
    /// before an "ago" can start one.
    var reach: Int { 8 }
    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        for i in starts {
            guard let amount = AmountOfTime.read(t, at: i), ["ago", "back"].contains(t.word(amount.next)) else {
                continue
            }
            let meaning: TimeMeaning
            if let upper = amount.upper {
                // A vague amount is a window: "a few minutes ago" = 2–5 minutes ago.
                guard case .instant(let nearest) = amount.before(context, amount: amount.value),
                    case .instant(let farthest) = amount.before(context, amount: upper)
                else { continue }
                meaning = .period(start: farthest, end: nearest)
            } else {
                meaning = amount.before(context, amount: amount.value)
            }
            found.append(TimeMatch(tokens: i..<(amount.next + 1), meaning: meaning, family: "units-ago"))
        }
        return found
    }
}
