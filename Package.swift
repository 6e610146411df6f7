// swift-tools-version:6.1
import PackageDescription

/// yadg — "You Are Doing Great" for the terminal.
///
/// No package dependencies: only the system's libedit and SQLite, reached through module maps.
let package = Package(
    name: "yadg",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "yadg", targets: ["yadg"])
    ],
    targets: [
        // System libraries, wrapped by small shims (non-variadic el_set/history, stdio accessors).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // Headers only: libcurl itself is loaded with dlopen when an AI request is first made.
        .systemLibrary(name: "CCurl"),

        // Pure core: value types, parsing, praise, the shell's logic. No I/O, no globals.
        .target(name: "YadgCore"),

        // Adapters around the core.
        .target(name: "YadgStorage", dependencies: ["YadgCore", "CSQLite"]),
        .target(name: "YadgTerminal", dependencies: ["YadgCore", "CLibEdit"]),
        .target(name: "YadgAI", dependencies: ["YadgCore", "CCurl"]),

        // Resources/ and Prompts/ embedded into the binary at build time.
        .target(name: "YadgResources", plugins: ["EmbedResourcesPlugin"]),
        .executableTarget(name: "EmbedResourcesTool"),
        .plugin(
            name: "EmbedResourcesPlugin", capability: .buildTool(), dependencies: ["EmbedResourcesTool"],
            path: "Sources/EmbedResourcesPlugin"),

        // The thin executable: argv, environment, paths, wiring.
        .executableTarget(
            name: "yadg",
            dependencies: ["YadgCore", "YadgStorage", "YadgTerminal", "YadgAI", "YadgResources"]
        ),

        // Benchmarks, run in release: `swift run -c release yadg-bench parse`.
        .executableTarget(name: "yadg-bench", dependencies: ["YadgCore", "YadgStorage", "CPseudoTerminal"]),
        // libFuzzer target for the time parser; see its main.swift for the build command.
        .executableTarget(name: "FuzzTimeParser", dependencies: ["YadgCore"]),

        .testTarget(
            name: "YadgCoreTests", dependencies: ["YadgCore", "YadgResources"], exclude: ["Fixtures"]),
        .testTarget(name: "YadgStorageTests", dependencies: ["YadgStorage", "YadgCore", "CSQLite"]),
        .testTarget(name: "YadgTerminalTests", dependencies: ["YadgTerminal", "YadgCore"]),
        .target(name: "FixtureServer", path: "Tests/FixtureServer"),
        .testTarget(name: "YadgAITests", dependencies: ["YadgAI", "YadgCore", "YadgResources", "FixtureServer"]),
        .target(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal"),
        .testTarget(name: "YadgEndToEndTests", dependencies: ["yadg", "CSQLite", "CPseudoTerminal", "FixtureServer"]),
    ],
    swiftLanguageModes: [.v6]
)
