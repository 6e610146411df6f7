import FixtureServer
import Foundation
import Testing
import YadgAI
import YadgCore
import YadgHTTP

/// Looking for a model server on this machine, against real sockets on 127.0.0.1: found, not
/// running, slow to answer, answering garbage. (How long the search takes is a benchmark's
/// business; here, a server slower than the budget is simply not offered.)
struct LocalModelFinderTests {
    static let server = try! FixtureServer { request in
        let models = #"{"models":[{"name":"smollm2:135m","model":"smollm2:135m"}]}"#
        switch request.path {
        case "/found/api/tags": return (200, models, "")
        case "/slow/api/tags":
            usleep(1_000_000)
            return (200, models, "")
        case "/garbage/api/tags": return (200, "{not json at all", "")
        case "/empty/api/tags": return (200, #"{"models":[]}"#, "")
        case "/escape/api/tags": return (200, #"{"models":[{"name":"evil\u001b[2Jmodel"}]}"#, "")
        case "/llama/v1/models": return (200, #"{"object":"list","data":[{"id":"smollm2","object":"model"}]}"#, "")
        default: return (404, "{}", "")
        }
    }

    /// A port nothing listens on.
    static let closedPort: Int = {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        close(fd)
        return Int(UInt16(bigEndian: address.sin_port))
    }()

    func find(_ candidates: [LocalModelFinder.Candidate]) async -> [LocalModelServer] {
        await LocalModelFinder(candidates: candidates, transport: CurlTransport()).find()
    }

    func ollama(_ behaviour: String) -> LocalModelFinder.Candidate {
        .init(kind: "ollama", baseURL: Self.server.url(behaviour), name: "Ollama")
    }

    @Test("Found: Ollama and an OpenAI-compatible server, each with the model it reports, in order")
    func found() async {
        let llama = LocalModelFinder.Candidate(
            kind: "openai", baseURL: Self.server.url("llama") + "/v1", name: "llama.cpp server")
        let servers = await find([ollama("found"), llama])
        #expect(servers.map(\.model) == ["smollm2:135m", "smollm2"])
        #expect(servers.map(\.name) == ["Ollama", "llama.cpp server"])
    }

    @Test("Not running, slower than the budget, garbage, no models: none offered; a hostile name is cleaned")
    func notOffered() async {
        let closed = LocalModelFinder.Candidate(
            kind: "ollama", baseURL: "http://127.0.0.1:\(Self.closedPort)", name: "Ollama")
        let servers = await find([closed, ollama("slow"), ollama("garbage"), ollama("empty"), ollama("found")])
        #expect(servers.map(\.model) == ["smollm2:135m"], "only the one that answered well, in time")
        let hostile = await find([ollama("escape")])
        #expect(hostile.first?.model == "evilmodel", "the escape sequence is taken out whole")
        #expect(hostile.first?.model.contains("\u{1B}") == false)
    }
}
