import Foundation

/// RevenueCat's `GET /v1/subscribers/{app_user_id}` (REST API v1), over real HTTP on 127.0.0.1,
/// answering as the customer info of one of a few kinds of subscriber. Requests without the
/// app's public key get 401, as RevenueCat's do.
public final class FixtureRevenueCat: @unchecked Sendable {
    public enum Subscriber: Sendable, Equatable {
        /// An entitlement that ends at this ISO 8601 time (future: active; past: expired).
        case entitled(expires: String, managementURL: String?)
        /// A lifetime purchase: `expires_date` null.
        case lifetime
        /// Seen, never purchased: no entitlements.
        case never
        /// Closes the connection without an answer.
        case down
        /// 200 with a body that is not JSON.
        case garbage
    }

    public static let apiKey = "appl_test_public_key"
    private let lock = NSLock()
    private var subscriber = Subscriber.never
    private var server: FixtureServer!

    public init() throws {
        server = try FixtureServer { [unowned self] in self.answer($0) }
    }

    /// The base URL, as `YADG_REVENUECAT_URL`.
    public var url: String { "http://127.0.0.1:\(server.port)" }
    public var requests: [FixtureServer.Recorded] { server.requests }

    public func set(_ subscriber: Subscriber) { lock.withLock { self.subscriber = subscriber } }

    private func answer(_ request: FixtureServer.Recorded) -> (Int, String, String)? {
        let subscriber = lock.withLock { self.subscriber }
        guard request.headers["authorization"] == "Bearer \(Self.apiKey)" else {
            return (401, #"{"code":7225,"message":"Invalid API Key."}"#, "")
        }
        let parts = request.path.split(separator: "/").map(String.init)  // v1, subscribers, {id}
        guard request.method == "GET", parts.count == 3, parts[0] == "v1", parts[1] == "subscribers" else {
            return (404, #"{"code":7000,"message":"Not found"}"#, "")
        }
        let entitlements: String
        var management = "null"
        switch subscriber {
        case .down: return nil
        case .garbage: return (200, "<html>not json", "")
        case .never: entitlements = "{}"
        case .lifetime:
            entitlements =
                #"{"premium":{"expires_date":null,"grace_period_expires_date":null,"product_identifier":"lifetime","purchase_date":"2026-01-05T21:52:45Z"}}"#
        case .entitled(let expires, let url):
            management = url.map { "\"\($0)\"" } ?? "null"
            entitlements =
                #"{"premium":{"expires_date":"\#(expires)","grace_period_expires_date":null,"product_identifier":"yadg_yearly","purchase_date":"2025-12-03T10:00:00Z"}}"#
        }
        let body =
            #"{"request_date":"2026-11-23T10:00:00Z","request_date_ms":1795428000000,"subscriber":{"entitlements":\#(entitlements),"first_seen":"2025-12-01T00:08:41Z","management_url":\#(management),"original_app_user_id":"\#(parts[2])","non_subscriptions":{},"other_purchases":{},"subscriptions":{}}}"#
        return (200, body, "")
    }
}
