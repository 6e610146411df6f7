/// The files of the package's `Resources/` and `Prompts/` folders, embedded at build time.
///
/// Keys are `"Resources/<name>"` and `"Prompts/<name>"`. A person may override any file with one
/// of the same name in the config folder; that lookup lives in the executable, not here.
public enum EmbeddedResources {
    /// The text of an embedded file, e.g. `EmbeddedResources.text("Resources/praise.json")`.
    public static func text(_ key: String) -> String? {
        embeddedFileContents[key]
    }

    /// The commit the binary was built from (40 hex digits), or "" when it was built outside a
    /// git checkout.
    public static var buildCommit: String { embeddedBuildCommit }

    /// Every embedded key, sorted.
    public static var keys: [String] { embeddedFileContents.keys.sorted() }
}
