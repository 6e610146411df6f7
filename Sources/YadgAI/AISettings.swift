import YadgCore
import YadgHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which AI provider to use and how, from the environment over the config file (<doc:Providers>).
///
/// The API key is held here to build requests and is never part of any description or output.
public struct AISettings: Sendable, Equatable {
    public enum Provider: String, Sendable, CaseIterable { case openai, ollama, yadg, none }

    public var provider: Provider
    public var baseURL: String
    public var model: String
    public var apiKey: String?
    /// Seconds for one praise, retries included.
    public var timeout: Double
    /// The person set `timeout` (`YADG_AI_TIMEOUT` or the config): it then holds for the first
    /// request too, with no longer deadline for a model that may be loading.
    public var timeoutIsSet = false
    /// True when the person chose the provider (a variable or the config file); false when it was
    /// only detected (an `OPENAI_API_KEY` in the environment), which needs their consent first.
    public var explicit: Bool
    /// The yadg backend's base URL when one is configured (`YADG_API_URL`, or the `yadg` provider):
    /// moments then sync with it, whichever provider writes the praise.
    public var backendURL: String? = nil
    /// `--no-ai`: nothing is sent in this run (changes for the backend stay queued for the next).
    public var networkOff = false
    /// Nothing was chosen or detected (not even `provider = none`): the first run may offer a
    /// model server found on this machine.
    public var isUnset = false
    /// How the model is asked, from the config file (`temperature`, `max_tokens`, `stop`, and
    /// `summary_…` for day summaries); the prompt files' settings otherwise.
    public var modelOptions: [String: String] = [:]
    /// Praise requests in flight at once (`YADG_AI_CONCURRENCY` or `concurrency`); nil: the
    /// default for where the model runs (``requestsInFlight``).
    public var concurrency: Int? = nil

