import Dispatch
import Synchronization
import YadgCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Batches (<doc:Storage>, "Batches"): a pipe's waiting lines in one transaction, with the rows,
/// the BEGIN and the COMMIT carried out in order on the batch thread (``BatchWrites``) while the
/// caller reads the next lines. The caller acknowledges a batch only once its commit is made.
extension SQLiteMomentStore {
    /// Runs `body` in one write transaction: every write inside it is committed together, with a
    /// single fsync, before this returns (a throw means none of them was kept).
    public func batch<T>(_ body: () throws -> T) throws -> T {
        // Its references are read under its own write lock: the body's are final when it returns.
        let (result, commit) = try batchCommittingLater(body, numberingOn: false)
        try commit.wait()
        return result
    }

    public func batchCommittingLater<T>(_ body: () throws -> T) throws -> (result: T, commit: any BatchCommit) {
        try batchCommittingLater(body, numberingOn: true)
    }

    /// `numberingOn`: the batch's references may be counted on from the batch handed over just
    /// before, before this one holds the write lock; its commit then says how far they moved.
    private func batchCommittingLater<T>(_ body: () throws -> T, numberingOn: Bool) throws -> (
        result: T, commit: any BatchCommit
    ) {
        try lock.withLock { _ in try beginBatch(numberingOn: numberingOn) }
        let result: T
        do {
            result = try body()
        } catch {
            // Nothing of it is kept: its end rolls it back, and is waited for.
            try? lock.withLock { _ in handOverEnd(rollingBack: true) }.wait()
            throw error
        }
        return (result, lock.withLock { _ in handOverEnd(rollingBack: false) })
    }

    /// Opens a batch. Its BEGIN is run on the batch thread, after the commit of the batch before
    /// (which may still be under way): the caller does not wait for it. BEGIN, or the check that
    /// the file is still the one opened, failing fails the batch, and then no row is written.
    ///
    /// The batch's references are counted on from the batch before, so its lines are read while
    /// that one commits; but between that commit and this BEGIN another yadg may have logged and
    /// taken those numbers. So once BEGIN holds the write lock, the next free reference is read
    /// again, and every row of the batch is written that far on (`shift`; negative after a batch
    /// that failed, so no number is skipped); the commit hands the shift back, and the
    /// acknowledgements carry the numbers as written.
    private func beginBatch(numberingOn: Bool) throws {
        if let refusal = connection.refusesWrites { throw refusal }
        connection.inBatch = true
        pendingState = []
        pendingDayCounts = [:]
        pendingActionCounts = [:]
        let counted = numberingOn ? refAfterHandedOver : nil
        batchRefs = counted
        refAfterHandedOver = nil
        batchWrites.add { [self] in
            connection.batchFailure = nil
            batchShift = 0
            do {
                try connection.execute("BEGIN IMMEDIATE")
                try connection.checkStillThere()
                if let counted { batchShift = try nextStoredRef() - counted }
            } catch {
                connection.batchFailure = error
            }
        }
    }

    /// An insert inside a batch: the row gets the next reference now and is written on the batch
    /// thread; a row that cannot be written (an id stored already, too) fails the batch.
    func handOverRow(_ moment: Moment, state: StateChanges) throws -> Int {
        if batchRefs == nil {
            // The first reference of a batch is read from the database, once what was handed
            // over before (its BEGIN, the batch before) is done.
            batchWrites.finish()
        }
        let ref = try nextFreeRef()
        batchRefs = ref + 1
        try writeState(state)
        batchWrites.add { [self] in
            guard connection.batchFailure == nil else { return }
            do {
                guard let day = try writeRow(moment, ref: ref + batchShift) else {
                    throw AlreadyStoredError(id: moment.id)
                }
                if moment.archivedAt == nil {
                    writtenCounts.days[day, default: 0] += 1
                    writtenCounts.actions[moment.action, default: 0] += 1
                }
                try queueCreate(moment)
            } catch {
                connection.batchFailure = error
            }
        }
        return ref
    }

    /// Ends the batch: its state, its counts and the COMMIT (or, when anything of it failed or
    /// `rollingBack`, the ROLLBACK) go to the batch thread at once; the commit returned says how
    /// it went. The next batch may begin meanwhile, numbering on from this one.
    private func handOverEnd(rollingBack: Bool) -> PendingCommit {
        connection.inBatch = false
        let state = Dictionary(pendingState.map { ($0.key.rawValue, $0.value) }, uniquingKeysWith: { $1 })
        let counts = (days: pendingDayCounts, actions: pendingActionCounts)
        pendingState = []
        refAfterHandedOver = rollingBack ? nil : batchRefs
        let commit = PendingCommit()
        batchWrites.add { [self] in
            var failure = rollingBack ? CancellationError() : connection.batchFailure
            if failure == nil {
                do {
                    try upsertState(state)
                    try addCounts(counts.days, counts.actions)
                    try addCounts(writtenCounts.days, writtenCounts.actions)
                    try connection.execute("COMMIT")
                } catch {
                    failure = error
                }
            }
            if let failed = failure { failure = connection.rollBack(after: failed) }
            writtenCounts = ([:], [:])
            connection.batchFailure = nil
            commit.finish(failure, referenceShift: batchShift)
        }
        batchWrites.handOver()
        return commit
    }

    /// A moment handed to a batch whose id was stored already: the batch is not kept.
    struct AlreadyStoredError: Error {
        let id: UUID
    }
}

/// A batch's commit, made on the batch thread.
final class PendingCommit: BatchCommit, @unchecked Sendable {
    private let made = DispatchSemaphore(value: 0)
    /// Written once on the batch thread before `made` is signalled, read only after it.
    private var failure: (any Error)?
    private var referenceShift = 0

    func finish(_ failure: (any Error)?, referenceShift: Int) {
        self.failure = failure
        self.referenceShift = referenceShift
        made.signal()
    }

    func wait() throws -> Int {
        made.wait()
        made.signal()  // a later wait returns at once
        if let failure { throw failure }
        return referenceShift
    }
}
