import FixtureServer
import Foundation
import Synchronization
import Testing

@testable import YadgHTTP

/// The retrying client over real HTTP (the fixture server), on virtual time: pauses pass at once
/// but count towards the deadline, so the schedule is checked without waiting for it.
@Suite(.serialized)
struct RetryingHTTPClientTests {
    static let server = try! FixtureServer()

    /// Virtual time: only the pauses pass (a request takes no time), so a loaded machine cannot
    /// change the schedule.
    final class VirtualTime: Sendable {
        let pauses = Mutex<[Double]>([])
        let jitter: Double

        init(jitter: Double = 1) { self.jitter = jitter }

        var timing: HTTPTiming {
            let live = HTTPTiming.live
            let jitter = self.jitter
            return HTTPTiming(
                now: { self.pauses.withLock { $0.reduce(0, +) } },
                sleep: { seconds in self.pauses.withLock { $0.append(seconds) } }, date: live.date,
                jitter: { jitter })
        }
    }

    func send(_ behaviour: String, deadline: Double, time: VirtualTime) async throws -> HTTPResponse {
        let client = RetryingHTTPClient(transport: CurlTransport(), timing: time.timing)
        return try await client.send(
            { HTTPRequest(url: Self.server.url(behaviour) + "/v1/chat/completions") }, deadline: deadline,
            attemptTimeout: 3)
    }

    @Test("Server errors are retried with exponential backoff until a 2xx")
    func backoff() async throws {
        let time = VirtualTime(jitter: 0.8)
        let response = try await send("flaky-2", deadline: 12, time: time)
        #expect(response.status == 200)
        #expect(time.pauses.withLock { $0 } == [0.5 * 0.8, 1 * 0.8])
    }

    @Test("A wait that would pass the deadline is not started: the last failure is the answer")
    func deadlineStopsTheBackoff() async throws {
        let time = VirtualTime()
        await #expect(throws: RetryingHTTPClient.RequestError.status(500)) {
            try await send("flaky-9", deadline: 1.2, time: time)
        }
        #expect(time.pauses.withLock { $0 } == [0.5])
    }

    @Test("Retry-After is honoured within the deadline, and refused beyond it")
    func retryAfter() async throws {
        let honoured = VirtualTime()
        #expect(try await send("retry-after-2", deadline: 12, time: honoured).status == 200)
        #expect(honoured.pauses.withLock { $0 } == [2])
        let refused = VirtualTime()
        await #expect(throws: RetryingHTTPClient.RequestError.status(429)) {
            try await send("retry-after-5", deadline: 3, time: refused)
        }
        #expect(refused.pauses.withLock { $0 }.isEmpty)
    }

    @Test("An answer over the size limit is not asked for again")
    func tooLarge() async throws {
        let time = VirtualTime()
        let before = Self.server.requests.count
        await #expect(throws: RetryingHTTPClient.RequestError.transport) {
            try await send("huge", deadline: 12, time: time)
        }
        #expect(Self.server.requests.count == before + 1 && time.pauses.withLock { $0 }.isEmpty)
    }

    @Test("Client errors and an exhausted quota are final")
    func final() async throws {
        let time = VirtualTime()
        await #expect(throws: RetryingHTTPClient.RequestError.status(401)) {
            try await send("status-401", deadline: 12, time: time)
        }
        await #expect(throws: RetryingHTTPClient.RequestError.quotaExhausted) {
            try await send("quota", deadline: 12, time: time)
        }
        #expect(time.pauses.withLock { $0 }.isEmpty)
    }
}

struct RetryPolicyTests {
    @Test func retrySchedule() {
        let policy = RetryPolicy()
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(policy.delay(afterAttempt: 1, headers: [:], now: now, jitter: 1) == 0.5)
        #expect(policy.delay(afterAttempt: 2, headers: [:], now: now, jitter: 0.75) == 0.75)
        #expect(policy.delay(afterAttempt: 3, headers: [:], now: now, jitter: 1) == nil, "three attempts at most")
        #expect(policy.delay(afterAttempt: 1, headers: ["retry-after": "3"], now: now, jitter: 1) == 3)
        #expect(policy.delay(afterAttempt: 1, headers: ["retry-after-ms": "250"], now: now, jitter: 1) == 0.25)
        #expect(policy.delay(afterAttempt: 1, headers: ["retry-after": "120"], now: now, jitter: 1) == nil)
        let date = "Mon, 12 Jan 1970 13:46:45 GMT"  // 5 s after `now`
        #expect(policy.delay(afterAttempt: 1, headers: ["retry-after": date], now: now, jitter: 1) == 5)
        #expect(RetryPolicy.isRetryable(status: 503) && RetryPolicy.isRetryable(status: 429))
        #expect(!RetryPolicy.isRetryable(status: 400) && !RetryPolicy.isRetryable(status: 401))
        #expect(!RetryPolicy.isRetryable(status: 409), "a conflict is met again by the same request")
        #expect(RetryPolicy.isQuotaExhausted(status: 429, body: #"{"error":{"code":"insufficient_quota"}}"#))
    }

    @Test("An HTTP date is read in its one current form; anything else is no date")
    func httpDates() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        #expect(HTTPDate.parse("Thu, 29 Feb 2024 23:59:60 GMT") == Date(timeIntervalSince1970: 1_709_251_200))
        for bad in [
            "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 CET",
            "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nox 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Nov 94 08:49:37 GMT", "", "3",
        ] {
            #expect(HTTPDate.parse(bad) == nil, "\(bad)")
        }
        #expect(HeaderText.trimmed(" \tvalue \r\n") == "value" && HeaderText.trimmed("\r\n") == "")
    }

    @Test("Query values keep only the unreserved characters as they are")
    func percentEncoding() {
        #expect(QueryText.percentEncoded("a-Z_0.9~") == "a-Z_0.9~")
        #expect(QueryText.percentEncoded("a b&c=d/é") == "a%20b%26c%3Dd%2F%C3%A9")
    }

}
