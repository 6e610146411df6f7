import Foundation

/// Parts of the day, with their windows in seconds after the day's midnight.
enum DayPart: String, CaseIterable {
    case morning, afternoon, evening, night

    init?(word: String?) {
        switch word {
        case "morning": self = .morning
        case "afternoon": self = .afternoon
        case "evening": self = .evening
        case "night", "tonight": self = .night
        default: return nil
        }
    }

    /// Morning 05–12, afternoon 12–18, evening 17–24, night 18 → 05 the next day.
    var window: (start: Int, end: Int) {
        switch self {
        case .morning: (5 * 3600, 12 * 3600)
        case .afternoon: (12 * 3600, 18 * 3600)
        case .evening: (17 * 3600, 24 * 3600)
        case .night: (18 * 3600, 29 * 3600)
        }
    }

    /// This part of `day`; future when it has not begun, cut at now while it runs.
    func meaning(onDay day: Int, _ context: TimeContext) -> TimeMeaning {
        let start = context.instant(day: day, seconds: window.start)
        if start > context.now { return .future(start) }
        let end = context.instant(day: day, seconds: window.end)
        return .period(start: start, end: min(end, context.now))
    }
}

extension TimeContext {
    /// The whole calendar day `day`, cut at now when it is today.
    func wholeDay(_ day: Int) -> TimeMeaning {
        let start = instant(day: day)
        if start > now { return .future(start) }
        return .period(start: start, end: min(instant(day: day + 1), now))
    }
}
