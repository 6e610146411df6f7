import FixtureServer
import Foundation
import Synchronization
import Testing
import YadgCore
import YadgHTTP
import YadgStorage
import YadgSync

/// The worker against the contract backend over real HTTP, on virtual time: the backoff schedule
/// is checked without waiting for it.
@Suite(.serialized)
struct SyncWorkerTests {
    /// Virtual time from a fixed start: only the pauses pass, so a loaded machine cannot change the
    /// schedule.
    final class VirtualTime: Sendable {
        let pauses = Mutex<[Double]>([])

        static let start = Date()

        var elapsed: Double { pauses.withLock { $0.reduce(0, +) } }

        var timing: HTTPTiming {
            HTTPTiming(
                now: { self.elapsed }, sleep: { seconds in self.pauses.withLock { $0.append(seconds) } },
                date: { Self.start.addingTimeInterval(self.elapsed) }, jitter: { 1 })
        }
    }

    func setUp(_ backend: FixtureBackend) throws -> (SQLiteMomentStore, SyncWorker, VirtualTime) {
        let store = try SQLiteMomentStore.inMemory(syncs: true)
        let moment = Moment(
            id: UUID(), text: "took a walk", submittedAt: Date(), happenedAt: Date(), tz: "UTC", offlinePraise: "Nice.",
            action: "movement")
        try store.insert(moment, state: [:])
        let time = VirtualTime()
        let client = BackendClient(baseURL: backend.url, userID: "user-1", transport: CurlTransport(), timeout: 3)
        return (store, SyncWorker(queue: store, store: store, client: client, timing: time.timing) { _ in }, time)
    }

    @Test("Backoff: 1 s, 2 s, 4 s, 8 s … while the server fails, then the change goes through")
    func backoffSchedule() async throws {
        let backend = try FixtureBackend()
        backend.set(.status(503))
        let (store, worker, time) = try setUp(backend)
        await worker.drain(until: VirtualTime.start.addingTimeInterval(20))
        #expect(time.pauses.withLock { $0 }.map { $0.rounded() } == [1, 2, 4, 8])
        #expect(try store.syncStatus() == SyncStatus(waiting: 1, held: 0, lastError: "answered-503"))
        backend.set(.normal)
        await worker.drain(until: VirtualTime.start.addingTimeInterval(3600))
        #expect(try store.syncStatus().waiting == 0)
        #expect(backend.stored.count == 1)
    }

    @Test("The schedule is capped at ten minutes and a server's Retry-After wins")
    func capAndRetryAfter() async throws {
        #expect(SyncWorker.backoff(afterAttempts: 0, serverDelay: nil, jitter: 1) == 1)
        #expect(SyncWorker.backoff(afterAttempts: 3, serverDelay: nil, jitter: 0.75) == 6)
        #expect(SyncWorker.backoff(afterAttempts: 30, serverDelay: nil, jitter: 1) == 600)
        #expect(SyncWorker.backoff(afterAttempts: 5, serverDelay: 7, jitter: 1) == 7)
        let backend = try FixtureBackend()
        backend.set(.rateLimited(retryAfter: 3))
        let (_, worker, time) = try setUp(backend)
        await worker.drain(until: VirtualTime.start.addingTimeInterval(5))
        #expect(time.pauses.withLock { $0 }.first.map { $0.rounded() } == 3)
    }

    @Test("A refusal is held: no timer sends it again; `everything` does, once")
    func refusalHeld() async throws {
        let backend = try FixtureBackend()
        backend.set(.status(422))
        let (store, worker, time) = try setUp(backend)
        await worker.drain(until: VirtualTime.start.addingTimeInterval(600))
        #expect(time.pauses.withLock { $0 }.isEmpty && backend.requests.count == 1)
        #expect(try store.syncStatus() == SyncStatus(waiting: 1, held: 1, lastError: "refused-422"))
        await worker.drain(until: nil, waitingForRetries: false, everything: true)
        #expect(backend.requests.count == 2)
    }

    /// The store's outbox, except that it cannot keep what became of a change the first `failures`
    /// times it is told (a full disk, a store that refuses writes).
    final class OutboxThatCannotRecord: SyncQueue {
        let store: SQLiteMomentStore
        let failures = Mutex(0)

        init(_ store: SQLiteMomentStore, failures: Int) {
            self.store = store
            self.failures.withLock { $0 = failures }
        }

        func refuseWhileFailing() throws {
            let failing = failures.withLock { count -> Bool in
                defer { count -= 1 }
                return count > 0
            }
            if failing { throw MomentStoreError.diskFull }
        }

        func dueOperations(now: Date, includingHeld: Bool, limit: Int) throws -> [SyncOperation] {
            try store.dueOperations(now: now, includingHeld: includingHeld, limit: limit)
        }
        func completed(_ operation: SyncOperation, server: ServerMoment?) throws -> Moment? {
            try refuseWhileFailing()
            return try store.completed(operation, server: server)
        }
        func failed(_ operation: SyncOperation, reason: String, retryAt: Date?) throws {
            try refuseWhileFailing()
            try store.failed(operation, reason: reason, retryAt: retryAt)
        }
        func nextAttemptDate() throws -> Date? { try store.nextAttemptDate() }
        func syncStatus() throws -> SyncStatus { try store.syncStatus() }
        func insertSynced(_ moments: [Moment]) throws -> Int { try store.insertSynced(moments) }
    }

    @Test("An answer the outbox cannot keep stops the drain: the change is not sent again at once, over and over")
    func unrecordedAnswerStopsTheDrain() async throws {
        let backend = try FixtureBackend()
        let (store, _, time) = try setUp(backend)
        // Three answers lost, then the outbox works again: sent again at once, the change would go
        // four times in this run (and forever, with a store that never takes a write).
        let outbox = OutboxThatCannotRecord(store, failures: 3)
        let client = BackendClient(baseURL: backend.url, userID: "user-1", transport: CurlTransport(), timeout: 3)
        let worker = SyncWorker(queue: outbox, store: store, client: client, timing: time.timing) { _ in }
        await worker.drain(until: VirtualTime.start.addingTimeInterval(600))
        #expect(backend.requests.count == 1)
        #expect(try store.syncStatus().waiting == 1, "it waits in the outbox for the next run")
        // The next run: the outbox keeps the answer, and the same moment is sent once more.
        outbox.failures.withLock { $0 = 0 }
        await worker.drain(until: VirtualTime.start.addingTimeInterval(600))
        #expect(backend.requests.count == 2)
        #expect(try store.syncStatus().waiting == 0)
        #expect(backend.stored.count == 1)
    }
}
