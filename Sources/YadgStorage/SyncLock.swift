#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One process sends to the backend at a time: an advisory lock (`flock`) on `sync.lock` beside
/// the store. Two yadgs syncing the same outbox at once each sent what the other was sending (158
/// duplicate creates from three `yadg sync` against a flaky server); holding this while draining
/// leaves each change to one sender. The kernel lets go of it when a process ends, however it ends.
public struct SyncLock: Sendable {
    public let path: String

    public init(dataDirectory: String) { path = dataDirectory + "/sync.lock" }

    /// The held lock; release it with ``release(_:)`` (or by ending the process).
    public struct Held: Sendable { fileprivate let descriptor: Int32 }

    /// Takes the lock, trying for at most `seconds` (0: once); nil when another process held it
    /// all that time, or the file cannot be made.
    public func acquire(waiting seconds: Double = 0) -> Held? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        var waited = 0.0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < seconds else {
                close(descriptor)
                return nil
            }
            usleep(50_000)
            waited += 0.05
        }
        return Held(descriptor: descriptor)
    }

    public func release(_ held: Held) { close(held.descriptor) }
}
