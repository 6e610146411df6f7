#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Sends a request until it gets a 2xx, within an overall deadline: a per-attempt timeout,
/// retries of timeouts, rate limits and server errors with jittered exponential backoff, a
/// server's `Retry-After` honoured, and no retry of client errors or an exhausted quota. Shared by
/// everything yadg sends (AI praise, summaries, and what comes next).
public struct RetryingHTTPClient: Sendable {
    public let transport: any HTTPTransport
    public let policy: RetryPolicy
    public let timing: HTTPTiming

    public init(transport: any HTTPTransport, policy: RetryPolicy = RetryPolicy(), timing: HTTPTiming = .live) {
        self.transport = transport
        self.policy = policy
        self.timing = timing
    }

    /// Why no 2xx arrived.
    public enum RequestError: Error, Sendable, Equatable {
        case timedOut
        case cancelled
        /// Refused, reset, cut off, or a body over the size limit.
        case transport
        /// A final status, or the last of the retried ones.
        case status(Int)
        /// A 429 that says the plan's quota is used up: waiting will not help.
        case quotaExhausted
    }

    /// Sends `make()` (called again for each attempt) until a 2xx, at most `deadline` seconds in
    /// all and `attemptTimeout` seconds an attempt. The transport's contract (it gives up at the
    /// request's timeout) is what keeps the deadline.
    public func send(
        _ make: () throws -> HTTPRequest, deadline: Double, attemptTimeout: Double
    ) async throws -> HTTPResponse {
        let end = timing.now() + deadline
        var attempt = 0
        while true {
            attempt += 1
            let remaining = end - timing.now()
            guard remaining > 0.05 else { throw RequestError.timedOut }
            var request = try make()
            request.timeout = min(attemptTimeout, remaining)
            let failure: RequestError
            var headers: [String: String] = [:]
            do {
                let response = try await transport.send(request)
                if (200..<300).contains(response.status) { return response }
                let body = String(decoding: response.body.prefix(4096), as: UTF8.self)
                if RetryPolicy.isQuotaExhausted(status: response.status, body: body) {
                    throw RequestError.quotaExhausted
                }
                guard RetryPolicy.isRetryable(status: response.status) else {
                    throw RequestError.status(response.status)
                }
                failure = .status(response.status)
                headers = response.headers
            } catch let error as HTTPTransportError {
                switch error {
                case .cancelled: throw RequestError.cancelled
                case .timedOut: failure = .timedOut
                case .failed: failure = .transport
                case .tooLarge: throw RequestError.transport  // the same again: not worth a retry
                }
            }
            let left = end - timing.now()
            guard
                let delay = policy.delay(
                    afterAttempt: attempt, headers: headers, now: timing.date(), jitter: timing.jitter()),
                delay < left
            else { throw failure }
            do {
                try await timing.sleep(delay)
            } catch {
                throw RequestError.cancelled
            }
        }
    }
}
