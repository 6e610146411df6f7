import Foundation
import Testing
import YadgCore
import YadgTestSupport

@testable import YadgStorage

/// A batch's rows are written on a thread of their own after each insert returned: whatever
/// touches the store afterwards sees them, the batch commits all of them or none, and a row that
/// cannot be written fails its batch.
struct BatchWritesTests {
    static func moment(_ number: Int) -> Moment {
        let date = Date(timeIntervalSince1970: 1_795_000_000 + Double(number) * 60)
        return Moment(
            id: UUID(), text: "win \(number)", submittedAt: date, happenedAt: date, tz: "Europe/Berlin",
            offlinePraise: "Nice.", action: number % 2 == 0 ? "movement" : "chores")
    }

    static func store() throws -> SQLiteMomentStore {
        try SQLiteMomentStore(path: TemporaryFolder.make() + "/moments.db")
    }

    @Test("Many more rows than one hand-over: numbered in order, every one kept, counted once")
    func manyRows() throws {
        let store = try Self.store()
        let moments = (1...1000).map(Self.moment)
        let refs = try store.batch {
            try moments.map { try store.insertNumbered($0, state: [.hasCompletedFirstLog: "1"]) }
        }
        #expect(refs == Array(1...1000))
        #expect(try store.allMoments().count == 1000)
        #expect(try store.moment(ref: 1000)?.id == moments[999].id)
        #expect(try store.totals(recentFrom: nil).moments == 1000)
        #expect(try store.stateValue(.hasCompletedFirstLog) == "1")
    }

    @Test("A batch whose counted-on numbers another writer took is written on from the next free one, and says so")
    func numbersTakenMeanwhile() throws {
        let path = TemporaryFolder.make() + "/moments.db"
        let store = try SQLiteMomentStore(path: path)
        let other = try SQLiteMomentStore(path: path)
        let (first, firstCommit) = try store.batchCommittingLater {
            try (1...3).map { try store.insertNumbered(Self.moment($0), state: [:]) }
        }
        #expect(first == [1, 2, 3])
        #expect(try firstCommit.wait() == 0)
        // Between that commit and the next batch's BEGIN, another yadg logs: it takes number 4.
        let elsewhere = Self.moment(99)
        #expect(try other.insertNumbered(elsewhere, state: [:]) == 4)
        let moments = (4...6).map(Self.moment)
        let (counted, commit) = try store.batchCommittingLater {
            try moments.map { try store.insertNumbered($0, state: [:]) }
        }
        #expect(counted == [4, 5, 6], "counted on from the batch before, as it was read")
        #expect(try commit.wait() == 1, "written one further on")
        #expect(try moments.map { try store.moment(id: $0.id)?.ref } == [5, 6, 7])
        #expect(try other.moment(id: elsewhere.id)?.ref == 4)
    }

    @Test("Inside the batch, a read after an insert sees the row (it waits for the rows handed over)")
    func readsSeeTheRowsBefore() throws {
        let store = try Self.store()
        let seen = try store.batch {
            try (1...100).map { number -> String? in
                let moment = Self.moment(number)
                _ = try store.insertNumbered(moment, state: [:])
                return try store.lastSubmittedMoment()?.text
            }
        }
        #expect(seen == (1...100).map { "win \($0)" })
    }

    @Test("A row that cannot be written fails its batch: none of the batch is kept, the one before stays")
    func aFailedRowFailsTheBatch() throws {
        let store = try Self.store()
        let kept = Self.moment(0)
        _ = try store.batch { try store.insertNumbered(kept, state: [:]) }
        #expect(throws: (any Error).self) {
            try store.batch {
                for number in 1...40 { _ = try store.insertNumbered(Self.moment(number), state: [:]) }
                _ = try store.insertNumbered(kept, state: [:])  // stored already: this row is refused
                for number in 41...80 { _ = try store.insertNumbered(Self.moment(number), state: [:]) }
            }
        }
        #expect(try store.allMoments().map(\.id) == [kept.id])
        #expect(try store.totals(recentFrom: nil).moments == 1)
        // The store goes on: the next batch numbers after what is stored.
        let next = try store.batch { try store.insertNumbered(Self.moment(81), state: [:]) }
        #expect(next == 2)
    }

    @Test("Another thread's call during a batch waits for the rows handed over, and sees them")
    func anotherThreadSeesTheRows() throws {
        let store = try Self.store()
        let counts = try store.batch {
            try (0..<5).map { round -> Int in
                for number in 1...50 { _ = try store.insertNumbered(Self.moment(round * 50 + number), state: [:]) }
                return try Self.onAnotherThread { try store.allMoments().count }
            }
        }
        #expect(counts == [50, 100, 150, 200, 250])
    }

    @Test("A batch begins while the one before is being committed, numbering on; each commit says how it went")
    func batchesOverlapTheirCommits() throws {
        let store = try Self.store()
        let first = (1...100).map(Self.moment)
        let second = (101...200).map(Self.moment)
        let (firstRefs, firstCommit) = try store.batchCommittingLater {
            try first.map { try store.insertNumbered($0, state: [.recentPraise: "a"]) }
        }
        let (secondRefs, secondCommit) = try store.batchCommittingLater {
            try second.map { try store.insertNumbered($0, state: [.recentPraise: "b"]) }
        }
        #expect(firstRefs == Array(1...100))
        #expect(secondRefs == Array(101...200))
        try firstCommit.wait()
        try secondCommit.wait()
        try secondCommit.wait()  // waiting again returns at once
        #expect(try store.allMoments().count == 200)
        #expect(try store.totals(recentFrom: nil).moments == 200)
        #expect(try store.stateValue(.recentPraise) == "b")
    }

    @Test("A batch that fails while the next one is under way: only the failed one is lost, and said to be")
    func aFailedCommitLeavesTheNextBatch() throws {
        let store = try Self.store()
        let kept = Self.moment(0)
        _ = try store.batch { try store.insertNumbered(kept, state: [:]) }
        let (_, failing) = try store.batchCommittingLater {
            for number in 1...40 { _ = try store.insertNumbered(Self.moment(number), state: [:]) }
            _ = try store.insertNumbered(kept, state: [:])
        }
        let later = (41...60).map(Self.moment)
        let (laterRefs, laterCommit) = try store.batchCommittingLater {
            try later.map { try store.insertNumbered($0, state: [:]) }
        }
        #expect(throws: SQLiteMomentStore.AlreadyStoredError.self) { try failing.wait() }
        try laterCommit.wait()
        // The later batch numbered on after the failed one's references: a gap, never a clash.
        #expect(laterRefs == Array(43...62))
        #expect(Set(try store.allMoments().map(\.id)) == Set([kept.id] + later.map(\.id)))
        #expect(try store.totals(recentFrom: nil).moments == 21)
    }

    /// Runs `work` on a new thread and waits for it.
    static func onAnotherThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Thread {
            outcome.result = Result { try work() }
            done.signal()
        }.start()
        done.wait()
        return try outcome.result!.get()
    }
}

/// What a thread's work came to, read once the thread has signalled.
private final class Outcome<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
