import YadgCore
import YadgHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Asks a server whether the anonymous id has Premium: the yadg backend (`GET /user/me`) or
/// RevenueCat (`GET /v1/subscribers/{id}`). Both go over the one HTTP transport; each request
/// carries the anonymous id and nothing else about the person.
public struct EntitlementSource: Sendable {
    public enum Kind: Sendable, Equatable {
        /// The yadg backend at this base URL.
        case backend(baseURL: String)
        /// RevenueCat's REST API at this base URL, with the app's public key.
        case revenueCat(baseURL: String, apiKey: String)

        public var service: EntitlementService {
            switch self {
            case .backend: .backend
            case .revenueCat: .revenueCat
            }
        }
    }

    public let kind: Kind
    let userID: String
    let transport: any HTTPTransport
    let timeout: Double

    public init(kind: Kind, userID: String, transport: any HTTPTransport, timeout: Double = 5) {
        self.kind = kind
        self.userID = userID
        self.transport = transport
        self.timeout = timeout
    }

    /// RevenueCat's own API, unless `revenuecat_url` names another.
    public static let revenueCatDefaultURL = "https://api.revenuecat.com"

    public var service: EntitlementService { kind.service }

    /// What the server says now, or why it could not say.
    public func read(now: Date) async -> Result<Entitlement, SyncError> {
        let request: HTTPRequest
        switch kind {
        case .backend(let base):
            request = HTTPRequest(
                method: "GET", url: Self.trimmed(base) + "/user/me", headers: [("x-user-id", userID)], timeout: timeout)
        case .revenueCat(let base, let key):
            let id = QueryText.percentEncoded(userID)
            request = HTTPRequest(
                method: "GET", url: Self.trimmed(base) + "/v1/subscribers/" + id,
                headers: [("Authorization", "Bearer " + key), ("Accept", "application/json")], timeout: timeout)
        }
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch HTTPTransportError.timedOut {
            return .failure(.timedOut)
        } catch HTTPTransportError.tooLarge {
            return .failure(.tooLarge)
        } catch {
            return .failure(.unreachable)
        }
        guard (200..<300).contains(response.status) else { return .failure(.answered(response.status)) }
        guard let object = JSONValue.parse(response.body), object.object != nil else {
            return .failure(.answered(response.status))
        }
        switch kind {
        case .backend:
            return Self.account(object, now: now).map(Result.success) ?? .failure(.answered(response.status))
        case .revenueCat:
            return Self.subscriber(object, now: now).map(Result.success) ?? .failure(.answered(response.status))
        }
    }

    static func trimmed(_ base: String) -> String { base.hasSuffix("/") ? String(base.dropLast()) : base }

    /// RevenueCat's customer info: an entitlement is active while its `expires_date` (or its grace
    /// period) is null or in the future. With several, the one that lasts longest counts.
    static func subscriber(_ object: JSONValue, now: Date) -> Entitlement? {
        guard let subscriber = object["subscriber"], subscriber.object != nil else { return nil }
        let entitlements = subscriber["entitlements"]?.object ?? [:]
        var best: (expires: Date?, product: String?)?
        for entitlement in entitlements.values where entitlement.object != nil {
            let ends = [entitlement["expires_date"], entitlement["grace_period_expires_date"]]
                .compactMap { $0?.string.flatMap { CivilTime.parse($0) } }.max()
            let lifetime = entitlement["expires_date"]?.isNull ?? true
            let expires: Date? = lifetime ? nil : ends
            let product = entitlement["product_identifier"]?.string
            if let current = best {
                if current.expires == nil { continue }
                if expires == nil || expires! > current.expires! { best = (expires, product) }
            } else {
                best = (expires, product)
            }
        }
        return Entitlement(
            entitled: best != nil, expiresAt: best?.expires, productID: best?.product.map(TerminalSanitizer.clean),
            managementURL: Self.link(subscriber["management_url"]), checkedAt: now)
    }

