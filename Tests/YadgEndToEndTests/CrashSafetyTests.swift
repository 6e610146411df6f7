import Foundation
import Testing
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Kills piped runs with SIGKILL at random moments and checks that every moment yadg acknowledged
/// is in the store, and that the store is intact (the kill -9 method of the Storage article's promise).
struct CrashSafetyTests {
    @Test("SIGKILL right after a praise line never loses that moment")
    func killedRunsLoseNoAcknowledgedMoment() throws {
        signal(SIGPIPE, SIG_IGN)
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        var rng = SystemRandomNumberGenerator()
        var acknowledged: Set<String> = []
        for iteration in 0..<25 {
            let process = Process()
            process.executableURL = YadgProcess.binary
            process.arguments = ["--json"]
            var env = YadgProcess.environment(home: home)
            env["YADG_NOW"] = nil
            process.environment = env
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let writeFD = input.fileHandleForWriting.fileDescriptor
            let writer = Thread {
                var k = 0
                while true {
                    let line = Array("entry \(iteration)-\(k)\n".utf8)
                    if line.withUnsafeBytes({ write(writeFD, $0.baseAddress, $0.count) }) < 0 { break }
                    k += 1
                }
            }
            writer.start()
            usleep(UInt32.random(in: 30_000...250_000, using: &rng))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            // Only whole lines count as acknowledgements.
            for line in out.split(separator: "\n", omittingEmptySubsequences: true).dropLast(
                out.hasSuffix("\n") ? 0 : 1)
            where line.hasPrefix("{\"event\":\"logged\"") {
                let id = line.dropFirst("{\"event\":\"logged\",\"id\":\"".count).prefix(36)
                acknowledged.insert(String(id))
            }
            #expect(process.terminationReason == .uncaughtSignal)
        }
        let stored = Set(YadgProcess.query("SELECT id FROM moments", home: home).map { $0[0] })
        #expect(acknowledged.count > 25, "the runs acknowledged too few moments to mean anything")
        #expect(acknowledged.subtracting(stored).isEmpty, "acknowledged but lost: \(acknowledged.subtracting(stored))")
        #expect(YadgProcess.query("PRAGMA integrity_check", home: home) == [["ok"]])
    }
}
