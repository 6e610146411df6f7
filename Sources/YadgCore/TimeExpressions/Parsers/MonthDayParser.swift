#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Dates by month and day: "Nov 3", "November 3rd", "the 3rd of November", "3 Nov", "Oct 31, 2025";
/// and whole months: "in March". The most recent occurrence not after today.
///
/// Numeric dates ("3/4") are not read: they collide with fractions and scores.
struct MonthDayParser: TimeExpressionFamily {
    var triggers: [String] { Array(Self.months.keys) }
    static let months: [String: Int] = [
        "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8,
        "september": 9, "october": 10, "november": 11, "december": 12, "jan": 1, "feb": 2, "mar": 3, "apr": 4,
        "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
    ]

    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        let f = CivilTime.fields(of: context.now, in: context.zone)
        for i in starts {
            guard let w = t.word(i), let month = Self.months[w] else { continue }
            let dayIndex = t.isMark(i + 1, ".") ? i + 2 : i + 1
            // "Nov 3", "Nov. 3", "November 3rd", optionally ", 2025"
            if let (day, afterDay) = Self.dayOfMonth(t, dayIndex) {
                var end = afterDay
                var year: Int?
                if t.isMark(end, ","), let y = t.integer(end + 1), (1900...2100).contains(y) {
                    year = y
                    end += 2
                } else if let y = t.integer(end), (1900...2100).contains(y) {
                    year = y
                    end += 1
                }
                if let m = resolve(month: month, day: day, year: year, today: f, context) {
                    found.append(TimeMatch(tokens: i..<end, meaning: m, family: "month-day"))
                }
                continue
            }
            // "3 Nov", "the 3rd of November"
            let ofIndex = t.word(i - 1) == "of" ? i - 1 : i
            if let (day, startOfDay) = Self.dayBefore(t, ofIndex) {
                let start = t.word(startOfDay - 1) == "the" ? startOfDay - 1 : startOfDay
                if let m = resolve(month: month, day: day, year: nil, today: f, context) {
                    found.append(TimeMatch(tokens: start..<(i + 1), meaning: m, family: "month-day"))
                }
                continue
            }
            // "in March": the most recent March that has begun, as a whole month.
            if t.word(i - 1) == "in", w.count > 3 || w == "may" {
                let year = month <= f.month ? f.year : f.year - 1
                let first = CivilTime.daysFromCivil(year: year, month: month, day: 1)
                let next = CivilTime.daysFromCivil(year: month == 12 ? year + 1 : year, month: month % 12 + 1, day: 1)
                found.append(
                    TimeMatch(
                        tokens: (i - 1)..<(i + 1),
                        meaning: .period(start: context.instant(day: first), end: context.instant(day: next)),
                        family: "month"))
            }
        }
        return found
    }

    /// A day of the month at `i`: "3", "3rd", "31st".
    static func dayOfMonth(_ t: [TimeToken], _ i: Int) -> (Int, Int)? {
        guard let day = t.integer(i), (1...31).contains(day), t[i].lower.utf8.count <= 2 else { return nil }
        if let suffix = t.word(i + 1), !t[i + 1].spaceBefore {
            guard ["st", "nd", "rd", "th"].contains(suffix) else { return nil }
            return (day, i + 2)
        }
        // "May 3 concert" is refused by the noun rule later; "May 30 minutes" is not a date.
        if let next = t.word(i + 1), TimeUnit.read(next) != nil { return nil }
        // "called May 3 times": a name and a count (§5).
        if let next = t.word(i + 1), ["times", "time", "x"].contains(next) { return nil }
        return (day, i + 1)
    }

    /// A day of the month just before `i` ("3rd" in "3rd of November", "3" in "3 Nov").
    static func dayBefore(_ t: [TimeToken], _ i: Int) -> (Int, Int)? {
        if let suffix = t.word(i - 1), ["st", "nd", "rd", "th"].contains(suffix), !t[i - 1].spaceBefore,
            let day = t.integer(i - 2), (1...31).contains(day)
        {
            return (day, i - 2)
        }
        if let day = t.integer(i - 1), (1...31).contains(day), t[i - 1].lower.utf8.count <= 2 {
            return (day, i - 1)
        }
        return nil
    }

    /// The most recent such date not after today (this year, else last year), as a whole day.
    private func resolve(month: Int, day: Int, year: Int?, today f: CivilTime.Fields, _ context: TimeContext)
        -> TimeMeaning?
    {
        guard day <= AmountOfTime.daysIn(month: month, year: year ?? f.year) || (month == 2 && day == 29) else {
            return nil
        }
        var y = year ?? f.year
        if year == nil && (month, day) > (f.month, f.day) { y -= 1 }
        let clampedDay = min(day, AmountOfTime.daysIn(month: month, year: y))
        return .day(CivilTime.daysFromCivil(year: y, month: month, day: clampedDay), part: nil)
    }
}
