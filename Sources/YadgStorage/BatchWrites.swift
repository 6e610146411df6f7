import Dispatch

/// A batch's work on the database — its BEGIN, its rows, its COMMIT — done in order on a thread of
/// its own, so that SQLite's work overlaps the reading of the lines after it (a piped line's
/// reading and its insert, a batch's commit and the next batch's reading, used to run one after
/// the other on one core). Nothing of a batch is acknowledged before its commit is made, and a
/// row that fails fails the batch (<doc:Storage>, "Batches").
///
/// Used only with the store's lock held: work is handed in, or all of it is waited for before
/// anything else touches the connection.
final class BatchWrites: @unchecked Sendable {
    private let queue = DispatchQueue(label: "yadg.batch-writes")
    /// Work handed in and not yet passed to the queue: rows go a few dozen at a time, since each
    /// pass may wake the thread.
    private var waiting: [@Sendable () -> Void] = []
    /// Work was passed to the queue since it was last waited for.
    private var passed = false
    static let rowsPerPass = 64

    func add(_ write: @escaping @Sendable () -> Void) {
        waiting.append(write)
        if waiting.count >= Self.rowsPerPass { pass() }
    }

    /// Passes what was handed in to the thread now (a batch's end: its commit should not wait).
    func handOver() {
        if !waiting.isEmpty { pass() }
    }

    private func pass() {
        let writes = waiting
        waiting.removeAll(keepingCapacity: true)
        passed = true
        queue.async { for write in writes { write() } }
    }

    /// Returns once everything handed in is done.
    func finish() {
        handOver()
        guard passed else { return }
        queue.sync {}
        passed = false
    }
}
