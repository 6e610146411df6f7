import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Piped logging, whole process: 10,000 phrases into a fresh home with `--no-ai`, as text and as
/// JSON, medians of several runs (each run a new home). With `--against`, another binary is timed
/// in the same runs, interleaved.
enum PipeBenchmark {
    static func run(lines count: Int = 10_000, runs: Int = 7, against other: String? = nil) {
        let yadg = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "yadg")
            .path
        guard FileManager.default.isExecutableFile(atPath: yadg) else {
            print("yadg-bench: build yadg first (swift build -c release)")
            exit(1)
        }
        let folder = NSTemporaryDirectory() + "yadg-bench-pipe-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/phrases.txt"
        try! phrases(count).write(toFile: input, atomically: true, encoding: .utf8)
        let binaries = [yadg] + (other.map { [$0] } ?? [])
        for json in [false, true] {
            var times = binaries.map { _ in [Double]() }
            for round in 0..<runs {
                for (index, binary) in binaries.enumerated() {
                    let home = folder + "/home-\(index)-\(round)-\(json)"
                    var env = ProcessInfo.processInfo.environment
                    env["YADG_HOME"] = home
                    times[index].append(time(binary, json ? ["--no-ai", "--json"] : ["--no-ai"], input: input, env))
                    try? FileManager.default.removeItem(atPath: home)
                }
            }
            ViewsBenchmark.compare("\(count) piped phrases\(json ? " --json" : "")", times)
        }
    }

    /// Phrases like people pipe: a done-list, some with times.
    static func phrases(_ count: Int) -> String {
        let wins = [
            "took a walk", "called mom", "did the dishes", "read a book", "went for a run", "drank water",
            "cleaned the kitchen", "paid a bill",
        ]
        let times = ["", "", " 2 hours ago", " yesterday", " at 8", " this morning", " 30 min ago"]
        var generator = SplitMix(state: 1)
        return (0..<count).map { _ in
            wins[Int(generator.next() % UInt64(wins.count))] + times[Int(generator.next() % UInt64(times.count))] + "\n"
        }.joined()
    }

    /// Wall time of one run, stdin from `input`, output discarded.
    static func time(_ path: String, _ arguments: [String], input: String, _ env: [String: String]) -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        for fd in [Int32(1), 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDWR, 0) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { return .nan }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// The same phrases every run.
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
