#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When to try a request again, and how long to wait (see the module's RetryingRequests article). Pure, so the schedule
/// is tested without a network or a clock.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included.
    public var maxAttempts = 3
    /// The longest server-requested wait (`Retry-After`) yadg will honour; longer means give up.
    public var maxServerDelay: Double = 20

    public init(maxAttempts: Int = 3, maxServerDelay: Double = 20) {
        self.maxAttempts = maxAttempts
        self.maxServerDelay = maxServerDelay
    }

    /// Statuses worth another try: timeouts, rate limits (but see ``isQuotaExhausted``) and server
    /// errors. Client errors such as 400, 401, 403, 404, 409 (a conflict the same request only
    /// meets again) and 422 are final.
    public static func isRetryable(status: Int) -> Bool {
        [408, 429, 500, 502, 503, 504, 529].contains(status)
    }

    /// A 429 whose body says the quota or plan is used up ("insufficient_quota").
    public static func isQuotaExhausted(status: Int, body: String) -> Bool {
        status == 429 && (body.contains("insufficient_quota") || body.contains("quota_exceeded"))
    }

    /// Seconds to wait before attempt `attempt + 1` (attempt counts from 1), or nil to give up.
    /// A server's `retry-after-ms` or `Retry-After` (seconds or HTTP-date) wins when it is within
    /// `maxServerDelay`; otherwise exponential backoff `min(0.5·2ⁿ, 8) × jitter`, jitter in 0.75…1.
    public func delay(afterAttempt attempt: Int, headers: [String: String], now: Date, jitter: Double) -> Double? {
        guard attempt < maxAttempts else { return nil }
        if let server = Self.serverDelay(headers: headers, now: now) {
            return server <= maxServerDelay ? max(0, server) : nil
        }
        return min(0.5 * Double(1 << min(max(attempt - 1, 0), 8)), 8) * min(1, max(0.75, jitter))
    }

    /// The wait a server asked for, in seconds.
    public static func serverDelay(headers: [String: String], now: Date) -> Double? {
        if let ms = headers["retry-after-ms"].flatMap(Double.init) { return ms / 1000 }
        guard let value = headers["retry-after"].map(HeaderText.trimmed) else { return nil }
        if let seconds = Double(value) { return seconds }
        return HTTPDate.parse(value).map { $0.timeIntervalSince(now) }
    }
}
