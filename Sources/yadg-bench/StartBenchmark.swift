import Foundation
import YadgCore
import YadgStorage

/// The conversation's start to prompt and a one-shot `yadg log`, side by side with a Swift "hello"
/// that imports Foundation (built here with the same toolchain, `swiftc -O`), over a home of
/// 10,000 moments: the ratios are what the targets are stated in. `staticStdlib`: the hello
/// is linked with `-static-stdlib`, to compare with a yadg built `--static-swift-stdlib` (as the
/// README installs it), like with like.
enum StartBenchmark {
    static func run(runs: Int = 31, staticStdlib: Bool = false) {
        let yadg = BenchHarness.yadgBeside()
        let folder = BenchHarness.temporaryFolder("start")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let hello = buildHello(in: folder, staticStdlib: staticStdlib) else {
            print("yadg-bench: could not build the Foundation hello with swiftc")
            exit(1)
        }
        let home = folder + "/home"
        var env = ProcessInfo.processInfo.environment
        env["YADG_HOME"] = home
        env["YADG_AI_PROVIDER"] = "none"
        env["TERM"] = "xterm-256color"
        // A home past its first run, with 10,000 moments.
        try! PipeBenchmark.phrases(10_000).write(toFile: folder + "/phrases.txt", atomically: true, encoding: .utf8)
        _ = BenchHarness.timeProcess(yadg, ["--no-ai"], env, input: folder + "/phrases.txt")
        _ = BenchHarness.timeProcess(yadg, ["settings", "ai", "none"], env)
        // Onboarding seen, so the start goes straight to Home.
        try! SQLiteMomentStore(path: home + "/moments.db").setState([.hasSeenOnboarding: "1"])

        var prompt: [[Double]] = [[], []]
        var log: [[Double]] = [[], []]
        for _ in 0..<runs {
            if let t = ViewsBenchmark.timeToPrompt(yadg, env) { prompt[0].append(t) }
            if let t = ViewsBenchmark.timeToPrompt(hello, env) { prompt[1].append(t) }
            log[0].append(ViewsBenchmark.timeProcess(yadg, ["log", "took", "a", "walk"], env))
            log[1].append(ViewsBenchmark.timeProcess(hello, [], env))
        }
        ViewsBenchmark.compare("start to prompt (vs hello)", prompt)
        ViewsBenchmark.compare("yadg log (vs hello)", log)
    }

    /// `import Foundation; print("› ")`, compiled as yadg is.
    static func buildHello(in folder: String, staticStdlib: Bool) -> String? {
        let source = folder + "/hello.swift"
        let binary = folder + "/hello"
        try? "import Foundation\nprint(\"› \")\n"
            .write(toFile: source, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-O", source, "-o", binary] + (staticStdlib ? ["-static-stdlib"] : [])
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? binary : nil
    }
}
