import Foundation

/// Plans, which are not wins yet: "in 2 hours", "in a few days", "2 hours from now",
/// "next week", "next Monday".
///
/// "in 30 minutes" is also how people state a duration ("ran 5k in 30 minutes"), so it counts as a
/// plan only when it opens the phrase or the phrase speaks of the future ("I'll", "going to").
struct FutureParser: TimeExpressionFamily {
    static let futureMarkers: Set<String> = [
        "will", "i'll", "we'll", "i’ll", "we’ll", "gonna", "going", "plan", "plans", "planning", "shall", "intend",
    ]
    static let nextThings: Set<String> = [
        "week", "month", "year", "weekend", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
        "sunday", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
    ]

    func matches(in t: [TimeToken], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        let speaksOfFuture = t.contains { $0.kind == .word && Self.futureMarkers.contains($0.lower) }
        for i in t.indices {
            if t.word(i) == "in", let amount = AmountOfTime.read(t, at: i + 1),
                i == 0 || speaksOfFuture
            {
                found.append(
                    TimeMatch(
                        tokens: i..<amount.next, meaning: .future(later(amount, context)),
                        family: "future"))
            }
            if let amount = AmountOfTime.read(t, at: i), t.word(amount.next) == "from",
                t.word(amount.next + 1) == "now"
            {
                found.append(
                    TimeMatch(
                        tokens: i..<(amount.next + 2), meaning: .future(later(amount, context)),
                        family: "future"))
            }
            if t.word(i) == "next", let thing = t.word(i + 1), Self.nextThings.contains(thing) {
                found.append(
                    TimeMatch(
                        tokens: i..<(i + 2),
                        meaning: .future(context.instant(day: context.today + 1)), family: "future"))
            }
        }
        return found
    }

    private func later(_ amount: AmountOfTime, _ context: TimeContext) -> Date {
        let seconds = amount.unit.seconds ?? 86400 * (amount.unit == .week ? 7 : 1)
        return context.now.addingTimeInterval(amount.value * seconds)
    }
}
