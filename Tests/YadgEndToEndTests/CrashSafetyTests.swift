import Foundation
import Testing
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Kills piped runs with SIGKILL at random moments and checks that every moment yadg acknowledged
/// is in the store, and that the store is intact (the kill -9 method of the Storage article's promise).
/// One loop at a time (a locked journal's are in LockedJournalEndToEndTests.swift).
@Suite(.serialized)
struct CrashSafetyTests {
    @Test("SIGKILL right after a praise line never loses that moment")
    func killedRunsLoseNoAcknowledgedMoment() throws {
        signal(SIGPIPE, SIG_IGN)
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        var rng = SystemRandomNumberGenerator()
        var acknowledged: Set<String> = []
        for iteration in 0..<25 {
            let (process, input, output) = try YadgProcess.startJSON(home: home, removing: ["YADG_NOW"])
            let writeFD = input.fileDescriptor
            let writer = Thread {
                var k = 0
                while true {
                    let line = Array("entry \(iteration)-\(k)\n".utf8)
                    if line.withUnsafeBytes({ write(writeFD, $0.baseAddress, $0.count) }) < 0 { break }
                    k += 1
                }
            }
            writer.start()
            // The kill lands while lines are acknowledged: after the first one (a run reads its
            // resources at its first line, slower in a debug build on a busy machine), so the kill
            // window is not spent on start-up, where nothing has been acknowledged yet.
            let first = output.availableData
            usleep(UInt32.random(in: 0...150_000, using: &rng))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? input.close()
            let rest = output.readDataToEndOfFile()
            acknowledged.formUnion(YadgProcess.loggedIDs(String(decoding: first + rest, as: UTF8.self)))
            #expect(process.terminationReason == .uncaughtSignal)
        }
        let stored = Set(YadgProcess.query("SELECT id FROM moments", home: home).map { $0[0] })
        #expect(acknowledged.count > 25, "the runs acknowledged too few moments to mean anything")
        #expect(acknowledged.subtracting(stored).isEmpty, "acknowledged but lost: \(acknowledged.subtracting(stored))")
        #expect(YadgProcess.query("PRAGMA integrity_check", home: home) == [["ok"]])
    }

    /// Whole batches waiting at once (up to 512 lines a commit): the kill lands inside big commits.
    @Test("SIGKILL during large batches loses no acknowledged moment and never a half batch")
    func killedDuringLargeBatches() throws {
        signal(SIGPIPE, SIG_IGN)
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        var rng = SystemRandomNumberGenerator()
        var acknowledged: Set<String> = []
        for iteration in 0..<10 {
            let (process, input, output) = try YadgProcess.startJSON(home: home, removing: ["YADG_NOW"])
            let burst = (0..<5_000).map { "burst \(iteration)-\($0)\n" }.joined()
            let writer = Thread { try? input.write(contentsOf: Data(burst.utf8)) }
            writer.start()
            // The kill lands while batches are being written: after the first is acknowledged (a run
            // reads its resources at its first line, slower in a debug build on a busy machine).
            let first = output.availableData
            usleep(UInt32.random(in: 20_000...200_000, using: &rng))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? input.close()
            let rest = output.readDataToEndOfFile()
            acknowledged.formUnion(YadgProcess.loggedIDs(String(decoding: first + rest, as: UTF8.self)))
        }
        let stored = Set(YadgProcess.query("SELECT id FROM moments", home: home).map { $0[0] })
        #expect(acknowledged.count > 500, "the runs acknowledged too few moments to mean anything")
        #expect(
            acknowledged.subtracting(stored).isEmpty, "acknowledged but lost: \(acknowledged.subtracting(stored).count)"
        )
        #expect(YadgProcess.query("PRAGMA integrity_check", home: home) == [["ok"]])
        print(
            "large-batch kill loop: \(acknowledged.count) acknowledged, \(stored.count) stored, \(acknowledged.subtracting(stored).count) lost"
        )
    }
}
