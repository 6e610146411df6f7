import Foundation
import Synchronization
import Testing
import YadgAI
import YadgApp
import YadgCore
import YadgTerminal
import YadgTestSupport

/// The application reached directly: an in-memory store, lines from an array, output collected.
/// (The end-to-end tests run the same paths through the real binary.)
struct AppTests {
    /// Collects what the app writes.
    final class CollectedOutput: OutputSink {
        private let text = Mutex(("", ""))
        func out(_ text: String) { self.text.withLock { $0.0 += text } }
        func err(_ text: String) { self.text.withLock { $0.1 += text } }
        var stdout: String { text.withLock { $0.0 } }
        var stderr: String { text.withLock { $0.1 } }
    }

    /// Lines as if they were all waiting on a pipe.
    final class WaitingLines: LineBatches {
        private var lines: [String]
        init(_ lines: [String]) { self.lines = lines }
        var hasWaitingLine: Bool { true }
        func nextLines(limit: Int) -> [String]? {
            guard !lines.isEmpty else { return nil }
            defer { lines.removeFirst(min(limit, lines.count)) }
            return Array(lines.prefix(limit))
        }
    }

    let store = InMemoryMomentStore()
    let output = CollectedOutput()

    func app(_ mode: Shell.Mode, json: Bool = false) -> App {
        App(
            shell: TestSupport.shell(store: store, mode: mode), store: store,
            style: TerminalStyle.detect(isTerminal: false, environment: [:]),
            clock: FixedClock(TestSupport.date("2026-11-19T15:04:00")),
            settings: AISettings.resolve(environment: ["YADG_AI_PROVIDER": "none"], config: [:]),
            configDirectory: "/nonexistent", output: output, options: App.Options(json: json))
    }

    @Test("Pipes: cards as lines are committed, commands answered, refused lines named on stderr")
    func pipe() {
        let status = app(.piped).readPipe(
            WaitingLines(["took a walk 2 hours ago", "", "/moments today", "/xyzzy", "finish it tomorrow"]))
        #expect(status == 1)
        expectTranscript(
            output.stdout,
            """
            Moment logged  #1
              took a walk
              2 hours ago · 1:04 PM
              Nice move, champ.
            Moments

            Today
              1  took a walk
                 2 hours ago · "Nice move, champ."

            """)
        expectTranscript(
            output.stderr,
            """
            yadg: line 4: I don't know /xyzzy. /help shows what I can do.
            yadg: line 5: That sounds like it hasn't happened yet, so it's not a win yet. Log it once it's done and I'll cheer.

            """)
    }

    @Test("One-shot: export writes to the output; a wrong use exits 2; a conversation command says where it works")
    func oneShot() throws {
        _ = app(.piped).readPipe(WaitingLines(["called mom yesterday evening"]))
        let oneShot = app(.oneShot)
        let before = output.stdout.count
        #expect(oneShot.runCommand(["export", "--format", "csv"]) == 0)
        let csv = output.stdout.dropFirst(before).split(separator: "\r\n")
        #expect(
            csv.first == "id,happenedAt,submittedAt,tz,text,praise,action,favorite,archivedAt,mood,tags,note,photos")
        #expect(csv.count == 2 && csv[1].contains("called mom"))
        #expect(oneShot.runCommand(["moments", "someday"]) == 2)
        #expect(oneShot.runCommand(["undo"]) == 2)
        #expect(oneShot.runCommand(["export", "--format", "pdf"]) == 2)
        expectTranscript(
            output.stderr,
            """
            yadg: I can show today, yesterday, week, all, favs, a day like /moments nov 3 or /moments last friday, or a period like /moments last week.
            yadg: /undo works in the conversation: run yadg and type it there.
            yadg: I can export json, csv or md, not "pdf".

            """)
    }

    @Test("/export with --output in a pipe writes a private file and says so; import reads it back")
    func exportAndImport() throws {
        let folder = TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let file = folder + "/my moments.json"
        let status = app(.piped).readPipe(WaitingLines(["did the dishes", "/export json --output \"\(file)\""]))
        #expect(status == 0)
        #expect(output.stdout.hasSuffix("Exported 1 moment to \(file)\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(app(.oneShot).runCommand(["import", file]) == 0)
        #expect(output.stdout.hasSuffix("Imported 0 new moments from \(file) (1 were already here).\n"))
    }

    @Test("--json: a moment is a logged event, an unknown command an error event")
    func json() {
        _ = app(.piped, json: true).readPipe(WaitingLines(["stretched", "/xyzzy"]))
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(
            lines.first?.hasPrefix(#"{"event":"logged","id":"00000000-0000-4000-8000-000000000001","ref":1,"#) == true)
        #expect(lines.last == #"{"event":"error","message":"I don't know /xyzzy. /help shows what I can do."}"#)
    }

    @Test("Batches are acknowledged in order while later ones are read; nothing after /quit is read")
    func batchesInOrder() {
        let wins = (1...1500).map { "win \($0)" }
        let status = app(.piped, json: true).readPipe(WaitingLines(wins + ["/quit", "after the end"]))
        #expect(status == 0)
        let refs = output.stdout.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.firstRange(of: #""ref":"#) else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(refs == Array(1...1500))
        #expect(
            output.stdout.hasSuffix(
                #"{"event":"command","command":"","output":"Take care. You're doing great."}"# + "\n"))
        #expect(!output.stdout.contains("after the end"))
        #expect((try? store.allMoments().count) == 1500)
    }
}
