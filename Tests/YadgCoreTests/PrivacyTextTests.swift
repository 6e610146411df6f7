import Foundation
import Testing
import YadgResources

/// The privacy text names every place yadg can send something. The sources are read as text: a
/// new URL written into the code (a default endpoint, a port probed), or a new setting that points
/// requests somewhere, fails here until the privacy text says so.
struct PrivacyTextTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func sources() throws -> [(String, String)] {
        let folder = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }.map {
            ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { i in
                Range(match.range(at: i), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    @Test("Every host written in the code or the copy is named in the privacy text")
    func everyHostIsNamed() throws {
        let privacy = try #require(EmbeddedResources.text("Resources/privacy.md"))
        let copy = try #require(EmbeddedResources.text("Resources/copy.json"))
        var hosts: [String: String] = [:]
        for (file, text) in try Self.sources() + [("Resources/copy.json", copy)] {
            for match in Self.matches(#""[^"\n]*https?://([A-Za-z0-9.\-]+(:[0-9]+)?)"#, in: text) {
                hosts[match[1], default: file] = file
            }
        }
        #expect(hosts.count >= 7, "the scan found too few hosts to be looking at the sources: \(hosts)")
        for (host, file) in hosts.sorted(by: { $0.key < $1.key }) {
            // A name with a port is named with it; youaredoinggreat.app covers its pages.
            let named = privacy.contains(host) || privacy.contains(host.split(separator: ":")[0] + ":")
            #expect(named, "\(host) (in \(file)) is not named in Resources/privacy.md")
        }
    }

    @Test("Every setting that points requests somewhere is named in the privacy text")
    func everyDestinationSettingIsNamed() throws {
        let privacy = try #require(EmbeddedResources.text("Resources/privacy.md"))
        var settings: Set<String> = []
        for (_, text) in try Self.sources() {
            for match in Self.matches(#"value\("([A-Z_]+)", "([a-z_]+)"\)"#, in: text)
            where match[1].hasSuffix("URL") || match[1].hasSuffix("HOST") {
                settings.insert(match[2])
            }
            for match in Self.matches(#"(?:env|environment)(?:\.variables)?\["([A-Z_]+(?:URL|HOST))"\]"#, in: text) {
                settings.insert(match[1])
            }
        }
        #expect(settings.isSuperset(of: ["api_url", "base_url", "revenuecat_url", "OLLAMA_HOST"]), "\(settings)")
        for setting in settings.sorted() {
            #expect(privacy.contains(setting), "\(setting) points requests somewhere but privacy.md does not name it")
        }
    }

    @Test("What identifies a person on the wire is named: the anonymous id, its header, the key")
    func identifiersAreNamed() throws {
        let privacy = try #require(EmbeddedResources.text("Resources/privacy.md"))
        for phrase in ["x-user-id", "anonymous id", "API key", "no telemetry", "/delete-my-data", "time zone"] {
            #expect(privacy.contains(phrase), "\(phrase)")
        }
    }
}
