#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The clock, the pauses and the randomness a retrying request uses, injected so that deadline
/// and backoff tests run on virtual time instead of waiting.
public struct HTTPTiming: Sendable {
    /// Seconds on a monotonic clock (only differences matter).
    public var now: @Sendable () -> Double
    /// Waits that many seconds (throws when the task is cancelled).
    public var sleep: @Sendable (Double) async throws -> Void
    /// The wall-clock time, for a `Retry-After` given as an HTTP date.
    public var date: @Sendable () -> Date
    /// A factor in 0.75…1 that spreads retries of many clients apart.
    public var jitter: @Sendable () -> Double

    public init(
        now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) async throws -> Void,
        date: @escaping @Sendable () -> Date, jitter: @escaping @Sendable () -> Double
    ) {
        self.now = now
        self.sleep = sleep
        self.date = date
        self.jitter = jitter
    }

    /// The real clock and randomness.
    public static let live: HTTPTiming = {
        let start = ContinuousClock.now
        return HTTPTiming(
            now: {
                let elapsed = ContinuousClock.now - start
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            },
            sleep: { try await Task.sleep(for: .seconds($0)) }, date: { Date() },
            jitter: { Double.random(in: 0.75...1) })
    }()
}
