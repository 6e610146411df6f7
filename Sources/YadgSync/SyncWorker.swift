import YadgCore
import YadgHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Sends the outbox to the backend: operations of one moment in order, each moment on its own, a
/// failed send tried again later with exponential backoff (jittered, capped, `Retry-After`
/// honoured) that survives restarts because it is kept in the store. The server's answer (its id,
/// praise, tags, action) is stored with the moment.
public final class SyncWorker: Sendable {
    let queue: any SyncQueue
    let store: any MomentStore
    let client: BackendClient
    let timing: HTTPTiming
    /// Told about every moment that synced or failed to, on the worker's task.
    let report: @Sendable (SyncEvent) -> Void

    public init(
        queue: any SyncQueue, store: any MomentStore, client: BackendClient, timing: HTTPTiming = .live,
        report: @escaping @Sendable (SyncEvent) -> Void
    ) {
        self.queue = queue
        self.store = store
        self.client = client
        self.timing = timing
        self.report = report
    }

    /// Seconds before the next attempt after `attempts` failed ones: 1 s, 2 s, 4 s … 10 min, times
    /// a jitter in 0.75…1 so many clients do not come back in step. A server's `Retry-After` wins
    /// (up to an hour).
    public static func backoff(afterAttempts attempts: Int, serverDelay: Double?, jitter: Double) -> Double {
        if let serverDelay { return min(max(serverDelay, 0), 3600) }
        return min(Double(1 << min(max(attempts, 0), 20)), 600) * min(1, max(0.75, jitter))
    }

    /// Sends what is due until nothing more is, or until `deadline`. `waitingForRetries`: a retry
    /// that falls before the deadline is waited for (the conversation's background work); without
    /// it each change is tried once in this run (pipes, one-shot commands: an unreachable server
    /// does not hold up the exit). `everything`: whatever waits, now, also what the server refused
    /// before and what waits for a later retry (`yadg sync`).
    @discardableResult
    public func drain(until deadline: Date?, waitingForRetries: Bool = true, everything: Bool = false) async
        -> SyncStatus?
    {
        var tried: Set<Int64> = []
        var held = everything
        while !Task.isCancelled {
            let now = timing.date()
            if let deadline, now >= deadline { break }
            // A millisecond of slack: a time that went through the database may have lost its last bits.
            let dueBy = everything ? Date.distantFuture : now.addingTimeInterval(0.001)
            guard let found = try? queue.dueOperations(now: dueBy, includingHeld: held, limit: 64) else { break }
            held = false  // a refusal met again in this run is not sent a third time
            let due = waitingForRetries ? found : found.filter { !tried.contains($0.sequence) }
            tried.formUnion(due.map(\.sequence))
            if due.isEmpty {
                // Nothing due: wait for the next retry if it comes before the deadline.
                guard waitingForRetries, let deadline, let next = try? queue.nextAttemptDate(), next < deadline
                else { break }
                do {
                    try await timing.sleep(max(0.01, next.timeIntervalSince(timing.date())))
                } catch { break }
                continue
            }
            var unreachable: SyncOperation?
            var notRecorded = false
            for operation in due where unreachable == nil && !notRecorded {
                switch await send(operation) {
                case .answered: continue
                case .unreachable: unreachable = operation
                case .notRecorded: notRecorded = true
                }
            }
            // The outbox could not keep what became of a change (its store refuses writes: full,
            // damaged, or made by a newer yadg): the change would be due again at once and sent again
            // without a pause, over and over. This run stops sending; the change waits in the outbox,
            // and the next run sends it again (a moment's id is its key: sent twice, it is one moment).
            if notRecorded { break }
            // A server that cannot be reached now will not be reached by the next change either: a
            // run that does not wait stops here (a long offline stretch costs one attempt), and the
            // background waits out that change's backoff before trying anything else.
            if let unreachable {
                guard waitingForRetries else { break }
                let pause = Self.backoff(afterAttempts: unreachable.attempts, serverDelay: nil, jitter: timing.jitter())
                if let deadline, timing.date().addingTimeInterval(pause) >= deadline { break }
                do { try await timing.sleep(pause) } catch { break }
            }
        }
        return try? queue.syncStatus()
    }

    /// What one send came to, for the drain: go on, wait out a backoff, or stop.
    enum Sent: Equatable {
        /// The server answered (done, try again later, refused), and the outbox kept its answer.
        case answered
        /// The server could not be reached (no connection, no answer in time).
        case unreachable
        /// The outbox could not keep what became of the change.
        case notRecorded
    }

    /// One operation, with what follows from its answer.
    @discardableResult
    func send(_ operation: SyncOperation) async -> Sent {
        // Not found, or not readable: sent without its moment (a delete needs none), as before.
        let moment = try? store.moment(id: operation.momentID)
        if let moment, moment.staysOnThisMachine, operation.kind != .delete {
            // Its words never leave the machine (the store queues nothing new for it; this drops
            // what was queued before the crisis reading kept it here).
            do { try queue.completed(operation, server: nil) } catch { return .notRecorded }
            return .answered
        }
        switch await client.send(operation, moment: moment) {
        case .done(let server):
            // The server has it; if the outbox cannot say so, the next run sends it again, which
            // makes no second moment (a moment's id is its key).
            let stored = Result { try queue.completed(operation, server: server) }
            report(.synced((try? stored.get()) ?? moment, operation.kind, server))
            return stored.isSuccess ? .answered : .notRecorded
        case .retry(let problem, let after):
            let delay = Self.backoff(afterAttempts: operation.attempts, serverDelay: after, jitter: timing.jitter())
            let kept = Result {
                try queue.failed(operation, reason: problem.code, retryAt: timing.date().addingTimeInterval(delay))
            }
            report(.failed(operation.momentID, problem, willRetry: true))
            guard kept.isSuccess else { return .notRecorded }
            // A login page in the way answers every change alike: the server is not reached.
            return [.unreachable, .timedOut, .notTheAnswer(.notJSON)].contains(problem) ? .unreachable : .answered
        case .refused(let problem):
            let kept = Result { try queue.failed(operation, reason: problem.code, retryAt: nil) }
            report(.failed(operation.momentID, problem, willRetry: false))
            return kept.isSuccess ? .answered : .notRecorded
        }
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { true } else { false }
    }
}

/// What became of a send, for the screen and `--json`.
public enum SyncEvent: Sendable, Equatable {
    /// The server has this change; for a create, what it said about the moment.
    case synced(Moment?, SyncOperation.Kind, ServerMoment?)
    case failed(UUID, SyncError, willRetry: Bool)
}
