#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A day of the month said alone as an ordinal: "on the 3rd", "the 21st" (<doc:TimeSemantics>,
/// §5). Past-biased like every date: the most recent such day not after today (the 21st, said on
/// the 19th, is last month's). "the 3rd of November" and "Nov 3rd" are the month-day family's.
struct OrdinalDayParser: TimeExpressionFamily {
    var triggers: [String] { ["st", "nd", "rd", "th"] }

    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        let f = CivilTime.fields(of: context.now, in: context.zone)
        for i in starts {
            guard let suffix = t.word(i), ["st", "nd", "rd", "th"].contains(suffix), !t[i].spaceBefore,
                let day = t.integer(i - 1), (1...31).contains(day), t.word(i - 2) == "the",
                t.word(i + 1) != "of", MonthDayParser.months[t.word(i - 3) ?? ""] == nil
            else { continue }
            // This month's, or the latest earlier month that has that day.
            var (year, month) = (f.year, f.month)
            if day > f.day { (year, month) = month == 1 ? (year - 1, 12) : (year, month - 1) }
            while day > AmountOfTime.daysIn(month: month, year: year) {
                (year, month) = month == 1 ? (year - 1, 12) : (year, month - 1)
            }
            let start = t.word(i - 3) == "on" ? i - 3 : i - 2
            found.append(
                TimeMatch(
                    tokens: start..<(i + 1),
                    meaning: .day(CivilTime.daysFromCivil(year: year, month: month, day: day), part: nil),
                    family: "ordinal-day"))
        }
        return found
    }
}
