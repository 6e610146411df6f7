import YadgLanguage
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Plans, which are not wins yet: "in 2 hours", "in a few days", "2 hours from now".
///
/// "in 30 minutes" is also how people state a duration ("ran 5k in 30 minutes", "homework done in
/// 45 mins"), so it counts as a plan only when it opens the phrase (and no past tense follows: "in
/// 30 minutes I cleaned the kitchen"), when the phrase speaks of the future ("I'll", "going to"),
/// or when nothing before it is in the past tense ("call mom in 10 minutes") and it does not follow
/// "first" ("first coffee in a month").
struct FutureParser: TimeExpressionFamily {
    var triggers: [String] { ["in", "from"] }
    /// "a couple of hours from now" starts several words before "from".
    var reach: Int { 8 }
    static let futureMarkers: WordSet = [
        "will", "i'll", "we'll", "i’ll", "we’ll", "gonna", "going", "plan", "plans", "planning", "shall", "intend",
        "want", "wanna", "need", "should",
    ]
    static let irregularPast: WordSet = [
        "ran", "did", "went", "made", "took", "got", "read", "wrote", "ate", "drank", "slept", "swam", "gave",
        "found", "saw", "met", "paid", "sent", "spent", "built", "bought", "brought", "kept", "left", "felt", "held",
        "rode", "drove", "flew", "sang", "threw", "won", "beat", "hit", "lost", "began", "came", "knew",
        "taught", "thought", "caught", "sold", "told", "wore", "woke",
        // Results: "homework done in 45 mins", "essay written in 2 hours" (§5).
        "done", "written", "swum", "eaten", "drawn", "sewn", "seen", "given", "taken", "gone", "grown",
        "shown", "driven", "ridden", "flown", "sung", "begun", "broken", "chosen", "spoken", "worn",
    ]

    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        let fromNow = t.contains { $0.lower == "from" }
        for i in starts {
            if t.word(i) == "in", let amount = AmountOfTime.read(t, at: i + 1), isPlan(t, before: i) {
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

    private func isPlan(_ t: [TimeToken], before index: Int) -> Bool {
        // "in 30 minutes I cleaned the whole kitchen": a duration, told in the past tense after it.
        if index == 0 { return !t.indices.contains { k in k > index && isPast(t.word(k)) } }
        // "first coffee in a month", "for the first time in 2 years": how long it had been.
        if (0..<index).contains(where: { t.word($0) == "first" }) { return false }
        if t.contains(where: { $0.kind == .word && Self.futureMarkers.contains($0.lower) }) { return true }
        return !(0..<index).contains { k in isPast(t.word(k)) }
    }

    /// A verb in the past tense, or a result ("done", "written").
    private func isPast(_ word: String?) -> Bool { Self.isPastTense(word) }

    /// The same, for other families ("did my taxes this weekend").
    static func isPastTense(_ word: String?) -> Bool {
        guard let word else { return false }
        return Self.irregularPast.contains(word) || (word.count > 3 && word.hasSuffix("ed"))
    }

    private func later(_ amount: AmountOfTime, _ context: TimeContext) -> Date {
        let seconds = amount.unit.seconds ?? 86400 * (amount.unit == .week ? 7 : amount.unit == .day ? 1 : 30)
        return context.now.addingTimeInterval(amount.value * seconds)
    }
}
