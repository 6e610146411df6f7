import Foundation
import YadgCore

/// Piped logging, whole process: 10,000 phrases into a fresh home with `--no-ai`, as text and as
/// JSON, medians of several runs (each run a new home), each round beside the storage floor
/// (``StorageFloor``: the same rows into the same schema with nothing else done), so the ratio to
/// the floor is measured on one machine in one run. With `--against`, another binary is timed in
/// the same rounds, interleaved.
enum PipeBenchmark {
    static func run(lines count: Int = 10_000, runs: Int = 11, against other: String? = nil) {
        let yadg = BenchHarness.yadgBeside()
        let folder = BenchHarness.temporaryFolder("pipe")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/phrases.txt"
        try! phrases(count).write(toFile: input, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["YADG_HOME"] = folder + "/reference"
        // One run first: the rows the floor writes are the ones yadg stored.
        _ = BenchHarness.timeProcess(yadg, ["--no-ai"], env, input: input)
        let floor = StorageFloor(copying: folder + "/reference/moments.db")
        print(
            "floor: \(floor.rows.count) rows × \(floor.columns.count) columns, \(floor.schema.count) tables and indexes, "
                + "commits of \(floor.rowsPerCommit)")
        let binaries = [yadg] + (other.map { [$0] } ?? [])
        for json in [false, true] {
            var times = binaries.map { _ in [Double]() }
            var floorTimes: [Double] = []
            for round in 0..<runs {
                for (index, binary) in binaries.enumerated() {
                    let home = folder + "/home-\(index)-\(round)-\(json)"
                    env["YADG_HOME"] = home
                    times[index].append(
                        BenchHarness.timeProcess(binary, json ? ["--no-ai", "--json"] : ["--no-ai"], env, input: input))
                    try? FileManager.default.removeItem(atPath: home)
                }
                let floorFolder = folder + "/floor-\(round)-\(json)"
                try! FileManager.default.createDirectory(atPath: floorFolder, withIntermediateDirectories: true)
                floorTimes.append(floor.write(to: floorFolder + "/moments.db"))
                try? FileManager.default.removeItem(atPath: floorFolder)
            }
            ViewsBenchmark.compare("\(count) piped phrases\(json ? " --json" : "")", times)
            ViewsBenchmark.report("  storage floor", floorTimes)
            // Each round's yadg over the same round's floor: a slow moment of a shared machine
            // falls on both of a pair, so the ratios spread less than either time.
            let ratios = zip(times[0], floorTimes).map { $0 / $1 }
            print("  ratio to the floor, round by round: " + Spread(ratios).text("×", digits: 2))
        }
    }

    /// Phrases like people pipe: a done-list, some with times.
    static func phrases(_ count: Int) -> String {
        let wins = [
            "took a walk", "called mom", "did the dishes", "read a book", "went for a run", "drank water",
            "cleaned the kitchen", "paid a bill",
        ]
        let times = ["", "", " 2 hours ago", " yesterday", " at 8", " this morning", " 30 min ago"]
        var generator = SplitMix64(seed: 1)
        return (0..<count).map { _ in
            wins[Int(generator.next() % UInt64(wins.count))] + times[Int(generator.next() % UInt64(times.count))] + "\n"
        }.joined()
    }
}
