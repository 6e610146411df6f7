// swift-tools-version:6.2
import PackageDescription

/// yadg — "You Are Doing Great" for the terminal.
///
/// No package dependencies: only the system's libedit, SQLite, libcurl and libsodium, reached
/// through module maps.
///
/// Both are linked from the static archives their Debian `-dev` packages install (libedit's with
/// the terminfo, libbsd and libmd archives it needs): loading them as shared libraries made the
/// dynamic loader look up some 2,000 symbols at every start, about a millisecond of a one-shot
/// `yadg log` (README, "Performance"). That is on Linux (GNU ld's `-l:file`); on macOS the shared
/// libraries are linked as usual.
func staticArchives(_ names: [String], else shared: String) -> [LinkerSetting] {
    [
        .unsafeFlags(names.flatMap { ["-Xlinker", "-l:\($0).a"] }, .when(platforms: [.linux])),
        .linkedLibrary(shared, .when(platforms: [.macOS])),
    ]
}

let package = Package(
    name: "yadg",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "yadg", targets: ["yadg"])
    ],
    targets: [
        // System libraries, wrapped by small shims (non-variadic el_set/history, stdio accessors);
        // the targets that use them link their static archives (see `staticArchives`).
        .systemLibrary(name: "CSQLite"),
        .systemLibrary(name: "CLibEdit"),
        // Headers only: libcurl itself is loaded with dlopen when an AI request is first made.
        .systemLibrary(name: "CCurl"),
        // libsodium, for a locked journal (sealed boxes, Argon2id); linked by YadgSealing.
        .systemLibrary(name: "CSodium"),

        // The readers of language, below the core: one way to cut a line into words, phrase patterns,
        // the crisis reader with its evidence, and a small linear model with its trainer.
        .target(name: "YadgLanguage"),
        // Pure core: value types, parsing, praise, the shell's logic. No I/O, no globals.
        .target(name: "YadgCore", dependencies: ["YadgLanguage"]),

        // A locked journal's keys and boxes: what a person wrote, sealed to the journal's public key.
        .target(
            name: "YadgSealing", dependencies: ["CSodium"],
            linkerSettings: staticArchives(["libsodium"], else: "sodium")),

        // Adapters around the core.
        .target(
            name: "YadgStorage", dependencies: ["YadgCore", "YadgSealing", "CSQLite"],
            linkerSettings: staticArchives(["libsqlite3"], else: "sqlite3")),
        .target(
            name: "YadgTerminal", dependencies: ["YadgCore", "YadgSealing", "CLibEdit"],
            linkerSettings: staticArchives(["libedit", "libtinfo", "libbsd", "libmd"], else: "edit")),
        // The one HTTP transport (libcurl) and retrying client, shared by AI, sync and entitlement.
        .target(name: "YadgHTTP", dependencies: ["CCurl"]),
        .target(name: "YadgAI", dependencies: ["YadgCore", "YadgHTTP"]),
        // Offline-first sync with the yadg backend: the outbox's worker and the backend's client.
        .target(name: "YadgSync", dependencies: ["YadgCore", "YadgHTTP"]),
        // Whether the person has Premium, as a server says: the backend's /user/me or RevenueCat.
        .target(name: "YadgEntitlement", dependencies: ["YadgCore", "YadgHTTP"]),

        // Resources/ and Prompts/ embedded into the binary at build time.
        .target(name: "YadgResources", plugins: ["EmbedResourcesPlugin"]),
        .executableTarget(name: "EmbedResourcesTool"),
        .plugin(
            name: "EmbedResourcesPlugin", capability: .buildTool(), dependencies: ["EmbedResourcesTool"],
            path: "Sources/EmbedResourcesPlugin"),

        // The application: the modes, the effects of replies, praise in the background, JSON events,
        // resource loading. Over protocols, so tests reach it without spawning the binary.
        .target(
            name: "YadgApp",
            dependencies: [
                "YadgCore", "YadgLanguage", "YadgTerminal", "YadgAI", "YadgSync", "YadgEntitlement", "YadgHTTP",
                "YadgStorage", "YadgSealing", "YadgResources",
            ]),

        // The thin executable: argv and environment → options → wiring → run.
        .executableTarget(
            name: "yadg",
            dependencies: ["YadgApp", "YadgAI", "YadgCore", "YadgResources", "YadgStorage", "YadgTerminal"]),

        // Install, uninstall, the Debian package and the manual page: `swift run yadg-dist install`.
        .executableTarget(name: "yadg-dist", dependencies: ["YadgCore", "YadgResources"]),
        // The crisis reader's corpora, model and lexicon: `swift run yadg-train eval|explain|fit|lexicon`.
        .executableTarget(name: "yadg-train", dependencies: ["YadgCore", "YadgLanguage"]),
        // Benchmarks, run in release: `swift run -c release yadg-bench parse`.
        .executableTarget(
            name: "yadg-bench",
            dependencies: ["YadgCore", "YadgStorage", "YadgSealing", "YadgResources", "CSQLite", "CPseudoTerminal"]),
        // libFuzzer target for the time parser; see its main.swift for the build command.
        .executableTarget(name: "FuzzTimeParser", dependencies: ["YadgCore"]),

        // What the test targets share: resources, a fixed clock, a seeded shell, temporary homes.
        .target(
            name: "YadgTestSupport", dependencies: ["YadgCore", "YadgLanguage", "YadgResources"],
            path: "Tests/YadgTestSupport"),
        .testTarget(name: "YadgLanguageTests", dependencies: ["YadgLanguage"]),
        .testTarget(name: "YadgSealingTests", dependencies: ["YadgSealing"]),
        .testTarget(
            name: "YadgCoreTests",
            dependencies: ["YadgCore", "YadgLanguage", "YadgTerminal", "YadgResources", "YadgTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "YadgAppTests", dependencies: ["YadgApp", "YadgCore", "YadgAI", "YadgTestSupport"]),
        .testTarget(
            name: "YadgStorageTests",
            dependencies: ["YadgStorage", "YadgSealing", "YadgCore", "CSQLite", "YadgTestSupport"]),
        .testTarget(name: "YadgTerminalTests", dependencies: ["YadgTerminal", "YadgCore"]),
        .target(name: "FixtureServer", path: "Tests/FixtureServer"),
        .testTarget(name: "YadgHTTPTests", dependencies: ["YadgHTTP", "FixtureServer"]),
        .testTarget(
            name: "YadgEntitlementTests", dependencies: ["YadgEntitlement", "YadgCore", "YadgHTTP", "FixtureServer"]),
        .testTarget(
            name: "YadgSyncTests", dependencies: ["YadgSync", "YadgStorage", "YadgCore", "YadgHTTP", "FixtureServer"]),
        .testTarget(
            name: "YadgAITests", dependencies: ["YadgAI", "YadgHTTP", "YadgCore", "YadgResources", "FixtureServer"]),
        .target(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal"),
        .testTarget(
            name: "YadgEndToEndTests",
            dependencies: [
                "yadg", "yadg-dist", "CSQLite", "CPseudoTerminal", "FixtureServer", "YadgTestSupport", "YadgResources",
                "YadgCore",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// Every Swift target spells existential types with `any` and imports each module whose members
// it uses (as swift-log does).
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
