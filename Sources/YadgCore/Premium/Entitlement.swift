#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a server said about the person's Premium: read from the backend (`GET /user/me`) or from
/// RevenueCat, never decided on this machine. Cached with the time it was read.
public struct Entitlement: Sendable, Equatable, Codable {
    /// The server knows a purchase for this anonymous id (active or not).
    public var entitled: Bool
    /// When the entitlement ends; nil with `entitled` means it does not end.
    public var expiresAt: Date?
    public var productID: String?
    /// Where the store lets the person manage the subscription (RevenueCat's `management_url`).
    public var managementURL: String?
    /// The plans on offer with their prices, when the service says (never invented here).
    public var plans: [Plan]
    public var checkedAt: Date

    public init(
        entitled: Bool, expiresAt: Date?, productID: String? = nil, managementURL: String? = nil,
        plans: [Plan] = [], checkedAt: Date
    ) {
        self.entitled = entitled
        self.expiresAt = expiresAt
        self.productID = productID
        self.managementURL = managementURL
        self.plans = plans
        self.checkedAt = checkedAt
    }

    /// Premium now: the server granted it and it has not ended.
    public func isActive(at now: Date) -> Bool { entitled && (expiresAt.map { $0 > now } ?? true) }

    /// One plan of the paywall (`yearly`, `monthly`) with the service's own price text.
    public struct Plan: Sendable, Equatable, Codable {
        public var id: String
        public var price: String?
        public var trialDays: Int?

        public init(id: String, price: String?, trialDays: Int?) {
            self.id = id
            self.price = price
            self.trialDays = trialDays
        }
    }

    /// The cached form, for the store's state table.
    public var cacheText: String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    public init?(cacheText: String) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let value = try? decoder.decode(Entitlement.self, from: Data(cacheText.utf8)) else { return nil }
        self = value
    }
}

/// Who can say whether the person has Premium.
public enum EntitlementService: String, Sendable, Equatable {
    /// The yadg backend (`GET /user/me`).
    case backend
    /// RevenueCat's REST API, with the public key in the config.
    case revenueCat
    /// Neither is configured: nothing can be read, and nothing is locked.
    case none
}

/// The answer to "has this person Premium?": what a server said (now or, if it cannot be reached,
/// last time), and why it could not be asked when it could not.
public struct EntitlementLookup: Sendable, Equatable {
    public var service: EntitlementService
    public var entitlement: Entitlement?
    /// Why the server could not be asked just now (the entitlement, if any, is the cached one).
    public var problem: SyncError?

    public init(service: EntitlementService, entitlement: Entitlement?, problem: SyncError? = nil) {
        self.service = service
        self.entitlement = entitlement
        self.problem = problem
    }
}

/// Which read of the entitlement a command needs.
public enum EntitlementCheck: Sendable, Equatable {
    /// The paywall: a recent cached answer will do.
    case paywall
    /// `Restore Purchases`: always asks the server again.
    case restore
    /// `Manage Subscription`: asks again, for the store's current management link.
    case manage
}
