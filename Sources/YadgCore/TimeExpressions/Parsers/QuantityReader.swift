import YadgLanguage
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads amounts of time: "2", "1.5", "forty-five", "a", "a couple of", "a few", "half an",
/// "two and a half", "an hour and a half".
struct QuantityReader {
    /// An amount and the token index after it. `range` is set for vague amounts ("a few" = 2–5).
    struct Quantity: Equatable {
        var value: Double
        var upper: Double? = nil
        var next: Int
    }

    static let units: WordTable<Double> = WordTable([
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
        "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ])
    static let tens = WordTable<Double>(["twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60])

    /// Reads a quantity starting at `i`.
    static func read(_ t: [TimeToken], at i: Int) -> Quantity? {
        guard i < t.count else { return nil }
        var q: Quantity
        if t[i].kind == .number, let v = t[i].value {
            q = Quantity(value: v, next: i + 1)
        } else if let w = t.word(i) {
            switch w {
            case "a", "an":
                if t.word(i + 1) == "couple" {
                    q = Quantity(value: 2, next: t.word(i + 2) == "of" ? i + 3 : i + 2)
                } else if t.word(i + 1) == "few" {
                    q = Quantity(value: 2, upper: 5, next: i + 2)
                } else if t.word(i + 1) == "quarter", t.word(i + 2) == "of", ["an", "a"].contains(t.word(i + 3)) {
                    return Quantity(value: 0.25, next: i + 4)
                } else if t.word(i + 1) == "half", ["an", "a"].contains(t.word(i + 2)) {
                    return Quantity(value: 0.5, next: i + 3)
                } else {
                    q = Quantity(value: 1, next: i + 1)
                }
            case "couple":
                q = Quantity(value: 2, next: t.word(i + 1) == "of" ? i + 2 : i + 1)
            case "few":
                q = Quantity(value: 2, upper: 5, next: i + 1)
            case "half":
                guard ["an", "a"].contains(t.word(i + 1)) else { return nil }
                return Quantity(value: 0.5, next: i + 2)
            default:
                if let ten = tens[w] {
                    q = Quantity(value: ten, next: i + 1)
                    // "forty-five", "forty five"
                    let j = t.isMark(i + 1, "-") && t[i + 1].spaceBefore == false ? i + 2 : i + 1
                    if let one = t.word(j).flatMap({ units[$0] }), one < 10 {
                        q = Quantity(value: ten + one, next: j + 1)
                    }
                } else if let one = units[w] {
                    q = Quantity(value: one, next: i + 1)
                } else {
                    return nil
                }
            }
        } else {
            return nil
        }
        // "two and a half (hours)"
        if q.upper == nil, t.word(q.next) == "and", t.word(q.next + 1) == "a", t.word(q.next + 2) == "half" {
            q.value += 0.5
            q.next += 3
        }
        return q
    }
}

/// Units of time and their size.
enum TimeUnit: Equatable {
    case second, minute, hour, day, week, month, year

    static func read(_ word: String?) -> (unit: TimeUnit, multiple: Double)? {
        guard let word else { return nil }
        switch word {
        case "s", "sec", "secs", "second", "seconds": return (.second, 1)
        case "m", "min", "mins", "minute", "minutes": return (.minute, 1)
        case "h", "hr", "hrs", "hour", "hours": return (.hour, 1)
        case "d", "day", "days": return (.day, 1)
        case "wk", "wks", "week", "weeks": return (.week, 1)
        case "fortnight", "fortnights": return (.week, 2)
        case "month", "months", "mo", "mos": return (.month, 1)
        case "year", "years", "yr", "yrs": return (.year, 1)
        default: return nil
        }
    }

    var seconds: Double? {
        switch self {
        case .second: 1
        case .minute: 60
        case .hour: 3600
        default: nil
        }
    }
}

/// Reads "<quantity> <unit> [and a half]" from `i`, e.g. "2 hours", "5mins", "an hour and a half".
struct AmountOfTime {
    var value: Double
    var upper: Double?
    var unit: TimeUnit
    var next: Int

    static func read(_ t: [TimeToken], at i: Int) -> AmountOfTime? {
        // Amounts beyond a lifetime are not times ("99999999999 months ago"), and would overflow.
        guard let q = QuantityReader.read(t, at: i), q.value <= 10_000,
            let (unit, multiple) = TimeUnit.read(t.word(q.next))
        else {
            return nil
        }
        var amount = AmountOfTime(
            value: q.value * multiple, upper: q.upper.map { $0 * multiple }, unit: unit, next: q.next + 1)
        if amount.upper == nil, t.word(amount.next) == "and", t.word(amount.next + 1) == "a",
            t.word(amount.next + 2) == "half"
        {
            amount.value += 0.5 * multiple
            amount.next += 3
        }
        return amount
    }

    /// The instant this amount before now: absolute for seconds–hours, calendar days for days and
    /// weeks (same wall-clock time), whole calendar day for months and years.
    func before(_ context: TimeContext, amount: Double) -> TimeMeaning {
        if let seconds = unit.seconds {
            return .instant(context.now.addingTimeInterval(-amount * seconds))
        }
        switch unit {
        case .day, .week:
            let days = amount * (unit == .week ? 7 : 1)
            let whole = Int(days.rounded(.down))
            let base = context.sameTime(daysAgo: whole)
            return .instant(base.addingTimeInterval(-(days - Double(whole)) * 86400))
        default:
            let f = CivilTime.fields(of: context.now, in: context.zone)
            let months = Int(amount.rounded()) * (unit == .year ? 12 : 1)
            let total = f.year * 12 + (f.month - 1) - months
            let year = total / 12
            let month = total % 12 + 1
            let day = min(f.day, Self.daysIn(month: month, year: year))
            let dayNumber = CivilTime.daysFromCivil(year: year, month: month, day: day)
            let start = context.instant(day: dayNumber)
            let end = context.instant(day: dayNumber + 1)
            return .period(start: start, end: min(end, context.now))
        }
    }

    static func daysIn(month: Int, year: Int) -> Int {
        CivilTime.daysFromCivil(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1)
            - CivilTime.daysFromCivil(year: year, month: month, day: 1)
    }
}
