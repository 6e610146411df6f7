import Dispatch
import Synchronization
import YadgCore
import YadgStorage

/// The conversation's schedule for folding the database's log into the file (YadgStorage's
/// Storage article, "A database that stands alone"): after each line, and after each praise
/// written, on a thread of its own, so `moments.db` alone holds what the person logged while the
/// conversation is still open. Folds asked for while one runs become one more, never a queue.
/// A log removed under the conversation is noticed here, between lines, and said at once.
final class LogFolder: Sendable {
    private let store: SQLiteMomentStore
    private let noticed: @Sendable (MomentStoreError) -> Void
    /// A fold is running, and whether another was asked for meanwhile.
    private let state = Mutex<(running: Bool, again: Bool)>((false, false))
    private let queue = DispatchQueue(label: "yadg.log-folder", qos: .utility)

    /// Nil for a store that keeps no log (in memory, in tests). `noticed`: what went wrong, once.
    init?(store: any MomentHistory, noticed: @escaping @Sendable (MomentStoreError) -> Void) {
        guard let store = store as? SQLiteMomentStore else { return nil }
        self.store = store
        self.noticed = noticed
    }

    /// Folds soon, off the caller's thread.
    func foldSoon() {
        let start = state.withLock { state -> Bool in
            if state.running {
                state.again = true
                return false
            }
            state.running = true
            return true
        }
        guard start else { return }
        queue.async { [self] in
            repeat {
                // Once writes are refused, there is nothing more to fold.
                if store.writeRefusal == nil {
                    do {
                        try store.foldLog(emptying: false)
                    } catch let problem as MomentStoreError {
                        noticed(problem)
                    } catch {
                        // Not folded this time: every commit is durable in the log, and the next fold takes it.
                    }
                }
            } while state.withLock { state in
                defer { state.again = false }
                if !state.again { state.running = false }
                return state.again
            }
        }
    }
}