    /// The backend's account, in the shapes servers use (the Entitlement article): yadg's own
    /// `entitlement`; a premium flag with a `subscription` object; RevenueCat-style
    /// `entitlements` (or a whole `subscriber`); any of them under `user`. Any sign of an active
    /// subscription counts: a paying person is never told they have none.
    static func account(_ object: JSONValue, now: Date) -> Entitlement? {
        if let user = object["user"], user.object != nil, object["entitlement"] == nil {
            return account(user, now: now).map { withOfferings($0, from: object) }
        }
        if object["subscriber"]?.object != nil {
            return subscriber(object, now: now).map { withOfferings($0, from: object) }
        }
        if object["entitlements"]?.object != nil {
            let wrapped = JSONValue.object(["subscriber": object])
            return subscriber(wrapped, now: now).map { withOfferings($0, from: object) }
        }
        if object["entitlement"]?.object == nil, let flagged = premiumFlagAndSubscription(object, now: now) {
            return withOfferings(flagged, from: object)
        }
        guard object["id"] != nil || object["entitlement"] != nil else { return nil }
        let entitlement = object["entitlement"]?.object != nil ? object["entitlement"] : nil
        let plans = plans(object)
        let active = entitlement?["active"]?.bool ?? (entitlement != nil)
        return Entitlement(
            entitled: entitlement != nil && (active || entitlement?["expiresAt"]?.string != nil),
            expiresAt: entitlement?["expiresAt"]?.string.flatMap { CivilTime.parse($0) },
            productID: entitlement?["productId"]?.string.map(TerminalSanitizer.clean),
            managementURL: Self.link(entitlement?["managementUrl"]), plans: plans, checkedAt: now)
    }

    /// Premium flags (`isPremium`, `is_premium`, `premium`, `hasPremium`, `isPro`) and a
    /// `subscription` object (`status`, `expiresAt` or `currentPeriodEnd`, `plan` or `productId`,
    /// `managementUrl`, in camel or snake case). Nil when the body has neither.
    static func premiumFlagAndSubscription(_ object: JSONValue, now: Date) -> Entitlement? {
        let flags = ["isPremium", "is_premium", "premium", "hasPremium", "has_premium", "isPro", "is_pro"]
        let flag = flags.lazy.compactMap { object[$0]?.bool }.first
        let subscription = object["subscription"]?.object != nil ? object["subscription"] : nil
        guard flag != nil || subscription != nil else { return nil }
        func text(_ names: String...) -> String? { names.lazy.compactMap { subscription?[$0]?.string }.first }
        let status = text("status", "state")?.lowercased()
        let activeStatuses: Set = [
            "active", "trialing", "trial", "in_trial", "in_grace_period", "grace_period", "past_due",
        ]
        let expires = text("expiresAt", "expires_at", "currentPeriodEnd", "current_period_end", "renewsAt", "renews_at")
            .flatMap { CivilTime.parse($0) }
        let signs = [
            flag == true, status.map(activeStatuses.contains) == true,
            subscription?["active"]?.bool == true || subscription?["isActive"]?.bool == true,
            expires.map { $0 > now } == true
                && status.map { !["canceled", "cancelled", "expired"].contains($0) } != false,
        ]
        let active = signs.contains(true)
        // A subscription that ended on a known date is kept with it, so it reads as ended; an
        // active one whose date has passed (a renewal not yet recorded) stays active.
        return Entitlement(
            entitled: active || expires != nil, expiresAt: active && expires.map { $0 <= now } == true ? nil : expires,
            productID: text("productId", "product_id", "plan", "planId", "plan_id").map(TerminalSanitizer.clean),
            managementURL: Self.link(subscription?["managementUrl"] ?? subscription?["management_url"]),
            checkedAt: now)
    }

    /// The backend's `offerings` (prices of the plans) beside whichever shape said the entitlement.
    static func withOfferings(_ entitlement: Entitlement, from object: JSONValue) -> Entitlement {
        var result = entitlement
        if result.plans.isEmpty { result.plans = plans(object) }
        return result
    }

    static func plans(_ object: JSONValue) -> [Entitlement.Plan] {
        (object["offerings"]?.array ?? []).compactMap { row -> Entitlement.Plan? in
            guard let id = row["plan"]?.string, id == "yearly" || id == "monthly" else { return nil }
            let price = row["price"]?.string.map(TerminalSanitizer.clean).flatMap { $0.count <= 40 ? $0 : nil }
            return Entitlement.Plan(id: id, price: price, trialDays: row["trialDays"]?.int)
        }
    }

    /// A link a server gave, kept only when it is a plain https (or local http) URL.
    static func link(_ value: JSONValue?) -> String? {
        guard let text = value?.string, text.count <= 2048, text == TerminalSanitizer.clean(text),
            !text.contains(" "), text.hasPrefix("https://") || text.hasPrefix("http://127.0.0.1")
        else { return nil }
        return text
    }
}
