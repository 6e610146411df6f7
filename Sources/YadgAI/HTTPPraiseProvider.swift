import Synchronization
import YadgCore
import YadgHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``PraiseProvider`` over HTTP that never outstays its welcome: an overall deadline for the
/// praise, a per-attempt timeout, and retries with backoff that honour `Retry-After` — but no
/// retry of client errors or of a quota-exhausted 429 (``RetryingHTTPClient`` does the sending).
public struct HTTPPraiseProvider: PraiseProvider, DaySummaryWriter, QuestionAnswerWriter {
    public let endpoint: any PraiseEndpoint
    let client: RetryingHTTPClient
    /// Seconds for the whole praise, retries included.
    let deadline: Double
    /// Seconds one attempt may take.
    let attemptTimeout: Double
    /// Seconds for the first request, when longer: a model on this machine may load itself first
    /// (3 s idle here; the issue saw 17.7 s on a busy machine), and its first praise must not be lost.
    let firstDeadline: Double?
    private let first = FirstRequest()

    public var name: String { endpoint.name }

    public init(
        endpoint: any PraiseEndpoint, transport: any HTTPTransport, policy: RetryPolicy = RetryPolicy(),
        deadline: Double = 12, attemptTimeout: Double = 10, firstDeadline: Double? = nil, timing: HTTPTiming = .live
    ) {
        self.endpoint = endpoint
        client = RetryingHTTPClient(transport: transport, policy: policy, timing: timing)
        self.deadline = deadline
        self.attemptTimeout = attemptTimeout
        self.firstDeadline = firstDeadline
    }

    public func praise(for request: PraiseRequest) async throws -> String {
        try await send { try endpoint.makeRequest(for: request) }
    }

    /// Whole lines, or continuations of yadg's opening, as the endpoint drafts them. Candidates
    /// come in one request where the server honours `n`, else one request after another, each
    /// only while the one before shows it can end before the praise's deadline; a failure after
    /// the first candidate ends the asking with what came.
    public func drafts(for request: PraiseRequest) async throws -> PraiseDrafts {
        let (opening, wanted) = endpoint.drafting(for: request)
        let start = ContinuousClock.now
        let deadline = currentDeadline()
        var candidates: [String]
        do {
            candidates = try await send(deadline: deadline) {
                try endpoint.makeRequest(for: request, opening: opening, count: wanted)
            }
        } catch PraiseProviderError.http(status: 400) where wanted > 1 {
            // A server that refuses a count (`n`) is asked for one at a time.
            candidates = try await send(deadline: currentDeadline()) {
                try endpoint.makeRequest(for: request, opening: opening, count: 1)
            }
        }
        var asked = 1
        while candidates.count < wanted {
            let spent = Self.seconds(ContinuousClock.now - start)
            let left = deadline.overall - spent
            guard left > 1.5 * spent / Double(asked) else { break }
            guard
                let more = try? await send(
                    deadline: (left, min(left, deadline.attempt)),
                    make: {
                        try endpoint.makeRequest(for: request, opening: opening, count: 1)
                    })
            else { break }
            candidates += more
            asked += 1
        }
        return PraiseDrafts(
            opening: opening, candidates: Array(candidates.prefix(wanted)),
            examples: endpoint.exampleReplies(opening: opening))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    public func summary(for request: DaySummaryRequest) async throws -> String {
        guard try endpoint.makeSummaryRequest(for: request) != nil else { throw PraiseProviderError.invalidReply }
        return try await send { try endpoint.makeSummaryRequest(for: request)! }
    }

    public func answer(for request: QuestionRequest) async throws -> String {
        guard try endpoint.makeAnswerRequest(for: request) != nil else { throw PraiseProviderError.invalidReply }
        return try await send { try endpoint.makeAnswerRequest(for: request)! }
    }

    /// Loads a model on this machine before the first praise. It takes the longer first deadline,
    /// so the person's first praise finds the model ready; its answer and any error are dropped.
    public func warmUp() async {
        guard (try? endpoint.makeWarmUpRequest()) != nil else { return }
        _ = try? await send { try endpoint.makeWarmUpRequest()! }
    }

    private func send(_ make: () throws -> HTTPRequest) async throws -> String {
        let response = try await respond(deadline: currentDeadline(), make)
        return try endpoint.parseResponse(response)
    }

    private func send(deadline: (overall: Double, attempt: Double), make: () throws -> HTTPRequest) async throws
        -> [String]
    {
        try endpoint.parseCandidates(try await respond(deadline: deadline, make))
    }

    /// This request's deadline and attempt timeout: the longer first ones once, for a model that
    /// may be loading.
    private func currentDeadline() -> (overall: Double, attempt: Double) {
        let longer = firstDeadline.flatMap { first.take() && $0 > deadline ? $0 : nil }
        return (longer ?? deadline, longer ?? attemptTimeout)
    }

    private func respond(deadline: (overall: Double, attempt: Double), _ make: () throws -> HTTPRequest)
        async throws -> HTTPResponse
    {
        do {
            return try await client.send(make, deadline: deadline.overall, attemptTimeout: deadline.attempt)
        } catch let failure as RetryingHTTPClient.RequestError {
            switch failure {
            case .timedOut: throw PraiseProviderError.timedOut
            case .cancelled: throw PraiseProviderError.cancelled
            case .transport: throw PraiseProviderError.transport
            case .status(let status): throw PraiseProviderError.http(status: status)
            case .quotaExhausted: throw PraiseProviderError.quotaExhausted
            }
        }
    }
}

/// Whether a provider has sent its first request yet (shared by its copies).
final class FirstRequest: Sendable {
    private let sent = Mutex(false)

    /// True the first time only.
    func take() -> Bool {
        sent.withLock { wasSent in
            defer { wasSent = true }; return !wasSent
        }
    }
}
