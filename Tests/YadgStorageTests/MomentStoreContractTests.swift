import CSQLite
import Foundation
import Testing
import YadgCore
import YadgSealing
import YadgStorage
import YadgTestSupport

/// The ``MomentStore`` contract, run against every implementation (as GRDB runs its tests against
/// both an in-memory and an on-disk database).
struct MomentStoreContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqliteInMemory, sqliteFile, inMemoryFake
        /// A file whose journal is locked, read by the run that holds its key: every row sealed.
        case sqliteLocked
        var testDescription: String { rawValue }
    }

    static func makeStore(_ kind: Kind) throws -> any MomentStore {
        try MomentHistoryContractTests.makeStore(kind)
    }

    /// A store on a file, locked: what it writes is sealed, and this run reads it with its key.
    static func lockedStore() throws -> SQLiteMomentStore {
        let store = try SQLiteMomentStore(path: TemporaryFolder.make() + "/moments.db")
        #expect(try store.lock(with: .passphrase("contract passphrase"), photos: nil) == .locked(moments: 0, photos: 0))
        return store
    }

    static func moment(_ text: String, happened: TimeInterval, submitted: TimeInterval? = nil) -> Moment {
        Moment(
            id: UUID(), text: text, submittedAt: Date(timeIntervalSince1970: submitted ?? happened),
            happenedAt: Date(timeIntervalSince1970: happened), tz: "Europe/Berlin", offlinePraise: "Nice one.",
            action: "other")
    }

    @Test(arguments: Kind.allCases)
    func roundTripsEveryField(kind: Kind) throws {
        let store = try Self.makeStore(kind)
        var moment = Self.moment("called mom ☎️ — finally", happened: 1_763_560_000.250, submitted: 1_763_567_200.5)
        moment.serverId = "srv-1"
        moment.aiPraise = "Calling your mom was a warm thing to do."
        moment.tags = ["family", "calm"]
        moment.isFavorite = true
        moment.mood = "calm"
        moment.note = "a note\nover two lines"
        moment.photos = ["photos/a.jpg"]
        #expect(try store.insert(moment, state: [.hasCompletedFirstLog: "1"]))
        moment.ref = 1  // the store gives each moment the next short reference
        #expect(try store.moment(id: moment.id) == moment)
        #expect(try store.moment(ref: 1) == moment)
        #expect(try store.moment(ref: 2) == nil)
        #expect(try store.stateValue(.hasCompletedFirstLog) == "1")
    }

    @Test("Inserting the same id again changes nothing (a retried save)", arguments: Kind.allCases)
    func insertIsIdempotent(kind: Kind) throws {
        let store = try Self.makeStore(kind)
        let moment = Self.moment("did the dishes", happened: 1_000_000)
        #expect(try store.insert(moment, state: [:]))
        var changed = moment
        changed.text = "something else"
        #expect(try store.insert(changed, state: [.recentPraise: "x"]) == false)
        #expect(try store.moment(id: moment.id)?.text == "did the dishes")
        #expect(try store.stateValue(.recentPraise) == nil, "state changes of an ignored insert are not applied")
        #expect(try store.moments(happenedFrom: nil, before: nil, limit: 10).count == 1)
    }

    @Test(arguments: Kind.allCases)
    func listsNewestFirstWithinARange(kind: Kind) throws {
        let store = try Self.makeStore(kind)
        let a = Self.moment("a", happened: 100)
        let b = Self.moment("b", happened: 300)
        let c = Self.moment("c", happened: 200)
        var archived = Self.moment("archived", happened: 250)
        archived.archivedAt = Date(timeIntervalSince1970: 400)
        for m in [a, b, c, archived] { try store.insert(m, state: [:]) }
        #expect(try store.moments(happenedFrom: nil, before: nil, limit: 10).map(\.text) == ["b", "c", "a"])
        #expect(try store.moments(happenedFrom: nil, before: nil, limit: 2).map(\.text) == ["b", "c"])
        let from = Date(timeIntervalSince1970: 150)
        let to = Date(timeIntervalSince1970: 300)
        #expect(try store.moments(happenedFrom: from, before: to, limit: 10).map(\.text) == ["c"])
        #expect(try store.lastSubmittedMoment()?.text == "b")
    }

    @Test(arguments: Kind.allCases)
    func updatesAndState(kind: Kind) throws {
        let store = try Self.makeStore(kind)
        var moment = Self.moment("ran", happened: 10)
        try store.insert(moment, state: [:])
        moment.aiPraise = "You ran."
        moment.isFavorite = true
        try store.update(moment)
        #expect(try store.moment(id: moment.id) == moment)
        try store.setState([.hasSeenOnboarding: "1", .anonymousUserId: "u"])
        try store.setState([.hasSeenOnboarding: "0"])
        #expect(try store.stateValue(.hasSeenOnboarding) == "0")
        #expect(try store.stateValue(.anonymousUserId) == "u")
        #expect(try store.moment(id: UUID()) == nil)
    }
}
