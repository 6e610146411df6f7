import CSQLite
import Foundation
import YadgCore

#if canImport(Glibc)
    import Glibc
#endif

/// What the whole-process benchmarks share: the yadg built beside this binary, a temporary
/// folder, and the wall time of one run.
enum BenchHarness {
    /// The `yadg` built beside `yadg-bench`; exits with a hint when there is none.
    static func yadgBeside() -> String {
        let yadg = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "yadg")
            .path
        guard FileManager.default.isExecutableFile(atPath: yadg) else {
            print("yadg-bench: build yadg first (swift build -c release)")
            exit(1)
        }
        return yadg
    }

    /// A new empty folder under the temporary directory (the caller removes it).
    static func temporaryFolder(_ label: String) -> String {
        let folder = NSTemporaryDirectory() + "yadg-bench-\(label)-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Wall time of one run from posix_spawn to exit in milliseconds, stdin from `input`, output
    /// discarded.
    static func timeProcess(_ path: String, _ arguments: [String], _ env: [String: String], input: String = "/dev/null")
        -> Double
    {
        timedRun(path, arguments, env, input: input).wall
    }

    /// One run's wall time and the CPU time the process used (`wait4`'s resource usage), in
    /// milliseconds: CPU time moves far less than wall time when other work shares the machine.
    static func timedRun(_ path: String, _ arguments: [String], _ env: [String: String], input: String = "/dev/null")
        -> (wall: Double, cpu: Double)
    {
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
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { return (.nan, .nan) }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1e3 + Double(t.tv_usec) / 1e3 }
        return (wall, ms(usage.ru_utime) + ms(usage.ru_stime))
    }

    /// The value after `--name` in the arguments, if any (`--against OLD_YADG`).
    static func option(_ name: String, in arguments: [String]) -> String? {
        arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    }

    /// Marks a home's onboarding and first log as done, written plainly rather than through this
    /// build's store, which would migrate a home an older build filled (and that build would then
    /// only read it).
    static func markPastFirstRun(_ databasePath: String) {
        var db: OpaquePointer?
        sqlite3_open(databasePath, &db)
        defer { sqlite3_close(db) }
        for key in [StateKey.hasSeenOnboarding, .hasCompletedFirstLog] {
            sqlite3_exec(
                db,
                "INSERT INTO state (key, value) VALUES ('\(key.rawValue)', '1') ON CONFLICT(key) DO UPDATE SET value = '1'",
                nil, nil, nil)
        }
    }
}
