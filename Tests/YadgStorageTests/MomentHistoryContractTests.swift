import Foundation
import Testing
import YadgCore
import YadgStorage
import YadgTestSupport

/// The look-back queries, against every implementation.
struct MomentHistoryContractTests {
    static func makeStore(_ kind: MomentStoreContractTests.Kind) throws -> any MomentHistory {
        switch kind {
        case .sqliteInMemory: return try SQLiteMomentStore.inMemory()
        case .sqliteFile: return try SQLiteMomentStore(path: TemporaryFolder.make() + "/moments.db")
        case .inMemoryFake: return InMemoryMomentStore()
        case .sqliteLocked: return try MomentStoreContractTests.lockedStore()
        }
    }

    /// A moment at a local time in Berlin.
    static func moment(_ text: String, _ local: String, action: String = "other", favorite: Bool = false) -> Moment {
        let date = CivilTime.parse(local, zone: Zone(identifier: "Europe/Berlin")!)!
        var m = Moment(
            id: UUID(), text: text, submittedAt: date, happenedAt: date, tz: "Europe/Berlin", offlinePraise: "Nice.",
            action: action)
        m.isFavorite = favorite
        return m
    }

    static let sample = [
        moment("walked the dog", "2026-11-19T08:00:00", action: "movement", favorite: true),
        moment("called mom", "2026-11-19T19:00:00", action: "social"),
        moment("late night tidy", "2026-11-18T23:30:00", action: "chores"),
        moment("ran 5k", "2026-11-16T07:00:00", action: "movement"),
        moment("read a book", "2026-11-01T21:00:00", action: "learning", favorite: true),
    ]

    @Test(arguments: MomentStoreContractTests.Kind.allCases)
    func batchInsertIsIdempotent(kind: MomentStoreContractTests.Kind) throws {
        let store = try Self.makeStore(kind)
        #expect(try store.insert(Self.sample) == 5)
        #expect(try store.insert(Self.sample) == 0)
        #expect(try store.allMoments().count == 5)
    }

