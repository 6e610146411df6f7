import Foundation
import YadgCore

/// A ``PraiseProvider`` over HTTP that never outstays its welcome: an overall deadline for the
/// praise, a per-attempt timeout, and retries with backoff that honour `Retry-After` — but no
/// retry of client errors or of a quota-exhausted 429 (ai.md §1.5).
public struct HTTPPraiseProvider: PraiseProvider, DaySummaryWriter {
    public let endpoint: any PraiseEndpoint
    let transport: any HTTPTransport
    let policy: RetryPolicy
    /// Seconds for the whole praise, retries included.
    let deadline: Double
    /// Seconds one attempt may take.
    let attemptTimeout: Double
    /// Waits between attempts; tests record instead of sleeping.
    let pause: @Sendable (Double) async throws -> Void

    public var name: String { endpoint.name }

    public init(
        endpoint: any PraiseEndpoint, transport: any HTTPTransport, policy: RetryPolicy = RetryPolicy(),
        deadline: Double = 12, attemptTimeout: Double = 10,
        pause: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }
    ) {
        self.endpoint = endpoint
        self.transport = transport
        self.policy = policy
        self.deadline = deadline
        self.attemptTimeout = attemptTimeout
        self.pause = pause
    }

    public func praise(for request: PraiseRequest) async throws -> String {
        try await withDeadline { try endpoint.makeRequest(for: request) }
    }

    public func summary(for request: DaySummaryRequest) async throws -> String {
        guard try endpoint.makeSummaryRequest(for: request) != nil else { throw PraiseProviderError.invalidReply }
        return try await withDeadline { try endpoint.makeSummaryRequest(for: request)! }
    }

    private func withDeadline(_ make: @escaping @Sendable () throws -> HTTPRequest) async throws -> String {
        let deadline = self.deadline
        return try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { try await self.attempts(make, until: ContinuousClock.now + .seconds(deadline)) }
            group.addTask {
                try await Task.sleep(for: .seconds(deadline))
                throw PraiseProviderError.timedOut
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw PraiseProviderError.timedOut }
            return first
        }
    }

    private func attempts(_ make: () throws -> HTTPRequest, until end: ContinuousClock.Instant) async throws -> String {
        var attempt = 0
        while true {
            attempt += 1
            let remaining =
                Double((end - ContinuousClock.now).components.seconds)
                + Double((end - ContinuousClock.now).components.attoseconds) / 1e18
            guard remaining > 0.05 else { throw PraiseProviderError.timedOut }
            var http = try make()
            http.timeout = min(attemptTimeout, remaining)
            let failure: PraiseProviderError
            var headers: [String: String] = [:]
            do {
                let response = try await transport.send(http)
                if (200..<300).contains(response.status) { return try endpoint.parseResponse(response) }
                let body = String(decoding: response.body.prefix(4096), as: UTF8.self)
                if RetryPolicy.isQuotaExhausted(status: response.status, body: body) {
                    throw PraiseProviderError.quotaExhausted
                }
                guard RetryPolicy.isRetryable(status: response.status) else {
                    throw PraiseProviderError.http(status: response.status)
                }
                failure = .http(status: response.status)
                headers = response.headers
            } catch let error as HTTPTransportError {
                switch error {
                case .cancelled: throw PraiseProviderError.cancelled
                case .timedOut: failure = .timedOut
                case .failed: failure = .transport
                }
            }
            let jitter = Double.random(in: 0.75...1)
            guard let delay = policy.delay(afterAttempt: attempt, headers: headers, now: Date(), jitter: jitter),
                delay < remaining
            else { throw failure }
            try await pause(delay)
        }
    }
}