    /// The model runs on this machine (a local Ollama, llama.cpp or LM Studio): one request at a
    /// time suits it, and it gets the prompts' local temperature.
    public var isOnThisMachine: Bool {
        guard provider == .openai || provider == .ollama,
            let host = URLComponents(string: baseURL)?.host?.lowercased()
        else { return false }
        return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// How many praise requests may be in flight: as set, else 1 for a model on this machine (it
    /// answers one at a time; a burst only times out) and 3 for a hosted one.
    /// Seconds the first request to a model on this machine may take (it may load the model).
    public static let localFirstDeadline = 30.0

    /// The longer deadline of the first request, when it applies: a model on this machine, and no
    /// timeout the person set.
    public var firstDeadline: Double? {
        isOnThisMachine && !timeoutIsSet ? max(timeout, Self.localFirstDeadline) : nil
    }

    public var requestsInFlight: Int { concurrency ?? (isOnThisMachine ? 1 : 3) }

    public init(
        provider: Provider, baseURL: String, model: String, apiKey: String?, timeout: Double, explicit: Bool
    ) {
        self.provider = provider
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.timeout = timeout
        self.explicit = explicit
    }

    /// `key = value` lines; `#` starts a comment; blank lines are skipped.
    public static func parseConfig(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for raw in text.split(separator: "\n") {
            let line = raw.trimmedWhitespace
            guard !line.isEmpty, !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmedWhitespace.lowercased()
            var value = line[line.index(after: equals)...].trimmedWhitespace
            if value.count >= 2, value.first == "\"", value.last == "\"" {
                value = String(value.dropFirst().dropLast())
            }
            values[key] = value
        }
        return values
    }

    /// The settings in force, or a `.none` provider when nothing is configured or detected.
    public static func resolve(environment env: [String: String], config: [String: String]) -> AISettings {
        func value(_ variable: String, _ key: String) -> String? {
            let v = env[variable] ?? config[key]
            return v?.isEmpty == false ? v : nil
        }
        let timeout = value("YADG_AI_TIMEOUT", "timeout").flatMap(Double.init).map { min(max($0, 1), 120) } ?? 12
        var settings = AISettings(
            provider: .none, baseURL: "", model: "", apiKey: nil, timeout: timeout, explicit: true)
        settings.timeoutIsSet = value("YADG_AI_TIMEOUT", "timeout") != nil
        settings.backendURL = value("YADG_API_URL", "api_url")
        settings.concurrency = value("YADG_AI_CONCURRENCY", "concurrency").flatMap(Int.init).map { min(max($0, 1), 16) }
        let names = Generation.settingNames
        settings.modelOptions = config.filter {
            names.contains($0.key) || names.map { "summary_" + $0 }.contains($0.key)
                || ["praise_mode", "candidates", "praise_grammar"].contains($0.key)
        }
        // How praise is asked for (<doc:PraiseFromAModel>): the environment wins, as elsewhere.
        for (variable, key) in [
            ("YADG_AI_PRAISE_MODE", "praise_mode"), ("YADG_AI_CANDIDATES", "candidates"),
            ("YADG_AI_GRAMMAR", "praise_grammar"),
        ] {
            if let chosen = env[variable], !chosen.isEmpty { settings.modelOptions[key] = chosen }
        }
        if env["YADG_AI"]?.lowercased() == "off" {
            settings.networkOff = true  // changes for a backend stay queued
            return settings
        }

        let chosen = value("YADG_AI_PROVIDER", "provider").flatMap { Provider(rawValue: $0.lowercased()) }
        let provider: Provider
        if let chosen {
            provider = chosen
        } else if value("YADG_API_URL", "api_url") != nil {
            provider = .yadg
        } else if env["OPENAI_API_KEY"]?.isEmpty == false {
            provider = .openai
            settings.explicit = false
        } else if env["OLLAMA_HOST"]?.isEmpty == false {
            provider = .ollama
            settings.explicit = false
        } else {
            settings.isUnset = true
            return settings
        }
        settings.provider = provider
        switch provider {
        case .openai:
            settings.baseURL =
                value("YADG_AI_BASE_URL", "base_url") ?? env["OPENAI_BASE_URL"] ?? "https://api.openai.com/v1"
            settings.model = value("YADG_AI_MODEL", "model") ?? "gpt-4o-mini"
            settings.apiKey = value("YADG_AI_API_KEY", "api_key") ?? env["OPENAI_API_KEY"]
        case .ollama:
            settings.baseURL = value("YADG_AI_BASE_URL", "base_url") ?? ollamaHost(env["OLLAMA_HOST"])
            settings.model = value("YADG_AI_MODEL", "model") ?? "llama3.2"
            settings.apiKey = value("YADG_AI_API_KEY", "api_key")
        case .yadg:
            settings.baseURL = value("YADG_API_URL", "api_url") ?? "http://localhost:3000/api/v1"
            settings.backendURL = settings.baseURL
        case .none:
            break
        }
        return settings
    }

    /// `OLLAMA_HOST` as a URL, following Ollama's own rules: `host`, `host:port` or
    /// `scheme://host:port`; no scheme means http and port 11434; `0.0.0.0` means this machine.
    public static func ollamaHost(_ raw: String?) -> String {
        let quotesAndSpaces: Set<Character> = [" ", "\"", "'"]
        var trimmed = Substring(raw ?? "").drop { quotesAndSpaces.contains($0) }
        while let last = trimmed.last, quotesAndSpaces.contains(last) { trimmed.removeLast() }
        var text = String(trimmed)
        while text.hasSuffix("/") { text.removeLast() }
        if text.isEmpty { return "http://127.0.0.1:11434" }
        var scheme = "http"
        if let range = text.firstRange(of: "://") {
            scheme = String(text[..<range.lowerBound])
            text = String(text[range.upperBound...])
        } else if !text.contains(":") {
            text += ":11434"
        }
        text = text.replacing("0.0.0.0", with: "127.0.0.1")
        return "\(scheme)://\(text)"
    }

    /// Whether praise requests carry yadg's grammar (``ClauseGrammar``, <doc:PraiseFromAModel>):
    /// by default for an OpenAI-compatible server on this machine (llama.cpp's `llama-server` and
    /// llama-cpp-python's read it; a server that does not know the field leaves it), never for
    /// Ollama (no GBNF in its API) or the backend. `praise_grammar` (`YADG_AI_GRAMMAR`) `off`
    /// turns it off, `on` sends it to an OpenAI-compatible server elsewhere too (a llama.cpp
    /// server on another machine; OpenAI itself refuses the field).
    public var sendsGrammar: Bool {
        guard provider == .openai else { return false }
        switch modelOptions["praise_grammar"]?.lowercased() {
        case "off": return false
        case "on": return true
        default: return isOnThisMachine
        }
    }

    /// The provider these settings describe, or nil for `.none`. An Ollama base URL ending in
    /// `/v1` uses its OpenAI-compatible endpoint; otherwise its native `/api/chat`.
    public func makeProvider(prompts: PraisePrompts, userID: String, transport: any HTTPTransport = CurlTransport())
        -> HTTPPraiseProvider?
    {
        var prompts = prompts
        if !sendsGrammar { prompts.grammar = nil }
        let endpoint: any PraiseEndpoint
        switch provider {
        case .none: return nil
        case .openai:
            endpoint = OpenAIChatEndpoint(baseURL: baseURL, model: model, apiKey: apiKey, prompts: prompts)
        case .ollama where baseURL.hasSuffix("/v1") || baseURL.hasSuffix("/v1/"):
            endpoint = OpenAIChatEndpoint(baseURL: baseURL, model: model, apiKey: apiKey ?? "ollama", prompts: prompts)
        case .ollama:
            endpoint = OllamaChatEndpoint(host: baseURL, model: model, prompts: prompts)
        case .yadg:
            endpoint = YadgBackendEndpoint(baseURL: baseURL, userID: userID)
        }
        return HTTPPraiseProvider(
            endpoint: endpoint, transport: transport, deadline: timeout, attemptTimeout: min(timeout, 10),
            firstDeadline: firstDeadline)
    }
}
