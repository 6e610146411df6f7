#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One small win, as the person logged it.
///
/// Field names follow the app's data model, so a moment can travel to the yadg backend unchanged.
public struct Moment: Sendable, Equatable, Identifiable {
    /// Client-generated UUID: the primary key, so a retried save can never duplicate a moment.
    public var id: UUID
    /// The backend's id, once synced.
    public var serverId: String?
    /// What the person did, with the time expression taken out.
    public var text: String
    /// When the person pressed Enter.
    public var submittedAt: Date
    /// When the win happened (equal to `submittedAt` when no time was given).
    public var happenedAt: Date
    /// IANA time zone the moment was logged in, so "yesterday" keeps its meaning when travelling.
    public var tz: String
    /// Seconds between `happenedAt` and `submittedAt` (the app's `timeAgo`).
    public var timeAgo: Int
    public var offlinePraise: String
    public var aiPraise: String?
    /// The kind of win the local classifier saw (``PraiseCategory``'s raw value).
    public var action: String
    public var tags: [String]
    public var isFavorite: Bool
    public var isSynced: Bool
    public var syncError: String?
    public var mood: String?
    public var note: String?
    public var photos: [String]
    /// Soft-deletion time; archived moments are hidden from views but kept for undo.
    public var archivedAt: Date?
    /// What the crisis reading made of the text and note (<doc:CrisisSafety>): anything but
    /// ``Sensitivity/ordinary`` keeps the moment on this machine.
    public var sensitivity: Sensitivity = .ordinary
    /// The moment's short reference (1, 2, 3, … in the order moments were saved on this machine),
    /// shown in every list and card and accepted by the row commands; 0 until the store assigns it.
    public var ref: Int = 0
    /// How exactly the time was said ("in 2020" is a period, not an instant).
    public var timePrecision: TimePrecision = .exact
    /// The words of a day or period as said ("last week"), shown instead of a made-up clock time.
    public var timeSaid: String?

    /// The time as said.
    public var said: SaidTime {
        get { SaidTime(timePrecision, timeSaid) }
        set {
            timePrecision = newValue.precision
            timeSaid = newValue.expression
        }
    }

    public init(
        id: UUID, serverId: String? = nil, text: String, submittedAt: Date, happenedAt: Date, tz: String,
        offlinePraise: String, aiPraise: String? = nil, action: String, tags: [String] = [],
        isFavorite: Bool = false, isSynced: Bool = false, syncError: String? = nil, mood: String? = nil,
        note: String? = nil, photos: [String] = [], archivedAt: Date? = nil, isCrisis: Bool = false,
        sensitivity: Sensitivity = .ordinary
    ) {
        self.id = id
        self.serverId = serverId
        self.text = text
        self.submittedAt = submittedAt
        self.happenedAt = happenedAt
        self.tz = tz
        self.timeAgo = max(0, Int((submittedAt.timeIntervalSince(happenedAt)).rounded()))
        self.offlinePraise = offlinePraise
        self.aiPraise = aiPraise
        self.action = action
        self.tags = tags
        self.isFavorite = isFavorite
        self.isSynced = isSynced
        self.syncError = syncError
        self.mood = mood
        self.note = note
        self.photos = photos
        self.archivedAt = archivedAt
        self.sensitivity = isCrisis ? .crisis : sensitivity
    }

    /// The praise to show for this moment: the AI's when it arrived, else the offline line.
    public var praise: String { aiPraise ?? offlinePraise }

    /// What the crisis reading made of a moment, from least to most to act on.
    public enum Sensitivity: Int, Sendable, Comparable, CaseIterable {
        case ordinary = 0
        /// A recovery milestone (`90 days without hurting myself`): a win, cheered offline, never
        /// sent to an AI provider, the backend or a summary.
        case milestone = 1
        /// Words of death, self-harm or finality that no idiom or milestone explains: kept, never
        /// praised or sent, answered with a short check-in.
        case concern = 2
        /// Suicidal thoughts or plans, or self-harm: kept, never praised or sent, answered with the
        /// crisis message.
        case crisis = 3

        public static func < (a: Sensitivity, b: Sensitivity) -> Bool { a.rawValue < b.rawValue }

        /// Its key in JSON (`"concern":true`), nil for ordinary.
        public var jsonKey: String? {
            switch self {
            case .ordinary: nil
            case .milestone: "milestone"
            case .concern: "concern"
            case .crisis: "crisis"
            }
        }
    }

    /// A crisis: the crisis message, a gentle Journey day.
    public var isCrisis: Bool {
        get { sensitivity == .crisis }
        set { sensitivity = newValue ? .crisis : .ordinary }
    }

    /// A crisis or a concern: no praise, no kind of win, a gentle Journey day.
    public var isHeavy: Bool { sensitivity >= .concern }

    /// Not ordinary: never sent anywhere (no AI, no backend, no summary).
    public var staysOnThisMachine: Bool { sensitivity != .ordinary }

    /// The key that marks it in `--json` events and JSON exports (`"crisis":true`, `"concern":true`,
    /// `"milestone":true`); nil for an ordinary moment, so other output does not change.
    public var sensitivityKey: String? { sensitivity.jsonKey }
}
