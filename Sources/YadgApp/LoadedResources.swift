import YadgLanguage
import YadgCore
import YadgResources
import YadgStorage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decodes the embedded resources, letting a file of the same name in the config folder
/// override each one (a person's own praise pool, say). A broken override is reported and the
/// built-in file is used instead.
public enum LoadedResources {
    public static func load(configDirectory: String, warn: (String) -> Void) -> ShellResources {
        func name(_ key: String) -> String { String(key.split(separator: "/").last ?? "") }
        func override(_ key: String) -> String? {
            PrivateFiles.readText(configDirectory + "/" + name(key))
        }
        func text(_ key: String) -> String { override(key) ?? EmbeddedResources.text(key) ?? "" }
        var broken: [String] = []
        /// `given`: the file's text when it was already read.
        func decode<T>(_ key: String, given: String? = nil, _ make: (String) throws -> T) -> T {
            do {
                return try make(given ?? text(key))
            } catch {
                broken.append(name(key))
                // The embedded file is tested in CI, so this cannot fail.
                return try! make(EmbeddedResources.text(key) ?? "")
            }
        }
        /// The built-in file is read when first needed; an override is read now, so a broken one
        /// is reported at start, not in the middle of a conversation.
        func lazily<T: Sendable>(_ key: String, _ make: @escaping @Sendable (String) throws -> T) -> Lazy<T> {
            if let overriding = override(key) { return Lazy(value: decode(key, given: overriding, make)) }
            return Lazy { try! make(EmbeddedResources.text(key) ?? "") }
        }
        // The crisis reading is a safety resource: a file of the same name can only add phrases to
        // it, never replace or empty it, and its model cannot be overridden at all.
        let crisisAdditions = override("Resources/crisis.json")
        if let crisisAdditions, (try? CrisisCheck.additions(crisisAdditions)) == nil {
            broken.append(name("Resources/crisis.json"))
        }
        let crisis = Lazy<CrisisCheck> {
            let compiled = EmbeddedResources.text("Resources/crisis-reader.txt") ?? ""
            let model = EmbeddedResources.text("Resources/crisis-model.tsv")
            // The built-in files are tested in CI, so without the additions this cannot fail.
            return (try? CrisisCheck(compiled: compiled, model: model, additions: crisisAdditions))
                ?? (try! CrisisCheck(compiled: compiled, model: model))
        }
        // Copy falls back to the built-in text section by section, so an older override still works.
        let builtInCopy = EmbeddedResources.text("Resources/copy.json") ?? ""
        let copy = decode("Resources/copy.json") { try Copy(json: $0, fallback: builtInCopy) }
        let resources = ShellResources(
            copy: copy,
            homePhrases: decode("Resources/home-phrases.json") {
                guard let phrases = try CopyTree(json: $0).texts else {
                    throw ResourceError.unexpected("home phrases shape")
                }
                return phrases
            },
            privacy: trimmingNewlines(text("Resources/privacy.md")),
            terms: trimmingNewlines(text("Resources/terms.md")),
            praise: lazily("Resources/praise.json", PraisePool.init(json:)),
            classifier: lazily("Resources/actions.json", ActionClassifier.init(json:)),
            crisis: crisis,
            moods: lazily("Resources/moods.json", MoodVocabulary.init(json:)),
            talk: Lazy { try! TalkWords(compiled: EmbeddedResources.text("Resources/talk-reader.txt") ?? "") })
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
