#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// State to set with a write, written as a literal (`[.hasCompletedFirstLog: "1"]`).
///
/// Pairs, not a dictionary: the first dictionary keyed by ``StateKey`` made the runtime search
/// every protocol conformance in the process for its `Hashable` one, on the way to a one-shot
/// log's acknowledgement. The last value given for a key wins.
public typealias StateChanges = KeyValuePairs<StateKey, String>

/// Keys of the small key–value state kept beside the moments.
public enum StateKey: String, Sendable, CaseIterable {
    case hasSeenOnboarding
    case hasCompletedFirstLog
    /// Anonymous user id (UUID v4), created on first run; sent as `x-user-id` to the backend only.
    case anonymousUserId
    /// Recent offline praise picks, newest first, joined by newlines; keeps lines from repeating.
    case recentPraise
    /// "yes" or "no": the answer to using a detected AI provider, asked once.
    case aiConsent
    /// "1" when the first run looked for a model server on this machine and none answered: the
    /// next start looks once more (a server busy writing may not have answered in time).
    case localModelLookAgain
    /// The local day Home last brought up a moment from an earlier year: once a day at most.
    case onThisDayShownOn
    /// The day (days since 1970, UTC) the database last passed SQLite's `quick_check` (run in the
    /// background, at most once a day, when a conversation starts).
    case integrityCheckedOn
    /// The last entitlement a server reported (JSON of ``Entitlement``), with when it was read.
    case entitlement
}

/// Why a store refused to write.
public enum MomentStoreError: Error, Equatable {
    /// The data was written by a newer yadg: this one reads it but never writes into a schema it
    /// does not know.
    case newerSchema(found: Int, known: Int)
    /// SQLite found the file damaged (or not a database). Nothing more is written to it.
    case damaged(detail: String)
    /// The disk (or the quota) is full: nothing was written.
    case diskFull
    /// The file or its folder cannot be written (permissions, a read-only disk).
    case notWritable
    /// Another yadg held the moments longer than the wait allows.
    case busy
    /// Delete my data ran in another yadg: the files this one opened are gone, and nothing more
    /// is written into them (it would be lost with them).
    case deletedElsewhere
    /// The journal is locked and what was asked for is sealed: it needs the passphrase
    /// (<doc:Commands>; the Privacy and security article of YadgStorage). Writing never does.
    case locked
    /// The passphrase a script gave (`YADG_PASSPHRASE_FILE`, `passphrase_command`) does not open
    /// the journal: nothing was opened.
    case wrongPassphrase
    /// A sealed box does not open with its key: it was changed or cut short on disk. The moment's
    /// reference when it is a moment's; never shown as if it were empty.
    case sealDamaged(reference: Int?)
    /// The database's write-ahead log was removed while this yadg had it open. What it held was
    /// folded into the database; nothing more is written in this run (it would go into the
    /// removed file, and be lost with it).
    case logRemoved
    /// The database opens without what it held: the home was used (its `-shm` is there, or the
    /// state says moments were logged), yet there are no tables, or no moments. Its log is missing
    /// or was replaced. Nothing is written: a fresh start would bury what may still be restored.
    case logLost
    /// A stored moment cannot be read back (a date past the year 9999, an id that is not one):
    /// what reads every moment (an export, Delete my data's list for the server) stops rather than
    /// leave it out. `detail` names the field and its value, never the person's text.
    case unreadableMoment(ref: Int, detail: String)
}

/// Where moments and app state live.
///
/// Contract, as a test would state it:
/// ```
/// let store: some MomentStore = ...
/// try store.insert(moment, state: [.hasCompletedFirstLog: "1"])   // returns once durable
/// #expect(try store.moment(id: moment.id) == moment)
/// #expect(try store.insert(moment, state: [:]) == false)           // same id: ignored, not duplicated
/// #expect(try store.stateValue(.hasCompletedFirstLog) == "1")
/// ```
/// `insert` writes the moment and the state changes in one transaction and returns only after it
/// is committed, so a caller may acknowledge the moment as soon as it returns.
public protocol MomentStore: AnyObject, Sendable {
    /// Runs `body` in one write transaction when the store has them (every write inside is
    /// committed together, once, when it returns); a throw means none of them was kept.
    func batch<T>(_ body: () throws -> T) throws -> T
    /// The same, returning once `body` has run, with the commit still to come: nothing of the batch
    /// may be acknowledged before the commit's ``BatchCommit/wait()`` returned. The next batch may
    /// begin meanwhile, and anything else the store is asked waits for the commit first.
    func batchCommittingLater<T>(_ body: () throws -> T) throws -> (result: T, commit: any BatchCommit)
    /// Why writes are refused, when they are (a database from a newer yadg, or a damaged one).
    var writeRefusal: MomentStoreError? { get }
    /// Saves a moment together with state changes, atomically. Returns `false` when a moment with
    /// the same id was already stored (the retry of an earlier save); nothing is changed then.
    @discardableResult
    func insert(_ moment: Moment, state: StateChanges) throws -> Bool
    /// The same, returning the short reference the store gave the moment (nil when the id was
    /// already stored), for the card that acknowledges it. Inside ``batch(_:)`` a store may write
    /// the row after returning (SQLite does, on a thread of its own): an id stored already then
    /// fails the batch, and nothing of it is kept.
    func insertNumbered(_ moment: Moment, state: StateChanges) throws -> Int?
    /// Replaces a stored moment's fields (same id).
    func update(_ moment: Moment) throws
    /// Sets only the AI praise of a moment, so a late reply never undoes a concurrent change.
    func setAIPraise(_ praise: String, for id: UUID) throws
    func moment(id: UUID) throws -> Moment?
    /// The moment with this short reference, archived or not.
    func moment(ref: Int) throws -> Moment?
    /// Moments that are not archived and happened in `[start, end)`, newest first, at most `limit`.
    func moments(happenedFrom start: Date?, before end: Date?, limit: Int) throws -> [Moment]
    /// The most recently submitted moment that is not archived.
    func lastSubmittedMoment() throws -> Moment?
    func stateValue(_ key: StateKey) throws -> String?
    func setState(_ values: StateChanges) throws
}

/// A batch's commit, handed over to be done while its caller goes on.
public protocol BatchCommit: Sendable {
    /// Returns once the batch is committed; throws when it was not (then nothing of it was kept).
    /// Returns how far the batch's references moved as it was written: the numbers it handed out,
    /// counted on from the batch before, were taken meanwhile by another writer (or freed by a
    /// batch that failed), so its moments were numbered on from the next free one. Add it to every
    /// reference the batch gave.
    @discardableResult
    func wait() throws -> Int
}

/// The commit of a batch that committed before it was handed back.
public struct FinishedCommit: BatchCommit {
    public init() {}
    public func wait() throws -> Int { 0 }
}

extension MomentStore {
    /// A store that commits in the caller's time: the batch, then a commit already made.
    public func batchCommittingLater<T>(_ body: () throws -> T) throws -> (result: T, commit: any BatchCommit) {
        (try batch(body), FinishedCommit())
    }

    /// Inserts, then reads the reference back (a store that can do it in one statement does).
    public func insertNumbered(_ moment: Moment, state: StateChanges) throws -> Int? {
        guard try insert(moment, state: state) else { return nil }
        return try self.moment(id: moment.id)?.ref ?? 0
    }
}
