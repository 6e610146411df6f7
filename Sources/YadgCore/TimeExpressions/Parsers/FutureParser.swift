import YadgLanguage
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Plans, which are not wins yet: "in 2 hours", "in a few days", "2 hours from now".
///
/// "in 30 minutes" is also how people state a duration ("ran 5k in 30 minutes", "homework done in
/// 45 mins"): such a line is told in the past, and a line told in the past is never a plan, so
/// the tense puts it right (<doc:TimeSemantics> §6) and the words stay in its text. Only "first
/// coffee in a month", "for the first time in 2 years" say how long it had been, whatever the tense.
struct FutureParser: TimeExpressionFamily {
    var triggers: [String] { ["in", "from"] }
    /// "a couple of hours from now" starts several words before "from".
    var reach: Int { 8 }

    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        let fromNow = t.contains { $0.lower == "from" }
        for i in starts {
            if t.word(i) == "in", let amount = AmountOfTime.read(t, at: i + 1),
                !(0..<i).contains(where: { t.word($0) == "first" })
            {
                found.append(
                    TimeMatch(tokens: i..<amount.next, meaning: .future(later(amount, context)), family: "future"))
            }
            if fromNow, let amount = AmountOfTime.read(t, at: i), t.word(amount.next) == "from",
                t.word(amount.next + 1) == "now"
            {
                found.append(
                    TimeMatch(
                        tokens: i..<(amount.next + 2), meaning: .future(later(amount, context)), family: "future"))
            }
        }
        return found
    }

    private func later(_ amount: AmountOfTime, _ context: TimeContext) -> Date {
        let seconds = amount.unit.seconds ?? 86400 * (amount.unit == .week ? 7 : amount.unit == .day ? 1 : 30)
        return context.now.addingTimeInterval(amount.value * seconds)
    }
}
