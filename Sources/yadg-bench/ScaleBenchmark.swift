import Foundation

/// What a person waits for, as history grows: the one-shot `yadg log`, the conversation's start to
/// its prompt, and each look-back view, over homes of 1,000 to 1,000,000 moments (generated here,
/// about 92 a day going back from now), in one table. Nothing in it should grow with history
/// beyond a few milliseconds; the start stays under 50 ms at a million.
enum ScaleBenchmark {
    /// The one-shot commands timed, here and by `views`.
    static let commands: [[String]] = [
        ["log", "took", "a", "walk"], ["moments", "today"], ["journey"], ["journey", "weeks"], ["week"],
        ["week", "last"], ["onthisday"], ["stats"],
    ]

    static func run(sizes: [Int] = [1_000, 10_000, 100_000, 1_000_000], runs: Int = 11) {
        let yadg = BenchHarness.yadgBeside()
        var env = ProcessInfo.processInfo.environment
        env["YADG_AI_PROVIDER"] = "none"
        env["TERM"] = "xterm-256color"
        let labels = commands.map { "yadg " + $0.joined(separator: " ") } + ["conversation start to prompt"]
        var medians: [[Double]] = labels.map { _ in [] }
        var widest = 0.0
        let baseline = Spread((0..<runs).map { _ in BenchHarness.timeProcess("/bin/true", [], env) })
        for size in sizes {
            let home = BenchHarness.temporaryFolder("scale-\(size)")
            defer { try? FileManager.default.removeItem(atPath: home) }
            let seedStart = Date()
            ViewsBenchmark.seed(size, into: home)
            let bytes = fileSize(home + "/moments.db") + fileSize(home + "/moments.db-wal")
            print(
                "seeded \(label(size)) moments (\(bytes / 1_000_000) MB) in "
                    + String(format: "%.1f s", Date().timeIntervalSince(seedStart)))
            env["YADG_HOME"] = home
            // A first run of each folds the seeding's log into the database and settles the caches:
            // what is timed is an ordinary day's use, not the first start after an import.
            for arguments in commands { _ = BenchHarness.timeProcess(yadg, arguments, env) }
            _ = ViewsBenchmark.timeToPrompt(yadg, env)
            var times: [[Double]] = labels.map { _ in [] }
            for _ in 0..<runs {
                for (index, arguments) in commands.enumerated() {
                    times[index].append(BenchHarness.timeProcess(yadg, arguments, env))
                }
                if let prompt = ViewsBenchmark.timeToPrompt(yadg, env) { times[commands.count].append(prompt) }
            }
            for (index, sample) in times.enumerated() {
                let spread = Spread(sample)
                medians[index].append(spread.median)
                widest = max(widest, spread.relative / 2)
            }
        }
        print("")
        print("median ms, \(runs) runs each; the widest spread of any cell ±\(Int((widest * 100).rounded()))%")
        print("(process start alone, /bin/true: \(String(format: "%.1f", baseline.median)) ms)")
        let header = "| what | " + sizes.map(label).joined(separator: " | ") + " |"
        print(header)
        print("|---|" + sizes.map { _ in "---:|" }.joined())
        for (index, label) in labels.enumerated() {
            print("| \(label) | " + medians[index].map { String(format: "%.1f", $0) }.joined(separator: " | ") + " |")
        }
    }

    static func label(_ size: Int) -> String {
        size >= 1_000_000 ? "\(size / 1_000_000)M" : size >= 1_000 ? "\(size / 1_000)k" : "\(size)"
    }

    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
