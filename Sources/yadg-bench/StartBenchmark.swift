import Foundation
import YadgCore

/// The conversation's start to prompt and a one-shot `yadg log`, side by side with a Swift "hello"
/// that imports Foundation (built here with the same toolchain, `swiftc -O`), over a home of
/// 10,000 moments: the ratios are what the targets are stated in. `staticStdlib`: the hello
/// is linked with `-static-stdlib`, to compare with a yadg built `--static-swift-stdlib` (as the
/// README installs it), like with like.
enum StartBenchmark {
    /// `against`: another yadg (an older build), timed in the same rounds on its own copy of the
    /// home, with its own ratios to the hello and this yadg's ratio to it.
    static func run(runs: Int = 31, staticStdlib: Bool = false, against other: String? = nil) {
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
        BenchHarness.markPastFirstRun(home + "/moments.db")
        var otherEnv = env
        if let other {
            // Its own home, filled by itself: a copy of this one's would hold this build's schema,
            // which an older build only reads, so its `yadg log` would be timed refusing to write.
            otherEnv["YADG_HOME"] = folder + "/home-against"
            _ = BenchHarness.timeProcess(other, ["--no-ai"], otherEnv, input: folder + "/phrases.txt")
            _ = BenchHarness.timeProcess(other, ["settings", "ai", "none"], otherEnv)
            BenchHarness.markPastFirstRun(folder + "/home-against/moments.db")
        }

        // This yadg, the hello, then the other yadg, in every round.
        var prompt: [[Double]] = [[], [], []]
        var log: [[Double]] = [[], [], []]
        for _ in 0..<runs {
            if let t = ViewsBenchmark.timeToPrompt(yadg, env) { prompt[0].append(t) }
            if let t = ViewsBenchmark.timeToPrompt(hello, env) { prompt[1].append(t) }
            log[0].append(ViewsBenchmark.timeProcess(yadg, ["log", "took", "a", "walk"], env))
            log[1].append(ViewsBenchmark.timeProcess(hello, [], env))
            if let other {
                if let t = ViewsBenchmark.timeToPrompt(other, otherEnv) { prompt[2].append(t) }
                log[2].append(ViewsBenchmark.timeProcess(other, ["log", "took", "a", "walk"], otherEnv))
            }
        }
        func ratio(_ a: [Double], _ b: [Double]) -> String {
            String(format: "%.2f", ViewsBenchmark.median(a) / ViewsBenchmark.median(b))
        }
        for (label, times) in [("start to prompt", prompt), ("yadg log", log)] {
            ViewsBenchmark.report(label, times[0])
            ViewsBenchmark.report("  hello", times[1])
            print("  ratio to the hello \(ratio(times[0], times[1]))")
            guard other != nil else { continue }
            ViewsBenchmark.report("  --against", times[2])
            print("  --against's ratio to the hello \(ratio(times[2], times[1]))")
            print("  this / --against \(ratio(times[0], times[2]))")
        }
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
