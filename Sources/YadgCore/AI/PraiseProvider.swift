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

    public init(
        momentID: UUID, text: String, when: String, submittedAt: Date, happenedAt: Date, tz: String,
        feeling: String? = nil
    ) {
        self.feeling = feeling
        self.momentID = momentID
        self.text = text
        self.when = when
        self.submittedAt = submittedAt
        self.happenedAt = happenedAt
        self.tz = tz
    }

    /// The request for a moment, or nil for one the crisis check caught: its text never leaves
    /// the machine.
    public init?(moment: Moment, now: Date, zone: Zone, words: TimeWords) {
        guard !moment.isCrisis else { return nil }
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
}

extension PraiseProvider {
    public func warmUp() async {}
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
    public let day: String
    public let moments: [String]
    /// The calendar day, for a writer that looks summaries up by date (the backend's timeline).
    public let date: LocalDay?

    public init(day: String, moments: [String], date: LocalDay? = nil) {
        self.day = day
        self.moments = moments
        self.date = date
    }

    /// The request for a Journey day, or nil for a day that holds crisis language: such a day's
    /// texts never leave the machine, and it gets no summary.
    public init?(_ entry: JourneyView.Day, words: TimeWords) {
        guard !entry.isHeavy, !entry.moments.isEmpty else { return nil }
        self.init(
            day: words.weekdayMonthDay(entry.day), moments: entry.moments.reversed().map(\.text), date: entry.day)
    }
}

/// Writes the one- or two-sentence summary of a day (<doc:PraiseFromAModel>). Same contract as
/// ``PraiseProvider``: unvalidated text, or a ``PraiseProviderError``, by the deadline.
public protocol DaySummaryWriter: Sendable {
    func summary(for request: DaySummaryRequest) async throws -> String
}