    @Test(arguments: MomentStoreContractTests.Kind.allCases)
    func daysAndTotals(kind: MomentStoreContractTests.Kind) throws {
        let store = try Self.makeStore(kind)
        _ = try store.insert(Self.sample)
        var archived = Self.moment("deleted one", "2026-11-17T10:00:00")
        archived.archivedAt = Date()
        try store.insert(archived, state: [:])
        #expect(try store.days(before: nil, limit: 10) == ["2026-11-19", "2026-11-18", "2026-11-16", "2026-11-01"])
        #expect(try store.days(before: "2026-11-18", limit: 1) == ["2026-11-16"])
        #expect(try store.days(from: "2026-11-01", to: "2026-11-16") == ["2026-11-16", "2026-11-01"])
        #expect(try store.moments(onDays: ["2026-11-19"]).map(\.text) == ["called mom", "walked the dog"])
        let totals = try store.totals(recentFrom: "2026-11-16")
        #expect(totals.moments == 5 && totals.daysWithMoments == 4 && totals.favorites == 2)
        #expect(totals.perDay == ["2026-11-19": 2, "2026-11-18": 1, "2026-11-16": 1])
        #expect(
            try store.totals(recentFrom: nil).perDay == [
                "2026-11-19": 2, "2026-11-18": 1, "2026-11-16": 1, "2026-11-01": 1,
            ],
            "nil: every day")
        #expect(totals.actions.map(\.0) == ["movement", "chores", "learning", "social"])
        #expect(totals.actions.first?.1 == 2)
    }

    @Test(arguments: MomentStoreContractTests.Kind.allCases)
    func findAndSummaries(kind: MomentStoreContractTests.Kind) throws {
        let store = try Self.makeStore(kind)
        _ = try store.insert(Self.sample)
        #expect(try store.moments(containing: ["DOG"], tagged: [], limit: 10).map(\.text) == ["walked the dog"])
        #expect(
            try store.moments(containing: ["a", "k"], tagged: [], limit: 10).map(\.text) == [
                "walked the dog", "ran 5k", "read a book",
            ])
        #expect(try store.moments(containing: ["100%"], tagged: [], limit: 10).isEmpty)
        #expect(try store.daySummary(for: "2026-11-19") == nil)
        try store.saveDaySummary(DaySummary(day: "2026-11-19", text: "A warm day.", fingerprint: "f1"))
        try store.saveDaySummary(DaySummary(day: "2026-11-19", text: "A warmer day.", fingerprint: "f2"))
        #expect(
            try store.daySummary(for: "2026-11-19")
                == DaySummary(day: "2026-11-19", text: "A warmer day.", fingerprint: "f2"))
        // A week's summary is kept under its Monday, apart from that day's own summary.
        #expect(try store.weekSummary(for: "2026-11-16") == nil)
        try store.saveDaySummary(DaySummary(day: "2026-11-16", text: "A Monday.", fingerprint: "d"))
        try store.saveWeekSummary(DaySummary(day: "2026-11-16", text: "A kind week.", fingerprint: "w1"))
        try store.saveWeekSummary(DaySummary(day: "2026-11-16", text: "A kinder week.", fingerprint: "w2"))
        #expect(
            try store.weekSummary(for: "2026-11-16")
                == DaySummary(day: "2026-11-16", text: "A kinder week.", fingerprint: "w2"))
        #expect(try store.daySummary(for: "2026-11-16")?.text == "A Monday.")
    }

    @Test(
        "Favourites: only they, newest first, archived ones left out", arguments: MomentStoreContractTests.Kind.allCases
    )
    func favourites(kind: MomentStoreContractTests.Kind) throws {
        let store = try Self.makeStore(kind)
        _ = try store.insert(Self.sample)
        let stored = try store.allMoments()
        #expect(
            try store.favoriteMoments(limit: 10).map(\.id)
                == stored.filter(\.isFavorite).sorted { $0.happenedAt > $1.happenedAt }.map(\.id))
        for var moment in stored {
            moment.isFavorite = true
            try store.update(moment)
        }
        let newestFirst = stored.sorted { $0.happenedAt > $1.happenedAt }.map(\.text)
        #expect(try store.favoriteMoments(limit: 10).map(\.text) == newestFirst)
        #expect(try store.favoriteMoments(limit: 1).map(\.text) == Array(newestFirst.prefix(1)))
        var gone = try #require(try store.allMoments().first)
        gone.archivedAt = Date()
        try store.update(gone)
        #expect(try !store.favoriteMoments(limit: 10).map(\.id).contains(gone.id))
    }

    @Test("Counts follow deletes, undos and moves to another day", arguments: MomentStoreContractTests.Kind.allCases)
    func countsFollowUpdates(kind: MomentStoreContractTests.Kind) throws {
        let store = try Self.makeStore(kind)
        _ = try store.insert(Self.sample)
        var walk = Self.sample[0]
        walk.archivedAt = Date()
        try store.update(walk)
        var totals = try store.totals(recentFrom: "2026-11-19")
        #expect(totals.moments == 4 && totals.perDay == ["2026-11-19": 1] && totals.favorites == 1)
        walk.archivedAt = nil
        walk.happenedAt = walk.happenedAt.addingTimeInterval(-86400 * 3)  // moved to Nov 16
        walk.action = "rest"
        try store.update(walk)
        totals = try store.totals(recentFrom: "2026-11-16")
        #expect(totals.moments == 5 && totals.daysWithMoments == 4)
        #expect(totals.perDay == ["2026-11-19": 1, "2026-11-18": 1, "2026-11-16": 2])
        #expect(totals.actions.map(\.0).contains("rest"))
        #expect(try store.days(before: nil, limit: 10) == ["2026-11-19", "2026-11-18", "2026-11-16", "2026-11-01"])
    }

    /// Inserts count themselves (not by trigger, migration 10): inside a batch once per key at the
    /// commit, so a batch that fails counts nothing, and one that commits counts each moment once.
    @Test(
        "Counts of moments saved in a batch: all of a committed one, none of a failed one",
        arguments: MomentStoreContractTests.Kind.allCases)
    func countsOfABatch(kind: MomentStoreContractTests.Kind) throws {
        let store = try Self.makeStore(kind)
        struct Failed: Error {}
        #expect(throws: Failed.self) {
            try store.batch {
                for moment in Self.sample { _ = try store.insertNumbered(moment, state: [:]) }
                throw Failed()
            }
        }
        #expect(try store.totals(recentFrom: nil).moments == 0)
        let refs = try store.batch { try Self.sample.map { try store.insertNumbered($0, state: [:]) } }
        #expect(refs == [1, 2, 3, 4, 5])
        // The same ids again: nothing new, nothing counted twice. SQLite writes a batch's rows on a
        // thread of their own, after the call returned: an id stored already fails the batch.
        let sameAgain = { try store.batch { try Self.sample.map { try store.insertNumbered($0, state: [:]) } } }
        if kind == .inMemoryFake {
            #expect(try sameAgain() == [nil, nil, nil, nil, nil])
        } else {
            #expect(throws: (any Error).self) { try sameAgain() }
        }
        #expect(try store.totals(recentFrom: nil).moments == 5)
        var archived = Self.moment("an archived one", "2026-11-19T09:00:00", action: "movement")
        archived.archivedAt = Date()
        let late = Self.moment("one more", "2026-11-19T21:00:00", action: "movement")
        _ = try store.batch {
            [try store.insertNumbered(archived, state: [:]), try store.insertNumbered(late, state: [:])]
        }
        let totals = try store.totals(recentFrom: nil)
        #expect(totals.moments == 6)
        #expect(totals.perDay == ["2026-11-19": 3, "2026-11-18": 1, "2026-11-16": 1, "2026-11-01": 1])
        #expect(Dictionary(uniqueKeysWithValues: totals.actions.map { ($0.0, $0.1) })["movement"] == 3)
    }

    @Test(
        "The first moments of each day, in the order they happened, and each day's count",
        arguments: MomentStoreContractTests.Kind.allCases)
    func firstOfEachDay(kind: MomentStoreContractTests.Kind) throws {
        let store = try Self.makeStore(kind)
        _ = try store.insert(Self.sample)
        let days = [LocalDay("2026-11-19"), LocalDay("2026-11-01"), LocalDay("2026-11-02")]
        let (moments, counts) = try store.moments(onDays: days, firstOfEach: 1)
        #expect(moments.map(\.text) == ["walked the dog", "read a book"])
        #expect(counts == [LocalDay("2026-11-19"): 2, LocalDay("2026-11-01"): 1])
        #expect(
            try store.moments(onDays: days, firstOfEach: 5).moments.map(\.text) == [
                "walked the dog", "called mom", "read a book",
            ])
    }
}
