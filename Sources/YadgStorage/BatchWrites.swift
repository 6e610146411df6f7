import Dispatch

/// The rows of a batch, written in order on a thread of their own, so that SQLite's work for one
/// row overlaps the reading of the lines after it (a piped line cost about twice its insert, one
/// after the other on one core). The batch still commits only after every row was written, and a
/// row that fails fails the batch (<doc:Storage>, "Pipes").
///
/// Used only with the store's lock held: a row is handed in, or every row is waited for before
/// anything else touches the connection.
final class BatchWrites: @unchecked Sendable {
    private let queue = DispatchQueue(label: "yadg.batch-writes")
    /// Rows handed in and not yet passed to the queue: they go a few dozen at a time, since each
    /// pass may wake the thread.
    private var waiting: [@Sendable () -> Void] = []
    /// Rows were passed to the queue since it was last waited for.
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

    /// Returns once every row handed in has been written.
    func finish() {
        handOver()
        guard passed else { return }
        queue.sync {}
        passed = false
    }
}
