/// What the settings, the paywall and the support pages say about this installation. The
/// application gathers them (environment, config, settings file) and gives them to the shell, so
/// the core shows them without reading anything itself.
public struct AppFacts: Sendable, Equatable {
    public var version = ""
    public var ai = AIFacts()
    /// What the environment or the config file sets up, whatever `/settings ai` chose (nil: nothing).
    public var configuredAI: AIFacts?
    /// The yadg backend, when one is configured.
    public var backendURL: String?
    /// An AI provider can answer open questions about one's moments (the backend does not).
    public var modelAnswers = false
    /// Home may bring up a moment from this day in an earlier year (`/settings onthisday off`).
    public var onThisDayAtHome = true
    public var links = Links(support: nil, contact: nil, purchase: nil)
    /// Who can say whether the person has Premium.
    public var entitlementService = EntitlementService.none
    /// The anonymous id (the purchase page links a purchase to it).
    public var userID = ""
    /// Where the moments are kept, for messages about the file itself (damage).
    public var databasePath = "" {
        didSet {
            dataDirectory = databasePath.lastIndex(of: "/").map { String(databasePath[..<$0]) } ?? ""
        }
    }
    /// The data folder (the moments file's folder): attached photos are shown by their full path.
    /// Worked out when the path is set, not for each card (a search of the path, per moment logged).
    public private(set) var dataDirectory = ""

    public init() {}

    /// Support and purchase addresses, only as the config file (or a backend) gives them: yadg never
    /// shows or opens an address nobody here owns.
    public struct Links: Sendable, Equatable {
        /// A support page and a contact address, only when the config (or a backend) gives
        /// them: yadg never shows an address nobody here owns.
        public var support: String?
        public var contact: String?
        /// The purchase page (`purchase_url`); `{plan}` and `{user}` are filled in.
        public var purchase: String?

        public init(support: String?, contact: String?, purchase: String?) {
            self.support = support
            self.contact = contact
            self.purchase = purchase
        }
    }

    /// The AI provider in force, as the person should see it: never the key itself.
    public struct AIFacts: Sendable, Equatable {
        /// `openai`, `ollama`, `yadg` or `none`.
        public var provider = "none"
        public var model = ""
        public var baseURL = ""
        /// Where the key comes from (`OPENAI_API_KEY`, the config file), nil when none is set.
        public var keySource: String?
        /// Who chose this provider: an environment variable, the config file, `/settings ai`, this
        /// run's `--no-ai`, or nobody (nothing set up).
        public var chosenBy = AIChoiceSource.nobody
        /// A provider the person runs or pays for themselves (OpenAI-compatible, Ollama): the
        /// paywall then has nothing to unlock.
        public var isOwnProvider: Bool { provider == "openai" || provider == "ollama" }

        public init() {}
    }

    /// Where the AI choice came from.
    public enum AIChoiceSource: String, Sendable, Equatable {
        case environment, configFile, settings, thisRun, nobody
    }

    /// The person's own AI provider, and no backend: praise and summaries are theirs already.
    public var nothingToUnlock: Bool { ai.isOwnProvider && backendURL == nil }

    /// No server is asked about Premium: nothing to unlock, or no service to ask.
    public var noServerToAsk: Bool { nothingToUnlock || entitlementService == .none }

    /// The purchase page for a plan, linked to this anonymous id; nil when none is set up.
    public func purchaseLink(plan: String) -> String? {
        links.purchase.map { Copy.fill($0, ["plan": plan, "user": userID]) }
    }
}

/// An AI choice made with `/settings ai`, kept in yadg's own settings file.
public enum AIChoice: Sendable, Equatable {
    /// Nothing is sent for praise or summaries.
    case none
    /// The provider the environment or the config file sets up.
    case configured
    /// A model server already running on this machine.
    case local(LocalModelServer)
}

/// A model server found running on this machine (Ollama, or an OpenAI-compatible one).
public struct LocalModelServer: Sendable, Equatable {
    /// `ollama` or `openai` (the API it speaks).
    public var kind: String
    public var baseURL: String
    public var model: String
    /// What it calls itself, for the list ("Ollama", "llama.cpp server", "LM Studio").
    public var name: String

    public init(kind: String, baseURL: String, model: String, name: String) {
        self.kind = kind
        self.baseURL = baseURL
        self.model = model
        self.name = name
    }
}
