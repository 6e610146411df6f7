import Dispatch
import Synchronization

/// Runs async work and waits for it on the calling thread: pipes and one-shot commands are
/// synchronous, and the work runs on the cooperative pool, so nothing it needs is blocked. Nil when
/// `seconds` passed first (the work goes on until the process ends).
func waitFor<T: Sendable>(seconds: Double? = nil, _ work: @escaping @Sendable () async -> T) -> T? {
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let value = await work()
        result.withLock { $0 = value }
        done.signal()
    }
    if let seconds { _ = done.wait(timeout: .now() + seconds) } else { done.wait() }
    return result.withLock { $0 }
}
