import YadgCore
import YadgHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Looks for a model server already running on this machine: Ollama (`OLLAMA_HOST`, or
/// 127.0.0.1:11434), llama.cpp's `llama-server` (8080) and LM Studio (1234), which speak the
/// OpenAI API. All are asked at once and the whole search takes at most `budget` seconds. It runs
/// when the person asks for the AI choices (`/settings ai`) and once at the first run when no AI
/// is chosen, never on a later start.
public struct LocalModelFinder: Sendable {
    /// One place to look.
    public struct Candidate: Sendable, Equatable {
        public var kind: String
        public var baseURL: String
        public var name: String

        public init(kind: String, baseURL: String, name: String) {
            self.kind = kind
            self.baseURL = baseURL
            self.name = name
        }
    }

    let candidates: [Candidate]
    let transport: any HTTPTransport
    let budget: Double

    public init(candidates: [Candidate], transport: any HTTPTransport, budget: Double = 0.15) {
        self.candidates = candidates
        self.transport = transport
        self.budget = budget
    }

    /// The places to look: the usual servers, or only those `YADG_LOCAL_SERVERS` names
    /// (`ollama`, `llama.cpp`, `lmstudio`, comma-separated; `none` looks nowhere). The tests
    /// name theirs, so a model server running on the machine never meets them.
    public static func candidates(environment: [String: String]) -> [Candidate] {
        let usual = usual(ollamaHost: environment["OLLAMA_HOST"])
        guard let names = environment["YADG_LOCAL_SERVERS"]?.lowercased() else { return usual.map(\.candidate) }
        let wanted = Set(names.split(separator: ",").map { String($0.filter { $0 != " " }) })
        return usual.filter { wanted.contains($0.id) }.map(\.candidate)
    }

    /// The usual local servers, with Ollama where `OLLAMA_HOST` says.
    private static func usual(ollamaHost: String?) -> [(id: String, candidate: Candidate)] {
        [
            ("ollama", Candidate(kind: "ollama", baseURL: AISettings.ollamaHost(ollamaHost), name: "Ollama")),
            ("llama.cpp", Candidate(kind: "openai", baseURL: "http://127.0.0.1:8080/v1", name: "llama.cpp server")),
            ("lmstudio", Candidate(kind: "openai", baseURL: "http://127.0.0.1:1234/v1", name: "LM Studio")),
        ]
    }

    /// The servers that answered with at least one model, in the candidates' order.
    public func find() async -> [LocalModelServer] {
        await withTaskGroup(of: (Int, LocalModelServer?).self) { group in
            for (index, candidate) in candidates.enumerated() {
                group.addTask { (index, await self.ask(candidate)) }
            }
            var found: [(Int, LocalModelServer)] = []
            for await (index, server) in group {
                if let server { found.append((index, server)) }
            }
            return found.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    private func ask(_ candidate: Candidate) async -> LocalModelServer? {
        let base = candidate.baseURL.hasSuffix("/") ? String(candidate.baseURL.dropLast()) : candidate.baseURL
        let path = candidate.kind == "ollama" ? "/api/tags" : "/models"
        // Each request gets most of the budget; loading libcurl and starting the requests take the rest.
        let request = HTTPRequest(method: "GET", url: base + path, timeout: budget * 0.7)
        guard let response = try? await transport.send(request), response.status == 200,
            let object = JSONValue.parse(response.body)
        else { return nil }
        let rows = (object["models"] ?? object["data"])?.array ?? []
        guard let model = rows.lazy.compactMap({ ($0["name"] ?? $0["model"] ?? $0["id"])?.string }).first,
            !model.isEmpty, model.count <= 200
        else { return nil }
        return LocalModelServer(
            kind: candidate.kind, baseURL: candidate.baseURL, model: TerminalSanitizer.clean(model),
            name: candidate.name)
    }
}
