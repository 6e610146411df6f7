import Foundation
import YadgCore
import YadgSealing
import YadgStorage

#if canImport(Glibc)
    import Glibc
#endif

/// A locked journal beside the same journal unlocked, in one run (the Privacy and security
/// article of YadgStorage): the views over 100,000 moments, the pipe, and what sealing costs.
enum LockedBenchmark {
    static let passphrase = "a benchmark passphrase"

    /// The views, each timed unlocked and locked in turn. A locked run that shows something sealed
    /// opens the journal once (one Argon2id derivation, read from `YADG_PASSPHRASE_FILE`); the same
    /// derivation is timed in-process in each round and taken off that round's locked time, so the
    /// ratio is of the view's own work. `keyEvery`: moments per run key in the locked history (92,
    /// about a day's: one conversation a day; 1: every moment logged by a one-shot run of its own).
    static func views(moments count: Int = 100_000, runs: Int = 21, keyEvery: Int = 92) {
        let yadg = BenchHarness.yadgBeside()
        let plainHome = BenchHarness.temporaryFolder("views-plain")
        let lockedHome = BenchHarness.temporaryFolder("views-locked")
        let file = lockedHome + "-passphrase"
        defer {
            for path in [plainHome, lockedHome, file] { try? FileManager.default.removeItem(atPath: path) }
        }
        let history = ViewsBenchmark.moments(count)
        var seedStart = Date()
        ViewsBenchmark.seed(count, into: plainHome)
        print("seeded \(count) moments in \(String(format: "%.1f", Date().timeIntervalSince(seedStart))) s")
        seedStart = Date()
        seedLocked(history, into: lockedHome, keyEvery: keyEvery)
        print(
            "seeded the same, locked, one run key per \(keyEvery) moments, in "
                + "\(String(format: "%.1f", Date().timeIntervalSince(seedStart))) s")
        try! (passphrase + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)

        var env = ProcessInfo.processInfo.environment
        env["YADG_AI_PROVIDER"] = "none"
        env["TERM"] = "xterm-256color"
        var plainEnv = env
        plainEnv["YADG_HOME"] = plainHome
        var lockedEnv = env
        lockedEnv["YADG_HOME"] = lockedHome
        var withoutPassphrase = lockedEnv
        lockedEnv["YADG_PASSPHRASE_FILE"] = file
        let derivationStore = try! SQLiteMomentStore(path: lockedHome + "/moments.db")
        for arguments in ScaleBenchmark.commands {
            // A view that shows nothing sealed (stats, a log) runs without the passphrase at all.
            let opens = exitStatus(yadg, arguments, withoutPassphrase) != 0
            var plain: [Timing] = []
            var locked: [Timing] = []
            var derivations: [Timing] = []
            for _ in 0..<runs {
                plain.append(timeProcess(yadg, arguments, plainEnv))
                locked.append(timeProcess(yadg, arguments, lockedEnv))
                derivations.append(opens ? timeDerivation(derivationStore) : Timing(wall: 0, cpu: 0))
            }
            let label = "yadg " + arguments.joined(separator: " ")
            report(label, plain: plain.map(\.wall), locked: locked.map(\.wall), derivations: derivations.map(\.wall))
            report(
                "  the same in CPU time", plain: plain.map(\.cpu), locked: locked.map(\.cpu),
                derivations: derivations.map(\.cpu))
        }
        withoutPassphrase["TERM"] = "xterm-256color"
        var plainPrompt: [Double] = []
        var lockedPrompt: [Double] = []
        for _ in 0..<runs {
            if let t = ViewsBenchmark.timeToPrompt(yadg, plainEnv) { plainPrompt.append(t) }
            if let t = ViewsBenchmark.timeToPrompt(yadg, withoutPassphrase) { lockedPrompt.append(t) }
        }
        report(
            "conversation start to prompt", plain: plainPrompt, locked: lockedPrompt,
            derivations: lockedPrompt.map { _ in 0 })
        let derivation = (0..<runs).map { _ in timeDerivation(derivationStore) }
        ViewsBenchmark.report("the derivation alone", derivation.map(\.wall))
        ViewsBenchmark.report("  in CPU time", derivation.map(\.cpu))
    }

    /// Wall time and CPU time (user and system, of the process or, in-process, of this thread), in ms.
    struct Timing {
        let wall: Double
        let cpu: Double
    }

    /// One run's wall time and CPU time (``BenchHarness/timedRun(_:_:_:input:)``).
    static func timeProcess(
        _ path: String, _ arguments: [String], _ env: [String: String], input: String = "/dev/null"
    ) -> Timing {
        let run = BenchHarness.timedRun(path, arguments, env, input: input)
        return Timing(wall: run.wall, cpu: run.cpu)
    }

    /// One run's medians, and the ratio locked over unlocked round by round, the derivation apart.
    static func report(_ label: String, plain: [Double], locked: [Double], derivations: [Double]) {
        ViewsBenchmark.report(label, plain)
        ViewsBenchmark.report("  locked", locked)
        let apart = zip(locked, derivations).map { $0 - $1 }
        if derivations.contains(where: { $0 > 0 }) { ViewsBenchmark.report("  locked, derivation apart", apart) }
        let ratios = zip(apart, plain).map { $0 / $1 }
        print("  ratio locked/unlocked, round by round: " + Spread(ratios).text("×", digits: 2))
    }

