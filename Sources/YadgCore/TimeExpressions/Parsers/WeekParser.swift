#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Weeks, weekends, months and years: "last week", "this week", "earlier this week",
/// "last weekend", "this weekend", "over the weekend", "last month", "this month", "last year",
/// "this year", "in 2020", and "next week|weekend|month|year" (future). Weeks run Monday–Sunday; a
/// weekend is Friday 18:00 to Sunday 23:59:59.
struct WeekParser: TimeExpressionFamily {
    var triggers: [String] { ["week", "weekend", "month", "year"] }
    var triggeredByNumbers: Bool { true }
    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        for i in starts {
            if let year = inYear(t, i, context) {
                found.append(year)
                continue
            }
            guard let unit = t.word(i), ["week", "weekend", "month", "year"].contains(unit) else { continue }
            var start = i - 1
            let meaning: TimeMeaning
            var earlier: TimeMeaning?
            switch t.word(i - 1) {
            case "last":
                meaning = period(unit, offset: -1, context)
            case "past" where t.word(i - 2) == "this":  // "this past week"
                start = i - 2
                meaning = period(unit, offset: -1, context)
            case "past" where unit != "weekend":
                // "the past week", "past month": the last seven days (thirty, a year) up to now (§5).
                start = t.word(i - 2) == "the" ? i - 2 : i - 1
                let days: Double = unit == "week" ? 7 : unit == "month" ? 30 : 365
                meaning = .period(start: context.now.addingTimeInterval(-days * 86400), end: context.now)
            case "this":
                if t.word(i - 2) == "earlier" { start = i - 2 }
                meaning = period(unit, offset: 0, context)
                // "this weekend" said on a weekday is the coming one; told in the past ("did my taxes
                // this weekend"), the one just gone (§6).
                if unit == "weekend", case .future = meaning { earlier = period(unit, offset: -1, context) }
            case "next":
                meaning = period(unit, offset: 1, context)
            case "the" where unit == "weekend" && ["over", "on", "at"].contains(t.word(i - 2)):
                start = i - 2
                meaning = period(unit, offset: 0, context, inProgressOrLast: true)
            default:
                continue
            }
            found.append(TimeMatch(tokens: start..<(i + 1), meaning: meaning, family: "week", earlier: earlier))
        }
        return found
    }

    /// "in 2020": that whole year (cut at now; a later year is a plan). A four-digit number after
    /// "in" that is followed by a unit or count ("in 2020 minutes") is not a year.
    private func inYear(_ t: [TimeToken], _ i: Int, _ context: TimeContext) -> TimeMatch? {
        guard t.word(i - 1) == "in", let year = t.integer(i), t[i].lower.utf8.count == 4, (1900...2100).contains(year),
            TimeUnit.read(t.word(i + 1)) == nil
        else { return nil }
        let start = context.instant(day: CivilTime.daysFromCivil(year: year, month: 1, day: 1))
        let end = context.instant(day: CivilTime.daysFromCivil(year: year + 1, month: 1, day: 1))
        return TimeMatch(tokens: (i - 1)..<(i + 1), meaning: bounded(start, end, context), family: "year")
    }

    /// The period `offset` units from the current one. For weekends, "last" is the most recent one
    /// that has ended and "this" the one in progress or coming.
    private func period(_ unit: String, offset: Int, _ context: TimeContext, inProgressOrLast: Bool = false)
        -> TimeMeaning
    {
        let today = context.today
        switch unit {
        case "week":
            let monday = today - TimeContext.weekday(ofDay: today) + 7 * offset
            return bounded(context.instant(day: monday), context.instant(day: monday + 7), context)
        case "weekend":
            // The weekend of this Monday–Sunday week starts Friday 18:00.
            let friday = today - TimeContext.weekday(ofDay: today) + 4
            let inProgress = context.now >= context.instant(day: friday, seconds: 18 * 3600)
            // "last weekend" is the most recent one that has ended, so always the one before this
            // week's; "this weekend" on a weekday is still to come (future); "over the weekend"
            // is the one in progress, else the last one.
            let startDay =
                switch offset {
                case -1: friday - 7
                case 0: inProgress || !inProgressOrLast ? friday : friday - 7
                default: friday + 7
                }
            return bounded(
                context.instant(day: startDay, seconds: 18 * 3600), context.instant(day: startDay + 3), context)
        case "month":
            let f = CivilTime.fields(of: context.now, in: context.zone)
            let total = f.year * 12 + f.month - 1 + offset
            let first = CivilTime.daysFromCivil(year: total / 12, month: total % 12 + 1, day: 1)
            let next = CivilTime.daysFromCivil(year: (total + 1) / 12, month: (total + 1) % 12 + 1, day: 1)
            return bounded(context.instant(day: first), context.instant(day: next), context)
        default:
            let year = CivilTime.fields(of: context.now, in: context.zone).year + offset
            return bounded(
                context.instant(day: CivilTime.daysFromCivil(year: year, month: 1, day: 1)),
                context.instant(day: CivilTime.daysFromCivil(year: year + 1, month: 1, day: 1)), context)
        }
    }

    /// A period, stored at now when it is still running ("this week").
    private func bounded(_ start: Date, _ end: Date, _ context: TimeContext) -> TimeMeaning {
        if start > context.now { return .future(start) }
        return .period(start: start, end: end, representative: end > context.now ? context.now : nil)
    }
}
