import CPseudoTerminal
import Foundation
import YadgCore
import YadgStorage

#if canImport(Glibc)
    import Glibc
#endif

/// Whole-process times of the look-back views over 100,000 stored moments, and the conversation's
/// start to prompt, as medians. Runs the `yadg` built beside this benchmark.
enum ViewsBenchmark {
    /// `against`: another yadg binary (an older build, say), timed in the same run, interleaved
    /// with this one, so a noisy machine affects both alike; the ratio is this one over that one.
    static func run(moments count: Int = 100_000, runs: Int = 21, against other: String? = nil) {
        let yadg = BenchHarness.yadgBeside()
        let home = BenchHarness.temporaryFolder("views")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let seedStart = Date()
        seed(count, into: home)
        print("seeded \(count) moments in \(String(format: "%.1f", Date().timeIntervalSince(seedStart))) s")

        var env = ProcessInfo.processInfo.environment
        env["YADG_HOME"] = home
        env["YADG_AI_PROVIDER"] = "none"
        env["TERM"] = "xterm-256color"
        // The harness's own cost of starting a process, for comparison.
        report("(baseline: /bin/true)", (0..<runs).map { _ in timeProcess("/bin/true", [], env) })
        let binaries = [yadg] + (other.map { [$0] } ?? [])
        // Each other binary gets its own home, filled by itself from an export of the seeded one:
        // a copy would hold this build's schema, which an older build only reads, and its
        // `yadg log` would be timed refusing to write.
        let export = home + "-export.json"
        _ = BenchHarness.timeProcess(yadg, ["export", "--format", "json", "--output", export], env)
        let homes = binaries.indices.map { index -> String in
            guard index > 0 else { return home }
            var own = env
            own["YADG_HOME"] = home + "-\(index)"
            _ = BenchHarness.timeProcess(binaries[index], ["import", export], own)
            BenchHarness.markPastFirstRun(home + "-\(index)/moments.db")
            return home + "-\(index)"
        }
        defer {
            for copy in homes.dropFirst() { try? FileManager.default.removeItem(atPath: copy) }
            try? FileManager.default.removeItem(atPath: export)
        }
        let environments = homes.map { home -> [String: String] in
            var own = env
            own["YADG_HOME"] = home
            return own
        }
        for arguments in ScaleBenchmark.commands {
            var times = binaries.map { _ in [Double]() }
            for _ in 0..<runs {
                for (index, binary) in binaries.enumerated() {
                    times[index].append(timeProcess(binary, arguments, environments[index]))
                }
            }
            compare("yadg \(arguments.joined(separator: " "))", times)
        }
        var prompt = binaries.map { _ in [Double]() }
        for _ in 0..<runs {
            for (index, binary) in binaries.enumerated() {
                if let t = timeToPrompt(binary, environments[index]) { prompt[index].append(t) }
            }
        }
        compare("conversation start to prompt", prompt)
    }

    /// This binary's median, and with another binary that one's median and the ratio.
    static func compare(_ label: String, _ times: [[Double]]) {
        report(label, times[0])
        guard times.count > 1 else { return }
        report("  against", times[1])
        let ratio = median(times[0]) / median(times[1])
        print("  ratio this/against \(String(format: "%.2f", ratio))")
    }

    static func median(_ times: [Double]) -> Double { times.sorted()[times.count / 2] }

    /// 100,000 moments over about three years, in transactions of 10,000.
    static func seed(_ count: Int, into home: String) {
        let store = try! SQLiteMomentStore(path: home + "/moments.db")
        try! store.setState([.hasSeenOnboarding: "1", .hasCompletedFirstLog: "1", .aiConsent: "no"])
        var batch: [Moment] = []
        for moment in moments(count) {
            batch.append(moment)
            if batch.count == 10_000 {
                _ = try! store.insert(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        _ = try! store.insert(batch)
    }

    /// The seeded history: about 92 moments a day back from now, newest first.
    static func moments(_ count: Int) -> [Moment] {
        let texts = [
            "took a walk", "did the dishes", "called mom", "read a chapter", "meditated for ten minutes",
            "cooked dinner", "answered emails", "stretched", "watered the plants", "went to bed on time",
        ]
        let actions = [
            "movement", "chores", "social", "learning", "self-care", "food", "work", "movement", "chores", "rest",
        ]
        let now = Date()
        return (0..<count).map { i in
            let happened = now.addingTimeInterval(-Double(i) * 941)  // ~92 a day, back ~3 years
            var m = Moment(
                id: UUID(), text: texts[i % texts.count], submittedAt: happened, happenedAt: happened,
                tz: TimeZone.current.identifier, offlinePraise: "Nice one.", action: actions[i % actions.count])
            m.isFavorite = i % 37 == 0
            return m
        }
    }

    /// Wall time of one run, output discarded.
    static func timeProcess(_ path: String, _ arguments: [String], _ env: [String: String]) -> Double {
        BenchHarness.timeProcess(path, arguments, env)
    }

    /// From exec to the prompt on a pseudo-terminal, then Ctrl-D.
    static func timeToPrompt(_ path: String, _ env: [String: String]) -> Double? {
        var name = [CChar](repeating: 0, count: 128)
        let master = yadg_open_pty(&name, 24, 80)
        guard master >= 0 else { return nil }
        defer { close(master) }
        let slave = FileHandle(forUpdatingAtPath: String(cString: name))!
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.environment = env
        process.standardInput = slave
        process.standardOutput = slave
        process.standardError = slave
        let start = DispatchTime.now().uptimeNanoseconds
        try! process.run()
        try? slave.close()
        var seen = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let prompt = Array("›".utf8)
        var elapsed: Double?
        while elapsed == nil {
            var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, 5000) > 0 else { break }
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            seen += buffer[0..<n]
            if seen.firstRange(of: prompt) != nil {
                elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            }
        }
        // Ctrl-U (empty the line) and Ctrl-D until it leaves: a key sent while the terminal is still
        // being set up can land in the line as a literal character.
        var keys: [UInt8] = [0x15, 0x04]
        // A process whose end Foundation has not noticed yet (once seen after a run had exited): no
        // more than five seconds of keys, and a write that cannot block.
        let giveUp = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        while process.isRunning && DispatchTime.now().uptimeNanoseconds < giveUp {
            _ = write(master, &keys, keys.count)
            var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&fd, 1, 100) > 0 { _ = read(master, &buffer, buffer.count) }
        }
        return elapsed
    }

    static func report(_ label: String, _ times: [Double]) {
        // Out at once, with what came before it: a run stopped half-way keeps what it measured.
        fflush(nil)
        print("\(label.padding(toLength: 30, withPad: " ", startingAt: 0)) \(Spread(times).text("ms"))")
    }
}
