#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One change waiting to reach the backend, in the order it was made for its moment.
public struct SyncOperation: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// `POST /moments`, with the moment as it is when sent.
        case create
        /// `PUT /moments/{id}` with the changed fields only (`fields`, a JSON object).
        case update
        /// `DELETE /moments/{id}`: archived.
        case delete
    }

    public let sequence: Int64
    public let momentID: UUID
    public let kind: Kind
    /// For an update: the JSON object of the changed fields (`{"isFavorite":true}`).
    public let fields: String?
    /// Attempts so far.
    public let attempts: Int

    public init(sequence: Int64, momentID: UUID, kind: Kind, fields: String?, attempts: Int) {
        self.sequence = sequence
        self.momentID = momentID
        self.kind = kind
        self.fields = fields
        self.attempts = attempts
    }
}

/// What the server said about a moment it accepted.
public struct ServerMoment: Sendable, Equatable {
    public var serverID: String?
    public var praise: String?
    public var tags: [String]?
    public var action: String?

    public init(serverID: String? = nil, praise: String? = nil, tags: [String]? = nil, action: String? = nil) {
        self.serverID = serverID
        self.praise = praise
        self.tags = tags
        self.action = action
    }
}

/// How far the backend is behind this machine.
public struct SyncStatus: Sendable, Equatable {
    /// Moments with changes not yet sent.
    public var waiting: Int
    /// Of those, how many the server refused (they wait for `yadg sync`, not for a timer).
    public var held: Int
    /// The last reason a send failed, if any is still waiting.
    public var lastError: String?

    public init(waiting: Int, held: Int, lastError: String?) {
        self.waiting = waiting
        self.held = held
        self.lastError = lastError
    }
}

/// The outbox of changes for the backend, kept in the store: a change is queued in the same
/// transaction as the change itself, so nothing acknowledged can be missing from it.
public protocol SyncQueue: AnyObject, Sendable {
    /// The first waiting operation of each moment that is due at `now` (an operation waits for the
    /// ones before it on the same moment). `includingHeld`: also those the server refused.
    func dueOperations(now: Date, includingHeld: Bool, limit: Int) throws -> [SyncOperation]
    /// The operation reached the server: removed, and what the server said is kept (the server's
    /// id, praise, tags, action). Returns the moment as stored now.
    @discardableResult
    func completed(_ operation: SyncOperation, server: ServerMoment?) throws -> Moment?
    /// The operation failed: tried again from `retryAt`, or held (nil: the server refused it,
    /// and a timer will not change its mind) with `reason` as the moment's sync error.
    func failed(_ operation: SyncOperation, reason: String, retryAt: Date?) throws
    /// When the next waiting operation is due, if any is waiting on a timer.
    func nextAttemptDate() throws -> Date?
    func syncStatus() throws -> SyncStatus
    /// Moments the server already has (a pull): added where missing, as synced, queued for nothing.
    /// Returns how many were new.
    func insertSynced(_ moments: [Moment]) throws -> Int
}

/// Why a change did not reach the server, kept in the store as a short code and said in the words
/// of the copy (and given as the code in `--json`).
public enum SyncError: Error, Sendable, Equatable {
    case unreachable
    case timedOut
    case cancelled
    /// A status worth another try (408, 429, 5xx).
    case answered(Int)
    /// A status a timer will not change (409, 400, …).
    case refused(Int)
    /// `--no-ai`: nothing is sent in this run.
    case off
    /// The server's answer was over the size this client accepts.
    case tooLarge
    /// The server keeps this for a paid plan (402, 403 or 429 with a plan-limit code).
    case planLimit
    /// A 2xx whose body is not the server's answer about this moment (a captive portal's login
    /// page, a body cut short, an empty one, another moment's): the change may never have reached
    /// the server, so it waits and is tried again.
    case notTheAnswer(NotTheAnswer)

    /// What was wrong with a 2xx that was not the answer.
    public enum NotTheAnswer: String, Sendable, Equatable, CaseIterable {
        /// Not JSON at all: a Wi-Fi login page, a proxy's notice.
        case notJSON = "not-json"
        /// JSON that does not read to the end: cut short, or garbled.
        case unreadable
        /// Nothing at all (an empty 200, a 204 where the moment was expected).
        case empty
        /// JSON that names no moment, or another one.
        case otherMoment = "other-moment"
    }

    public var code: String {
        switch self {
        case .unreachable: "unreachable"
        case .timedOut: "timed-out"
        case .cancelled: "cancelled"
        case .answered(let status): "answered-\(status)"
        case .refused(let status): "refused-\(status)"
        case .off: "off"
        case .tooLarge: "too-large"
        case .planLimit: "plan-limit"
        case .notTheAnswer(let what): "answer-" + what.rawValue
        }
    }

    public init?(code: String) {
        if code.hasPrefix("answer-") {
            guard let what = NotTheAnswer(rawValue: String(code.dropFirst("answer-".count))) else { return nil }
            self = .notTheAnswer(what)
            return
        }
        switch code {
        case "unreachable": self = .unreachable
        case "timed-out": self = .timedOut
        case "cancelled": self = .cancelled
        case "off": self = .off
        case "too-large": self = .tooLarge
        case "plan-limit": self = .planLimit
        default:
            let parts = code.split(separator: "-")
            guard parts.count == 2, let status = Int(parts[1]) else { return nil }
            switch parts[0] {
            case "answered": self = .answered(status)
            case "refused": self = .refused(status)
            default: return nil
            }
        }
    }

    /// "the server could not be reached", from the `sync` section of the copy.
    public func words(_ copy: Copy) -> String {
        let words = copy[SyncCopy.self]
        switch self {
        case .unreachable: return words.unreachable
        case .timedOut: return words.timedOut
        case .cancelled: return words.cancelled
        case .answered(let status): return Copy.fill(words.answered, ["status": String(status)])
        case .refused(let status): return Copy.fill(words.refused, ["status": String(status)])
        case .off: return words.off
        case .tooLarge: return words.tooLarge
        case .planLimit: return words.planLimit
        case .notTheAnswer(.notJSON): return words.answerNotJSON
        case .notTheAnswer(.unreadable): return words.answerUnreadable
        case .notTheAnswer(.empty): return words.answerEmpty
        case .notTheAnswer(.otherMoment): return words.answerOtherMoment
        }
    }
}
