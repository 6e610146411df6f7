import Foundation
import Testing
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Pipes beside other writers: a batch takes its references once it holds the write lock, so
/// pipes, a conversation and one-shot logs at once all log every line (YadgStorage's Storage
/// article, "Batches").
struct WritersSideBySideTests {
    /// The sizes of the stress run. CI's default proves the race in a few seconds (before the fix it
    /// failed 5 runs of 5; 2,000 lines and 30 logs failed only 5 of 6); the issue's sizes are
    /// `YADG_STRESS_LINES=20000 YADG_STRESS_LOGS=150`.
    static let pipes = Int(ProcessInfo.processInfo.environment["YADG_STRESS_PIPES"] ?? "") ?? 3
    static let linesPerPipe = Int(ProcessInfo.processInfo.environment["YADG_STRESS_LINES"] ?? "") ?? 3000
    static let oneShotLogs = Int(ProcessInfo.processInfo.environment["YADG_STRESS_LOGS"] ?? "") ?? 40

    @Test("Pipes and one-shot logs at once: every line logged, references unique and without gaps")
    func pipesBesideLogs() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        var pipes: [(process: Process, output: URL, lines: Int)] = []
        for pipe in 0..<Self.pipes {
            let input = URL(fileURLWithPath: home + "/input-\(pipe).txt")
            let output = URL(fileURLWithPath: home + "/output-\(pipe).jsonl")
            let lines = (0..<Self.linesPerPipe).map { "pipe \(pipe) line \($0)\n" }.joined()
            try Data(lines.utf8).write(to: input)
            FileManager.default.createFile(atPath: output.path, contents: nil)
            let process = Process()
            process.executableURL = YadgProcess.binary
            process.arguments = ["--json", "--no-ai"]
            process.environment = YadgProcess.environment(home: home)
            process.standardInput = try FileHandle(forReadingFrom: input)
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: output)
            pipes.append((process, output, Self.linesPerPipe))
        }
        for pipe in pipes { try pipe.process.run() }
        // The one-shot logs, eight at a time, while the pipes run.
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for number in stride(from: worker, to: Self.oneShotLogs, by: 8) {
                do {
                    let result = try YadgProcess.run(["log", "one", "shot", "\(number)"], home: home)
                    if result.status != 0 { failures.withLock { $0.append("log \(number): \(result.stderr)") } }
                } catch {
                    failures.withLock { $0.append("log \(number): \(error)") }
                }
            }
        }
        for pipe in pipes { pipe.process.waitUntilExit() }
        #expect(failures.withLock { $0 } == [])
        // Each acknowledgement names the reference the moment was stored with.
        let stored = Dictionary(
            uniqueKeysWithValues: YadgProcess.query("SELECT id, ref FROM moments", home: home).map { ($0[0], $0[1]) })
        var acknowledged: [String: String] = [:]
        for (index, pipe) in pipes.enumerated() {
            let output = try String(contentsOf: pipe.output, encoding: .utf8)
            #expect(pipe.process.terminationStatus == 0, "pipe \(index): \(output.suffix(400))")
            for line in output.split(separator: "\n") where line.hasPrefix(#"{"event":"logged""#) {
                let event = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                acknowledged[event["id"] as? String ?? ""] = "\(event["ref"] as? Int ?? 0)"
            }
        }
        #expect(acknowledged.count == Self.pipes * Self.linesPerPipe, "every piped line acknowledged")
        #expect(acknowledged.filter { stored[$0.key] != $0.value }.isEmpty, "acknowledged as stored")
        let total = Self.pipes * Self.linesPerPipe + Self.oneShotLogs
        #expect(
            YadgProcess.query("SELECT count(*), count(DISTINCT ref), min(ref), max(ref) FROM moments", home: home)
                == [["\(total)", "\(total)", "1", "\(total)"]])
    }
}

/// A value behind a lock, for the workers above.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
}
