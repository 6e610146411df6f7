#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A clock reading as written: "7", "7:30", "3pm", "15:30", "noon".
public struct ClockTime: Sendable, Equatable {
    public enum Meridiem: Sendable, Equatable { case am, pm }

    /// 0–23 when `explicit`, else 1–12 as written.
    public var hour: Int
    public var minute: Int
    /// Set when "am"/"pm" was written.
    public var meridiem: Meridiem?
    /// True when the reading is unambiguous: am/pm given, 24-hour form (hour > 12 or a leading
    /// zero), noon or midnight.
    public var explicit: Bool
    /// For a bare hour, the half of the day a meal or routine beside it places it in (`dinner at
    /// 6`, `went to bed at 1`), or the hour itself (`at 3` is the afternoon's): <doc:TimeSemantics>
    /// §2.7. Nil when either half may be meant (`at 9`). A part of the day said with it wins
    /// (`this morning at 3`).
    public var half: Meridiem? = nil

    /// Seconds after midnight, for an explicit reading.
    var secondsIntoDay: Int { hour * 3600 + minute * 60 }
}

/// What a matched phrase says about when something happened. Days and clock readings stay
/// symbolic until resolution, so a refiner can merge "yesterday" and "at 5pm".
public enum TimeMeaning: Sendable, Equatable {
    /// An exact instant ("2 hours ago", "just now").
    case instant(Date)
    /// A period ("last week", "a few minutes ago"); `representative` is the instant to store,
    /// which defaults to the middle of the part of the period that has passed.
    case period(start: Date, end: Date, representative: Date? = nil)
    /// A calendar day (day number), optionally one part of it ("yesterday evening").
    case day(Int, part: DayPart?)
    /// A stretch of a day, in seconds after its midnight: a meal or a routine ("after work" is
    /// 17:00–20:00, "at lunch" 11:30–14:00), on the logical day or the day said with it
    /// ("yesterday after work").
    case window(day: Int, from: Int, to: Int)
    /// A clock reading without a day ("at 7", "at 3pm").
    case clock(ClockTime)
    /// A clock reading on a day ("yesterday at 5pm", "at 6 this morning").
    case dayAndClock(day: Int, part: DayPart?, clock: ClockTime)
    /// Points after now: a plan, not a win yet ("in 2 hours", "tomorrow"); the instant it names.
    case future(Date)
}

/// A time expression found in a phrase: which tokens, and what they mean.
public struct TimeMatch: Sendable, Equatable {
    /// Token indices covered by the expression.
    public var tokens: Range<Int>
    public var meaning: TimeMeaning
    /// The family that found it, for debugging and tests.
    public var family: String
    /// The same window's last occurrence before `meaning`'s, for a window that comes round again
    /// ("this evening": yesterday evening; "this weekend": last weekend). A line told in the past
    /// whose window is still ahead means that one (<doc:TimeSemantics> §6). Nil for a time that
    /// never comes round again ("tomorrow", "today at 5pm", "in 2 hours") and for a clock time
    /// without a day, whose readings already reach back to yesterday.
    public var earlier: TimeMeaning?
    /// For a reading taken in the past though it could be ahead (a plain weekday: "dentist on
    /// Friday"), the coming occurrence: a line told in no tense means whichever is nearer (§6).
    public var later: TimeMeaning?
    /// Whose time it is (<doc:TimeSemantics> §6.3).
    public var role: TimeRole = .win
    /// The part of the day a window is (`in the morning`, `at night`), so a day or a clock time
    /// beside it, before or after, joins it (`in the morning yesterday`, `at 7 in the morning`).
    public var part: DayPart?
    /// The words a card shows for it when they are not the words as typed: a day and a part in
    /// the order people say them (`monday in the evening` → `monday evening`), a part alone of
    /// today (`in the morning` → `this morning`). Nil: the expression as written.
    public var saidAs: String?

    public init(
        tokens: Range<Int>, meaning: TimeMeaning, family: String, earlier: TimeMeaning? = nil,
        later: TimeMeaning? = nil
    ) {
        self.tokens = tokens
        self.meaning = meaning
        self.family = family
        self.earlier = earlier
        self.later = later
    }
}

/// Whose time a match names, which decides what a line with no tense makes of it (§6.3).
public enum TimeRole: Sendable, Equatable {
    /// The win's own time.
    case win
    /// A deadline, the time by which ("before bed", "by 5", "by Friday"): in a line told in no
    /// tense, a plan while it has not passed ("pack lunches before bed" at 21:10).
    case deadline
    /// Another thing's time, still ahead ("for next Monday", "before 5", "due Friday"): the line
    /// is a plan when told in no tense, and it is passed over when told in the past.
    case anotherThing
}

/// Finds the expressions of one phrase family ("2 hours ago", "yesterday", …).
///
/// A family is one small file: it returns every match it sees, overlapping or not; refiners then
/// decide which match stands. `triggers` lists the words without which the family cannot match. The
/// parser looks every token up once, runs only the families a phrase can use, and hands each the
/// places it may start a match: its triggers' positions and up to ``reach`` tokens before each. A
/// family looks only there, never at every token.
public protocol TimeExpressionFamily: Sendable {
    /// Lower-cased words, one of which every match contains.
    var triggers: [String] { get }
    /// True when a number written in digits can start a match ("7:30", "3pm").
    var triggeredByNumbers: Bool { get }
    /// How many tokens before its trigger a match may start where the family looks ("2 hours ago"
    /// starts two before "ago"). 0 when the family's loop stands on the trigger itself.
    var reach: Int { get }
    /// `starts`: the token positions to look at, in order, each once.
    func matches(in tokens: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch]
}

extension TimeExpressionFamily {
    public var triggeredByNumbers: Bool { false }
    public var reach: Int { 0 }
}

/// Adjusts the list of candidate matches (drops look-alikes, removes overlaps, merges).
public protocol TimeMatchRefiner: Sendable {
    func refine(_ matches: [TimeMatch], tokens: [TimeToken], context: TimeContext) -> [TimeMatch]
}

extension [TimeToken] {
    /// The lower-cased word at `index`, or nil past the end or for non-words.
    func word(_ index: Int) -> String? {
        index >= 0 && index < count && self[index].kind == .word ? self[index].lower : nil
    }

    /// True when the token at `index` is the punctuation mark `mark`.
    func isMark(_ index: Int, _ mark: String) -> Bool {
        index >= 0 && index < count && self[index].kind == .punctuation && self[index].lower == mark
    }

    /// The number at `index`, if it is a whole number written in digits.
    func integer(_ index: Int) -> Int? {
        guard index >= 0, index < count, self[index].kind == .number, let value = self[index].value,
            !self[index].hasDecimalPoint, value < 1e9
        else { return nil }
        return Int(value)
    }
}
