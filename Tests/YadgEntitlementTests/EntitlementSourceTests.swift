import FixtureServer
import Foundation
import Testing
import YadgCore
import YadgEntitlement
import YadgHTTP

/// Entitlement read over real HTTP from a fixture RevenueCat and the fixture backend's `/user/me`.
struct EntitlementSourceTests {
    static let now = CivilTime.parse("2026-11-23T10:00:00Z")!
    static let user = "6f1c2a9e-3b7d-4c1a-9e2f-0a1b2c3d4e5f"

    static func revenueCat(_ server: FixtureRevenueCat, key: String = FixtureRevenueCat.apiKey) -> EntitlementSource {
        EntitlementSource(
            kind: .revenueCat(baseURL: server.url, apiKey: key), userID: user, transport: CurlTransport(), timeout: 2)
    }

    @Test("RevenueCat: active until a future date, with the store's management link")
    func active() async throws {
        let server = try FixtureRevenueCat()
        server.set(
            .entitled(expires: "2026-12-03T10:00:00Z", managementURL: "https://apps.apple.com/account/subscriptions"))
        let entitlement = try await Self.revenueCat(server).read(now: Self.now).get()
        #expect(entitlement.isActive(at: Self.now))
        #expect(entitlement.expiresAt == CivilTime.parse("2026-12-03T10:00:00Z"))
        #expect(entitlement.productID == "yadg_yearly")
        #expect(entitlement.managementURL == "https://apps.apple.com/account/subscriptions")
        let request = try #require(server.requests.first)
        #expect(request.method == "GET" && request.path == "/v1/subscribers/\(Self.user)")
        #expect(request.body.isEmpty, "nothing but the anonymous id (in the path) is sent")
    }

    @Test("RevenueCat: an entitlement that ended is known but not active; never purchased is no entitlement")
    func expiredAndNever() async throws {
        let server = try FixtureRevenueCat()
        server.set(.entitled(expires: "2026-11-01T00:00:00Z", managementURL: nil))
        let expired = try await Self.revenueCat(server).read(now: Self.now).get()
        #expect(expired.entitled && !expired.isActive(at: Self.now) && expired.managementURL == nil)
        server.set(.never)
        let never = try await Self.revenueCat(server).read(now: Self.now).get()
        #expect(!never.entitled && !never.isActive(at: Self.now))
        server.set(.lifetime)
        let lifetime = try await Self.revenueCat(server).read(now: Self.now).get()
        #expect(lifetime.isActive(at: Self.now) && lifetime.expiresAt == nil)
    }

    @Test("RevenueCat down, garbage, or the wrong key: a reason, never an entitlement")
    func failures() async throws {
        let server = try FixtureRevenueCat()
        server.set(.down)
        #expect(await Self.revenueCat(server).read(now: Self.now) == .failure(.unreachable))
        server.set(.garbage)
        #expect(await Self.revenueCat(server).read(now: Self.now) == .failure(.answered(200)))
        server.set(.lifetime)
        #expect(await Self.revenueCat(server, key: "wrong").read(now: Self.now) == .failure(.answered(401)))
        let nothing = EntitlementSource(
            kind: .revenueCat(baseURL: "http://127.0.0.1:9", apiKey: "k"), userID: Self.user, transport: CurlTransport()
        )
        #expect(await nothing.read(now: Self.now) == .failure(.unreachable))
    }

