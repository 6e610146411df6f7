import Foundation
import YadgCore
import YadgResources

/// Decodes the embedded resources, letting a file of the same name in the config folder
/// override each one (a person's own praise pool, say). A broken override is reported and the
/// built-in file is used instead.
public enum LoadedResources {
    public static func load(configDirectory: String, warn: (String) -> Void) -> ShellResources {
        func text(_ key: String) -> String {
            let name = String(key.split(separator: "/").last ?? "")
            if let override = try? String(contentsOfFile: configDirectory + "/" + name, encoding: .utf8) {
                return override
            }
            return EmbeddedResources.text(key) ?? ""
        }
        var broken: [String] = []
        func decode<T>(_ key: String, _ make: (String) throws -> T) -> T {
            do {
                return try make(text(key))
            } catch {
                broken.append(String(key.split(separator: "/").last ?? ""))
                // The embedded file is tested in CI, so this cannot fail.
                return try! make(EmbeddedResources.text(key) ?? "")
            }
        }
        // Copy falls back to the built-in text section by section, so an older override still works.
        let builtInCopy = EmbeddedResources.text("Resources/copy.json") ?? ""
        let copy = decode("Resources/copy.json") { try Copy(json: $0, fallback: builtInCopy) }
        let resources = ShellResources(
            copy: copy,
            praise: decode("Resources/praise.json", PraisePool.init(json:)),
            classifier: decode("Resources/actions.json", ActionClassifier.init(json:)),
            homePhrases: decode("Resources/home-phrases.json") {
                guard let phrases = try CopyTree(json: $0).texts else { throw ResourceError.unexpected("home phrases shape") }
                return phrases
            },
            privacy: trimmingNewlines(text("Resources/privacy.md")),
            terms: trimmingNewlines(text("Resources/terms.md")),
            crisis: decode("Resources/crisis.json", CrisisCheck.init(json:)))
        for name in broken {
            warn(
                Copy.fill(
                    copy[CommandLineCopy.self].resourceOverrideBroken, ["name": name, "folder": configDirectory]))
        }
        return resources
    }

    /// The document without blank lines around it (Foundation's trimming bridges the whole text).
    static func trimmingNewlines(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isNewline }),
            let last = text.lastIndex(where: { !$0.isNewline })
        else { return "" }
        return String(text[first...last])
    }
}
