import Foundation
import YadgAI
import YadgCore
import YadgResources

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the AI settings (environment over `config` in the config folder) and builds the provider.
public enum AIWiring {
    /// The settings, after `--no-ai`, and without a key from a config file others can read.
    public static func settings(
        environment: [String: String], configDirectory: String, noAI: Bool, copy: Copy, warn: (String) -> Void
    ) -> AISettings {
        let path = configDirectory + "/config"
        var config = (try? String(contentsOfFile: path, encoding: .utf8)).map(AISettings.parseConfig) ?? [:]
        if config["api_key"] != nil, let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0
        {
            // As OpenSSH refuses a private key others can read.
            config["api_key"] = nil
            warn(Copy.fill(copy[CommandLineCopy.self].aiKeyFileTooOpen, ["path": path]))
        }
        var settings = AISettings.resolve(environment: environment, config: config)
        if noAI {
            settings.provider = .none
            settings.networkOff = true
        }
        return settings
    }

    /// The provider to use now: configured ones always; detected ones only with consent.
    static func provider(
        _ settings: AISettings, store: any MomentHistory, configDirectory: String
    ) -> HTTPPraiseProvider? {
        guard settings.provider != .none else { return nil }
        if !settings.explicit && (try? store.stateValue(.aiConsent)) != "yes" { return nil }
        let userID = ((try? store.stateValue(.anonymousUserId)) ?? nil) ?? ""
        return settings.makeProvider(prompts: prompts(configDirectory: configDirectory), userID: userID)
    }

    /// The praise prompts, each overridable by a file of the same name in the config folder.
    static func prompts(configDirectory: String) -> PraisePrompts {
        func text(_ name: String) -> String {
            (try? String(contentsOfFile: configDirectory + "/" + name, encoding: .utf8))
                ?? EmbeddedResources.text("Prompts/" + name) ?? ""
        }
        return PraisePrompts(
            system: PromptTemplate(text("praise-system.md")), user: PromptTemplate(text("praise-user.md")),
            summarySystem: PromptTemplate(text("summary-system.md")),
            summaryUser: PromptTemplate(text("summary-user.md")))
    }
}
