#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Parts of the day, with their windows in seconds after the day's midnight.
public enum DayPart: String, CaseIterable, Sendable {
    case morning, afternoon, evening, night

    init?(word: String?) {
        switch word {
        // "this am", "yesterday pm", "saturday arvo", "fri eve" (§5.1): only ever looked up after a
        // day word, so "6 am" is a clock and "christmas eve" no part.
        case "morning", "am": self = .morning
        case "afternoon", "pm", "arvo": self = .afternoon
        case "evening", "eve": self = .evening
        case "night": self = .night
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

    /// How a person names this part of today: `this morning`, `tonight`.
    var ofToday: String { self == .night ? "tonight" : "this " + rawValue }

    /// This part of `day`, as instants.
    func bounds(onDay day: Int, _ context: TimeContext) -> (Date, Date) {
        (context.instant(day: day, seconds: window.start), context.instant(day: day, seconds: window.end))
    }
}
