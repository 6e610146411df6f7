import Foundation
import Testing
import YadgCore
import YadgTestSupport

/// Each row of the manual's EXIT STATUS table (``ExitStatus``), as a script sees it.
@Suite(.serialized)
struct ExitStatusEndToEndTests {
    @Test("0 done, 1 not done, 2 wrong use, 3 data that cannot be used, 4 a server's no")
    func statuses() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        #expect(try YadgProcess.run(["log", "took", "a", "walk"], home: home).status == ExitStatus.ok.rawValue)
        let plan = try YadgProcess.run(stdin: "took a walk\ni'll call mom later\n", home: home)
        #expect(plan.status == ExitStatus.notDone.rawValue && plan.stdout.contains("Moment logged"))
        #expect(try YadgProcess.run(["moments", "someday"], home: home).status == ExitStatus.usage.rawValue)
        #expect(try YadgProcess.run(["--colour"], home: home).status == ExitStatus.usage.rawValue)
        let server = try YadgProcess.run(["restore"], home: home, env: ["YADG_API_URL": "http://127.0.0.1:9"])
        #expect(server.status == ExitStatus.server.rawValue && server.stderr.contains("could not be reached"))
        #expect(YadgProcess.execute("PRAGMA user_version = 99", home: home))
        let newer = try YadgProcess.run(["log", "read", "a", "book"], home: home)
        #expect(newer.status == ExitStatus.data.rawValue && newer.stderr.contains("newer yadg"))
    }

    @Test("130 for Ctrl-C in a pipe, the shells' status for SIGINT; what was acknowledged is kept")
    func interrupted() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let yadg = try YadgProcess.start(home: home, defaultInterrupt: true)
        let process = yadg.process
        yadg.input.write(Data("took a walk\n".utf8))
        #expect(YadgProcess.read(yadg.output, until: "Moment logged").contains("Moment logged"))
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        #expect(128 + process.terminationStatus == ExitStatus.interrupted.rawValue)
        #expect(YadgProcess.query("SELECT text FROM moments", home: home) == [["took a walk"]])
    }
}
