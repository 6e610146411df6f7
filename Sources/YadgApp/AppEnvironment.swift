import Synchronization
import YadgAI
import YadgEntitlement

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the application knows about the machine beyond the store: its folders, the entitlement
/// service, and the environment variables that decide how a link opens.
public struct AppEnvironment: Sendable {
    /// The folders (nil in tests that run over an in-memory store: nothing to delete or write).
    public var paths: AppPaths?
    /// Who can say whether the person has Premium (nil: no service is set up).
    public var entitlement: EntitlementSource.Kind?
    /// The process's environment (`BROWSER`, `SSH_CONNECTION`, `DISPLAY`, `OLLAMA_HOST`, …).
    public var variables: [String: String]

    public init(paths: AppPaths? = nil, entitlement: EntitlementSource.Kind? = nil, variables: [String: String] = [:]) {
        self.paths = paths
        self.entitlement = entitlement
        self.variables = variables
    }

    /// The entitlement service the settings point to: the backend's `/user/me` when a backend is
    /// configured, else RevenueCat when its public key is set (`YADG_REVENUECAT_API_KEY` or
    /// `revenuecat_api_key`; `YADG_REVENUECAT_URL` / `revenuecat_url` for another base URL).
    public static func entitlementService(
        environment: [String: String], config: [String: String], backendURL: String?
    ) -> EntitlementSource.Kind? {
        if let backendURL { return .backend(baseURL: backendURL) }
        func value(_ variable: String, _ key: String) -> String? {
            let v = environment[variable] ?? config[key]
            return v?.isEmpty == false ? v : nil
        }
        guard let key = value("YADG_REVENUECAT_API_KEY", "revenuecat_api_key") else { return nil }
        let base = value("YADG_REVENUECAT_URL", "revenuecat_url") ?? EntitlementSource.revenueCatDefaultURL
        return .revenueCat(baseURL: base, apiKey: key)
    }
}

/// What one run remembers across its modes' helpers (App is a value; this is shared).
final class SessionState: Sendable {
    private let flags = Mutex<(planLimitMentioned: Bool, dataDeleted: Bool)>((false, false))

    /// True the first time only: the plan-limit line is said once per session.
    func mentionPlanLimitOnce() -> Bool {
        flags.withLock { state in
            defer { state.planLimitMentioned = true }
            return !state.planLimitMentioned
        }
    }

    /// Delete my data ran: nothing more is sent or saved in this run.
    var dataDeleted: Bool {
        get { flags.withLock { $0.dataDeleted } }
        set { flags.withLock { $0.dataDeleted = newValue } }
    }
}

/// The AI settings in force, one value for the run: `/settings ai` replaces them for every copy of
/// the app at once (a conversation that kept its own copy read the settings from before the choice).
final class CurrentAISettings: Sendable {
    private let value: Mutex<AISettings>

    init(_ settings: AISettings) { value = Mutex(settings) }

    var settings: AISettings { value.withLock { $0 } }

    func replace(with settings: AISettings) { value.withLock { $0 = settings } }
}
