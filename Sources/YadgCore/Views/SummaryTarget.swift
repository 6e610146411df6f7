/// A day of the Journey, or a week, whose AI summary is missing or stale: what the application
/// asks the provider for, and caches under `start` once an answer passes the policy
/// (<doc:PraiseFromAModel>).
public struct SummaryTarget: Sendable, Equatable {
    public enum Period: String, Sendable, Equatable {
        case day, week
    }

    public let period: Period
    /// The day, or the week's Monday.
    public let start: LocalDay
    /// Newest first, as the store gives them.
    public let moments: [Moment]

    public init(_ period: Period, start: LocalDay, moments: [Moment]) {
        self.period = period
        self.start = start
        self.moments = moments
    }

    /// Holds a crisis or a concern: never sent, never summarised, never celebrated around.
    public var isHeavy: Bool { moments.contains(where: \.isHeavy) }

    /// Identifies the moments a cached summary was written for.
    public var fingerprint: String { DayDigest.fingerprint(moments) }

    /// The summary cached for this day or week, when it was written for these same moments.
    public func cached(in store: any MomentHistory) -> String? {
        let found: DaySummary?? =
            switch period {
            case .day: try? store.daySummary(for: start)
            case .week: try? store.weekSummary(for: start)
            }
        guard let summary = found ?? nil, summary.fingerprint == fingerprint else { return nil }
        return summary.text
    }

    /// Keeps an accepted summary until these moments change.
    public func cache(_ text: String, in store: any MomentHistory) throws {
        let summary = DaySummary(day: start, text: text, fingerprint: fingerprint)
        switch period {
        case .day: try store.saveDaySummary(summary)
        case .week: try store.saveWeekSummary(summary)
        }
    }

    /// How the conversation names it when its summary arrives: "Nov 15, 2026", "Week of Nov 16".
    public func label(_ copy: Copy) -> String {
        switch period {
        case .day: TimeWords(copy).monthDayYear(start)
        case .week: Copy.fill(copy[WeekCopy.self].weekOf, ["date": TimeWords(copy).monthDay(start)])
        }
    }
}

extension JourneyView.Day {
    /// This day, as a summary to ask for.
    public var summaryTarget: SummaryTarget { SummaryTarget(.day, start: day, moments: moments) }
}