    @Test("The backend's /user/me: the entitlement and the plans with their prices")
    func backendAccount() async throws {
        let backend = try FixtureBackend()
        let source = EntitlementSource(
            kind: .backend(baseURL: backend.url), userID: Self.user, transport: CurlTransport(), timeout: 2)
        let none = try await source.read(now: Self.now).get()
        #expect(!none.entitled)
        #expect(
            none.plans == [
                Entitlement.Plan(id: "yearly", price: "$29.99 / year", trialDays: 7),
                Entitlement.Plan(id: "monthly", price: "$4.99 / month", trialDays: nil),
            ])
        backend.setEntitlement(
            user: Self.user,
            json:
                #"{"active":true,"expiresAt":"2026-12-03T00:00:00.000Z","productId":"yadg_yearly","managementUrl":"https://billing.example.com/p/1"}"#
        )
        let active = try await source.read(now: Self.now).get()
        #expect(active.isActive(at: Self.now) && active.managementURL == "https://billing.example.com/p/1")
        #expect(backend.requests.last?.headers["x-user-id"] == Self.user)
        backend.set(.garbage)
        #expect(await source.read(now: Self.now) == .failure(.answered(200)))
    }

    @Test(
        "/user/me in the shapes servers use: a premium flag with a subscription, RevenueCat entitlements, under user",
        arguments: [
            (
                #"{"isPremium":true,"subscription":{"status":"active","plan":"yearly","expiresAt":"2027-11-01T00:00:00Z"}}"#,
                true
            ),
            (#"{"is_premium":true}"#, true),
            (
                #"{"premium":false,"subscription":{"status":"trialing","current_period_end":"2026-11-30T00:00:00Z"}}"#,
                true
            ),
            (#"{"isPremium":true,"subscription":{"status":"active","expiresAt":"2026-11-01T00:00:00Z"}}"#, true),
            (
                #"{"entitlements":{"pro":{"expires_date":"2027-01-01T00:00:00Z","product_identifier":"yadg_yearly"}}}"#,
                true
            ),
            (#"{"subscriber":{"entitlements":{"pro":{"expires_date":null}}}}"#, true),
            (#"{"user":{"id":"u1","isPremium":true}}"#, true),
            (#"{"isPremium":false,"subscription":{"status":"canceled","expiresAt":"2026-10-01T00:00:00Z"}}"#, false),
            (#"{"isPremium":false,"subscription":null}"#, false),
            (#"{"id":"u1","entitlement":null}"#, false),
        ])
    func backendShapes(body: String, active: Bool) async throws {
        let backend = try FixtureBackend()
        backend.setAccountBody(user: Self.user, json: body)
        let source = EntitlementSource(
            kind: .backend(baseURL: backend.url), userID: Self.user, transport: CurlTransport(), timeout: 2)
        let read = try await source.read(now: Self.now).get()
        #expect(read.isActive(at: Self.now) == active, "\(body)")
    }

    @Test("The subscription's plan, end date and management link are read, and an ended one reads as ended")
    func backendSubscriptionDetails() async throws {
        let backend = try FixtureBackend()
        let source = EntitlementSource(
            kind: .backend(baseURL: backend.url), userID: Self.user, transport: CurlTransport(), timeout: 2)
        backend.setAccountBody(
            user: Self.user,
            json:
                #"{"isPremium":true,"subscription":{"status":"active","plan":"yearly","expiresAt":"2027-11-01T00:00:00Z","managementUrl":"https://billing.example.com/m"},"offerings":[{"plan":"yearly","price":"$29.99 / year"}]}"#
        )
        let active = try await source.read(now: Self.now).get()
        #expect(active.productID == "yearly" && active.expiresAt == CivilTime.parse("2027-11-01T00:00:00Z"))
        #expect(active.managementURL == "https://billing.example.com/m" && active.plans.map(\.id) == ["yearly"])
        backend.setAccountBody(
            user: Self.user,
            json: #"{"isPremium":false,"subscription":{"status":"expired","expiresAt":"2026-10-01T00:00:00Z"}}"#)
        let ended = try await source.read(now: Self.now).get()
        #expect(ended.entitled && !ended.isActive(at: Self.now), "known, and ended")
        backend.setAccountBody(user: Self.user, json: #"{"hello":"world"}"#)
        #expect(await source.read(now: Self.now) == .failure(.answered(200)), "a body with no sign either way")
    }

    @Test("A cached entitlement reads back the same")
    func cache() throws {
        let entitlement = Entitlement(
            entitled: true, expiresAt: Self.now.addingTimeInterval(86_400), productID: "p", managementURL: nil,
            plans: [Entitlement.Plan(id: "yearly", price: "$1", trialDays: 7)], checkedAt: Self.now)
        #expect(Entitlement(cacheText: entitlement.cacheText) == entitlement)
        #expect(Entitlement(cacheText: "{not json") == nil)
    }
}
