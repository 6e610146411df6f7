import YadgAI
import YadgCore
import YadgResources
import YadgStorage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the AI settings (environment over `config` in the config folder) and builds the provider.
public enum AIWiring {
    /// The AI settings in force and how to describe them (environment over yadg's own settings
    /// file over the person's config), after `--no-ai`, and without a key from a config file others
    /// can read.
    public static func load(
        environment: [String: String], paths: AppPaths, noAI: Bool, copy: Copy, warn: (String) -> Void
    ) -> AIConfiguration {
        let path = paths.config
        var config = PrivateFiles.readText(path).map(AISettings.parseConfig) ?? [:]
        var info = stat()
        if config["api_key"] != nil, stat(path, &info) == 0, info.st_mode & 0o077 != 0 {
            // As OpenSSH refuses a private key others can read.
            config["api_key"] = nil
            warn(Copy.fill(copy[CommandLineCopy.self].aiKeyFileTooOpen, ["path": path]))
        }
        let configured = AISettings.resolve(environment: environment, config: config)
        var settings = configured
        var chosenBy = source(of: configured, environment: environment, config: config)
        // A variable set for this run wins; otherwise the choice made in /settings ai wins over
        // the config file.
        let environmentChose = environment["YADG_AI_PROVIDER"] != nil || environment["YADG_AI"]?.lowercased() == "off"
        // Read once here for the whole start: the AI choice, and On this day for the facts.
        let settingsFile = SettingsFile(path: paths.settings)
        if !environmentChose, let choice = settingsFile.aiChoice() {
            chosenBy = .settings
            switch choice {
            case .none where settings.provider != .yadg:
                settings.provider = .none
            case .none, .configured:
                settings.explicit = true
            case .local(let server):
                settings.provider = server.kind == "ollama" ? .ollama : .openai
                settings.baseURL = server.baseURL
                settings.model = server.model
                settings.apiKey = nil  // a key for a hosted provider never goes to a local server
                settings.explicit = true
            }
        }
        if noAI {
            settings.provider = .none
            settings.networkOff = true
        }
        if settings.provider == .none && chosenBy != .settings { chosenBy = .nobody }
        if settings.networkOff { chosenBy = .thisRun }
        let configuredSource = source(of: configured, environment: environment, config: config)
        return AIConfiguration(
            settings: settings, config: config,
            facts: facts(settings, chosenBy: chosenBy, environment: environment, config: config),
            configured: configured.provider == .none
                ? nil : facts(configured, chosenBy: configuredSource, environment: environment, config: config),
            onThisDayAtHome: settingsFile.onThisDayAtHome())
    }

    /// Who set the provider up: a variable (or a key found in the environment), the config file, or
    /// nobody.
    private static func source(of settings: AISettings, environment: [String: String], config: [String: String])
        -> AppFacts.AIChoiceSource
    {
        if settings.provider == .none { return .nobody }
        if environment["YADG_AI_PROVIDER"] != nil || environment["YADG_API_URL"] != nil { return .environment }
        if config["provider"] != nil || config["api_url"] != nil { return .configFile }
        return .environment
    }

    /// The settings as the person should see them: the key's source, never the key.
    private static func facts(
        _ settings: AISettings, chosenBy: AppFacts.AIChoiceSource, environment: [String: String],
        config: [String: String]
    ) -> AppFacts.AIFacts {
        var facts = AppFacts.AIFacts()
        facts.provider = settings.provider.rawValue
        facts.model = settings.model
        facts.baseURL = settings.baseURL
        facts.chosenBy = chosenBy
        if let key = settings.apiKey, !key.isEmpty {
            facts.keySource =
                environment["YADG_AI_API_KEY"] == key
                ? "YADG_AI_API_KEY" : config["api_key"] == key ? "your config file" : "OPENAI_API_KEY"
        }
        return facts
    }

    /// The provider to use now: configured ones always; detected ones only with consent.
    /// Whether open questions may go to a model: a provider is chosen and it is not the backend
    /// (which has no such endpoint). Cheap: read at every start, before any provider is made.
    public static func answersQuestions(_ settings: AISettings) -> Bool {
        settings.provider != .none && settings.backendURL == nil
    }

    static func provider(
        _ settings: AISettings, store: any MomentHistory, configDirectory: String
    ) -> HTTPPraiseProvider? {
        guard settings.provider != .none else { return nil }
        // Older homes kept the first run's answer in the store; it now goes to the settings file.
        if !settings.explicit && (try? store.stateValue(.aiConsent)) != "yes" { return nil }
        let userID = ((try? store.stateValue(.anonymousUserId)) ?? nil) ?? ""
        let prompts = prompts(
            configDirectory: configDirectory, options: settings.modelOptions, local: settings.isOnThisMachine)
        return settings.makeProvider(prompts: prompts, userID: userID)
    }

    /// The praise prompts and the grammar, each overridable by a file of the same name in the config
    /// folder; how the model is asked comes from their settings, then the config file.
    static func prompts(configDirectory: String, options: [String: String], local: Bool) -> PraisePrompts {
        func text(_ name: String) -> String {
            PrivateFiles.readText(configDirectory + "/" + name) ?? EmbeddedResources.text("Prompts/" + name) ?? ""
        }
        var prompts = PraisePrompts.read(text, overrides: options, local: local)
        // The words a llama.cpp server may write, from Resources/ (or the config folder, as the
        // prompts); AISettings.makeProvider keeps it only for a provider that reads it.
        prompts.grammar = (PrivateFiles.readText(configDirectory + "/praise-clause.gbnf")
            ?? EmbeddedResources.text("Resources/praise-clause.gbnf")).map(ClauseGrammar.init)
        return prompts
    }
}

/// The AI settings in force, the config they came from, and how Settings describes them.
public struct AIConfiguration: Sendable {
    public var settings: AISettings
    /// The person's config file, read (its `api_key` dropped when others could read it).
    public var config: [String: String]
    /// What is in force now.
    public var facts: AppFacts.AIFacts
    /// What the environment or the config sets up, whatever `/settings ai` chose.
    public var configured: AppFacts.AIFacts?
    /// `/settings onthisday`, from the same read of yadg's settings file.
    public var onThisDayAtHome = true
}
