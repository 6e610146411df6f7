#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How exactly a moment's time was said, so views show what the person said instead of a clock
/// time nobody said: `quit smoking in 2020` shows "in 2020", not "Jul 2, 2020 · 1:00 AM".
public enum TimePrecision: String, Sendable, Equatable, CaseIterable {
    /// Now, or an amount ago ("2 hours ago"): the instant is known, its clock time is honest.
    case exact
    /// A clock time was said ("at 6pm", "yesterday at 7").
    case clock
    /// A day, or a part of one ("yesterday", "this morning", "on Monday"): no clock time.
    case day
    /// A longer period ("last week", "in June", "in 2020").
    case period
}

/// The time of a moment as it was said: its precision and, for days and periods, the words.
public struct SaidTime: Sendable, Equatable {
    public var precision: TimePrecision
    /// The expression as written ("last week"), kept for days and periods.
    public var expression: String?

    public init(_ precision: TimePrecision, _ expression: String? = nil) {
        self.precision = precision
        self.expression = precision == .day || precision == .period ? expression : nil
    }

    /// No time was said: it happened now.
    public static let now = SaidTime(.exact)

    /// The precision of what a match means (<doc:TimeSemantics> §1): "today" alone is stored as now.
    /// An amount of a day or more ago ("3 days ago") names a day, not a clock time.
    init(_ meaning: TimeMeaning, now: Date, today: Int, expression: String) {
        switch meaning {
        case .instant(let date) where now.timeIntervalSince(date) >= 86_400: self.init(.day, expression)
        case .instant, .future: self.init(.exact)
        case .clock, .dayAndClock: self.init(.clock)
        case .day(let day, let part): self.init(day == today && part == nil ? .exact : .day, expression)
        case .period, .window: self.init(.period, expression)
        }
    }

    /// The words a card or a list shows for the time, or nil when the clock time is honest.
    public var words: String? { expression.map { MomentTextRule.normalizeWhitespace($0.unicodeScalars) } }
}