    /// The same history, locked: a key pair, then the moments written by one store per
    /// `keyEvery` of them (each store a run with a key of its own), as a person's runs leave them.
    static func seedLocked(_ history: [Moment], into home: String, keyEvery: Int) {
        let first = try! SQLiteMomentStore(path: home + "/moments.db")
        try! first.setState([.hasSeenOnboarding: "1", .aiConsent: "no"])
        _ = try! first.lock(with: .passphrase(passphrase), photos: nil)
        for start in stride(from: 0, to: history.count, by: max(1, keyEvery)) {
            let run = try! SQLiteMomentStore(path: home + "/moments.db")
            _ = try! run.insert(Array(history[start..<min(start + keyEvery, history.count)]))
        }
        // Said only once there are moments: a store that finds the state saying so and no moment
        // takes its log for lost (<doc:Storage>) and refuses to open.
        try! SQLiteMomentStore(path: home + "/moments.db").setState([.hasCompletedFirstLog: "1"])
    }

    /// What a locked run pays once to read: reading the key record and one Argon2id derivation
    /// (single-threaded: this thread's CPU time is all of it).
    static func timeDerivation(_ store: SQLiteMomentStore) -> Timing {
        store.close()
        var cpuStart = timespec()
        var cpuEnd = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpuStart)
        let start = DispatchTime.now().uptimeNanoseconds
        precondition(store.open(with: .passphrase(passphrase)) == .opened)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpuEnd)
        let cpu = Double(cpuEnd.tv_sec - cpuStart.tv_sec) * 1e3 + Double(cpuEnd.tv_nsec - cpuStart.tv_nsec) / 1e6
        return Timing(wall: wall, cpu: cpu)
    }

    static func exitStatus(_ path: String, _ arguments: [String], _ env: [String: String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try! process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// 10,000 piped phrases into a fresh home and into a fresh locked one, in turn, text and
    /// `--json`: writing needs only the public key, so no derivation is made.
    static func pipe(lines count: Int = 10_000, runs: Int = 11) {
        let yadg = BenchHarness.yadgBeside()
        let folder = BenchHarness.temporaryFolder("pipe-locked")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/phrases.txt"
        try! PipeBenchmark.phrases(count).write(toFile: input, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        for json in [false, true] {
            var plain: [Timing] = []
            var locked: [Timing] = []
            for round in 0..<runs {
                for lock in [false, true] {
                    // Both homes made by the store first (the locked one then locked), so both runs
                    // open a database that exists.
                    let home = folder + "/home-\(round)-\(json)-\(lock)"
                    try! FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
                    let store = try! SQLiteMomentStore(path: home + "/moments.db")
                    if lock { _ = try! store.lock(with: .passphrase(passphrase), photos: nil) }
                    env["YADG_HOME"] = home
                    let time = timeProcess(yadg, json ? ["--no-ai", "--json"] : ["--no-ai"], env, input: input)
                    if lock { locked.append(time) } else { plain.append(time) }
                    try? FileManager.default.removeItem(atPath: home)
                }
            }
            let label = "\(count) piped phrases\(json ? " --json" : "")"
            report(label, plain: plain.map(\.wall), locked: locked.map(\.wall), derivations: plain.map { _ in 0 })
            report(
                "  the same in CPU time", plain: plain.map(\.cpu), locked: locked.map(\.cpu),
                derivations: plain.map { _ in 0 })
        }
    }

    /// What sealing costs, in-process: a sealed box per row (X25519 twice to write, once to read)
    /// against a row under a run key, and a passphrase checked right and wrong (the same work:
    /// one Argon2id derivation, one tag compared in constant time).
    static func seal(runs: Int = 11) {
        let (record, secret) = JournalKeys.create(passphrase: .passphrase(passphrase))!
        let row = Array(String(repeating: "took a walk by the river, then tea. ", count: 3).utf8)
        func perCall(_ calls: Int, _ body: () -> Void) -> [Double] {
            (0..<runs).map { _ in
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<calls { body() }
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(calls)
            }
        }
        let (runKey, box) = DataKey.make(sealingTo: record.publicKey)
        let sealed = runKey.seal(row, context: Array("yadg.moment.v1:id".utf8))
        func microseconds(_ label: String, _ values: [Double]) {
            print("\(label.padding(toLength: 34, withPad: " ", startingAt: 0)) \(Spread(values).text("µs", digits: 2))")
        }
        print("a row of \(row.count) bytes, µs per call:")
        microseconds("  crypto_box_seal (a box a row)", perCall(500) { _ = DataKey.make(sealingTo: record.publicKey) })
        microseconds("  crypto_box_seal_open", perCall(500) { _ = DataKey.open(id: 1, sealedBox: box, with: secret) })
        microseconds("  sealed under the run key", perCall(20_000) { _ = runKey.seal(row, context: []) })
        microseconds(
            "  opened under the run key",
            perCall(20_000) { _ = runKey.open(sealed, context: Array("yadg.moment.v1:id".utf8)) })
        var right: [Double] = []
        var wrongFirst: [Double] = []
        var wrongLast: [Double] = []
        func time(_ typed: String) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = JournalKeys.open(record, passphrase: .passphrase(typed))
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        for _ in 0..<runs {
            right.append(time(passphrase))
            wrongFirst.append(time("x" + passphrase.dropFirst()))
            wrongLast.append(time(passphrase.dropLast() + "x"))
        }
        ViewsBenchmark.report("passphrase, right", right)
        ViewsBenchmark.report("  wrong in its first byte", wrongFirst)
        ViewsBenchmark.report("  wrong in its last byte", wrongLast)
        print(
            "  ratio wrong (first byte) / right: " + Spread(zip(wrongFirst, right).map { $0 / $1 }).text("×", digits: 3)
        )
        print(
            "  ratio wrong (last byte) / right: " + Spread(zip(wrongLast, right).map { $0 / $1 }).text("×", digits: 3))
    }
}
