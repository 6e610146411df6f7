#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An ISO date, "2026-11-03" (<doc:TimeSemantics>, §5): that whole day, a plan when it is after
/// today. Slash dates ("3/11") stay unread: their order depends on the country.
struct IsoDateParser: TimeExpressionFamily {
    var triggers: [String] { [] }
    var triggeredByNumbers: Bool { true }

    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        for i in starts where i + 4 < t.count && t[i].kind == .number && t[i].end - t[i].start == 4 {
            guard let year = t.integer(i), (1900...2100).contains(year), t.isMark(i + 1, "-"),
                let month = t.integer(i + 2), (1...12).contains(month), t.isMark(i + 3, "-"),
                let day = t.integer(i + 4), (1...AmountOfTime.daysIn(month: month, year: year)).contains(day),
                (i + 1...i + 4).allSatisfy({ !t[$0].spaceBefore })
            else { continue }
            let number = CivilTime.daysFromCivil(year: year, month: month, day: day)
            let meaning: TimeMeaning =
                number > context.today ? .future(context.instant(day: number)) : .day(number, part: nil)
            let start = t.word(i - 1) == "on" ? i - 1 : i
            found.append(TimeMatch(tokens: start..<(i + 5), meaning: meaning, family: "iso-date"))
        }
        return found
    }
}
