#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a provider needs to write praise for one moment. Only the moment's text and a coarse time
/// leave the machine (plus, for the yadg backend alone, the fields its contract asks for).
public struct PraiseRequest: Sendable, Equatable {
    public let momentID: UUID
    public let text: String
    /// "about 2 hours ago", computed locally.
    public let when: String
    public let submittedAt: Date
    public let happenedAt: Date
    public let tz: String
    /// How the person said they felt (`tired`), when they said it: context for warmth, never
    /// something to fix. A closed word from ``MoodVocabulary`` or nil.
    public let feeling: String?
    /// The moment said back (`You made your bed`, ``MomentRetelling``): yadg's own first clause
    /// when the model writes only what follows it; nil when the moment cannot be said back.
    public let opening: String?

    public init(
        momentID: UUID, text: String, when: String, submittedAt: Date, happenedAt: Date, tz: String,
        feeling: String? = nil
    ) {
        self.feeling = feeling
        opening = MomentRetelling.opening(of: text)
        self.momentID = momentID
        self.text = text
        self.when = when
        self.submittedAt = submittedAt
        self.happenedAt = happenedAt
        self.tz = tz
    }

    /// The request for a moment, or nil for one the crisis reading did not find ordinary (a
    /// crisis, a concern, a recovery milestone): its text never leaves the machine.
    public init?(moment: Moment, now: Date, zone: Zone, words: TimeWords) {
        guard !moment.staysOnThisMachine else { return nil }
        self.init(
            momentID: moment.id, text: moment.text, when: words.relative(moment.happenedAt, now: now, in: zone),
            submittedAt: moment.submittedAt, happenedAt: moment.happenedAt, tz: moment.tz, feeling: moment.mood)
    }
}

/// Writes a warmer, specific praise line for a moment, typically with an AI model.
///
/// Contract, as a test states it: `try await provider.praise(for: request)` returns the reply's
/// text, unvalidated (``PraiseReplyValidator`` decides whether it is shown), or throws a
/// ``PraiseProviderError``. It must give up by its deadline; callers never wait on it before
/// acknowledging a moment, and any error means the offline praise simply stays.
public protocol PraiseProvider: Sendable {
    /// A short name for settings and error lines ("openai", "ollama", "yadg").
    var name: String { get }
    func praise(for request: PraiseRequest) async throws -> String
    /// Gets a model on this machine ready before the first praise: loads it, and its prompt. Sends
    /// nothing of the person's. Errors are its own to swallow.
    func warmUp() async
    /// The candidates for a moment's praise, unvalidated: one whole line, or for a model asked to
    /// go on from yadg's opening, up to three continuations of it (``PraiseReplyValidator/best(of:opening:moment:maxLength:crisis:)``
    /// shows the best that passes). Same deadline and errors as ``praise(for:)``.
    func drafts(for request: PraiseRequest) async throws -> PraiseDrafts
}

extension PraiseProvider {
    public func warmUp() async {}
    public func drafts(for request: PraiseRequest) async throws -> PraiseDrafts {
        PraiseDrafts(opening: nil, candidates: [try await praise(for: request)])
    }
}

/// What a provider brought back for a moment: its candidate replies and, when the model wrote
/// only what follows yadg's own first clause, that clause.
public struct PraiseDrafts: Sendable, Equatable {
    public let opening: String?
    public let candidates: [String]
    /// The replies of the prompt's examples: a candidate that copies one says the prompt back.
    public let examples: [String]

    public init(opening: String?, candidates: [String], examples: [String] = []) {
        self.opening = opening
        self.candidates = candidates
        self.examples = examples
    }
}

/// Why no AI praise came.
public enum PraiseProviderError: Error, Sendable, Equatable {
    case timedOut
    case http(status: Int)
    /// A 429 that means the plan or quota is used up: retrying will not help.
    case quotaExhausted
    case invalidReply
    case transport
    case cancelled

    /// A short machine-readable reason (`--json`'s `praise_failed`).
    public var reason: String {
        switch self {
        case .timedOut: "timeout"
        case .http(let status): "http_\(status)"
        case .quotaExhausted: "quota_exhausted"
        case .invalidReply: "invalid_reply"
        case .transport: "transport"
        case .cancelled: "cancelled"
        }
    }
}

/// A day to summarise for the Journey: its name ("Saturday, Oct 25") and its moments' texts.
public struct DaySummaryRequest: Sendable, Equatable {
    /// How the period is named in the prompt: "Sunday, Nov 15", or "the week of Monday, Nov 16".
    public let day: String
    public let moments: [String]
    /// The calendar day (a week's Monday), for a writer that looks summaries up by date (the
    /// backend's timeline).
    public let date: LocalDay?
    /// A day's summary or a week's: each has its own prompt.
    public let period: SummaryTarget.Period
    /// The most moments of a week sent for its summary (privacy.md names the bound).
    public static let weekMoments = 40

    public init(day: String, moments: [String], date: LocalDay? = nil, period: SummaryTarget.Period = .day) {
        self.day = day
        self.moments = moments
        self.date = date
        self.period = period
    }

    /// The request for a day or a week, or nil for one that holds a crisis or a concern: its texts
    /// never leave the machine, and it gets no summary. A recovery milestone is left out of what
    /// is sent (the rest of the day is summarised).
    public init?(_ target: SummaryTarget, words: TimeWords) {
        let sent = target.moments.filter { !$0.staysOnThisMachine }
        guard !target.isHeavy, !sent.isEmpty else { return nil }
        let name =
            switch target.period {
            case .day: words.weekdayMonthDay(target.start)
            case .week: "the week of " + words.weekdayMonthDay(target.start)
            }
        // In the order they happened; a week sends at most its first `weekMoments`.
        let texts = sent.reversed().map(\.text).prefix(target.period == .week ? Self.weekMoments : .max)
        self.init(day: name, moments: Array(texts), date: target.start, period: target.period)
    }

    /// The request for a Journey day.
    public init?(_ entry: JourneyView.Day, words: TimeWords) {
        self.init(entry.summaryTarget, words: words)
    }
}

/// Writes the one- or two-sentence summary of a day (<doc:PraiseFromAModel>). Same contract as
/// ``PraiseProvider``: unvalidated text, or a ``PraiseProviderError``, by the deadline.
public protocol DaySummaryWriter: Sendable {
    func summary(for request: DaySummaryRequest) async throws -> String
}
