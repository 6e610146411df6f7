import Foundation
import Testing
import YadgTestSupport

/// Issue 38's repros through the real binary, each at the clock it was typed at: a line told in the
/// past is never "not a win yet", and one told as a plan is never saved (<doc:TimeSemantics> §6).
struct TenseEndToEndTests {
    /// What the pipe answered for each line, typed on Thursday 2026-11-19 at `now` in New York: the
    /// stored time of a logged line, or its reason for not being logged.
    func answers(_ lines: [String], at now: String) throws -> [String] {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(
            ["--json", "--no-ai"], stdin: lines.joined(separator: "\n") + "\n", home: home,
            env: ["YADG_NOW": "2026-11-19T" + now + ":00"])
        return result.stdout.split(separator: "\n").map { line in
            let event = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
            return (event["happenedAt"] as? String) ?? (event["reason"] as? String) ?? "?"
        }
    }

    @Test("Told in the past, a window still ahead is yesterday's; never answered 'not a win yet'")
    func pastLinesAreLogged() throws {
        #expect(try answers(["went for a run in the evening"], at: "14:00") == ["2026-11-18T20:30:00-05:00"])
        #expect(
            try answers(
                ["made the kids laugh at dinner", "watered the garden after dinner", "read to the kids at bedtime"],
                at: "15:00")
                == ["2026-11-18T19:15:00-05:00", "2026-11-18T22:30:00-05:00", "2026-11-18T22:30:00-05:00"])
        #expect(
            try answers(["did yoga in the afternoon", "had a nap this evening", "made dinner at 6"], at: "08:00")
                == ["2026-11-18T15:00:00-05:00", "2026-11-18T20:30:00-05:00", "2026-11-18T18:00:00-05:00"])
        #expect(try answers(["took the kids to the park after school"], at: "07:55") == ["2026-11-18T16:30:00-05:00"])
        #expect(try answers(["swam 40 lengths after work"], at: "06:50") == ["2026-11-18T18:30:00-05:00"])
    }

    @Test("Told as a plan, a line is not saved, whatever the clock says")
    func plansAreNotLogged() throws {
        #expect(try answers(["planning to swim before work tomorrow"], at: "06:37") == ["future"])
        #expect(try answers(["need to take my meds at 6pm"], at: "10:00") == ["future"])
        #expect(try answers(["I'll take the dog to the beach this afternoon"], at: "12:50") == ["future"])
    }
}
