import Synchronization

/// Wakes the conversation's background sync when a line may have changed the outbox, or when the
/// next retry falls due, instead of looking every half second.
final class SyncWake: Sendable {
    private let state = Mutex<(pending: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    /// Something may wait to be sent now (a line was handled, or the conversation is ending).
    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns at the next ``signal()`` (at once if one came since the last wait), or after
    /// `seconds`, whichever is first.
    func wait(atMost seconds: Double) async {
        let timer = Task { [weak self] in
            try? await Task.sleep(for: .seconds(max(0.05, seconds)))
            if !Task.isCancelled { self?.signal() }
        }
        defer { timer.cancel() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.pending {
                    state.pending = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}
