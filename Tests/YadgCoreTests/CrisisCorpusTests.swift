import Foundation
import Testing
import YadgLanguage
import YadgTestSupport

@testable import YadgCore

/// The crisis corpus (`Tests/Corpora/crisis.jsonl`), each line sent through the path it names (a
/// line from other hands, which names none, through one of the paths in turn): every crisis line is
/// met with the crisis reply or the check-in, kept flagged, never praised, never asked about, never
/// answered as a plan, an error or a typo; every look-alike and milestone is praised.
///
/// `crisis-held-aside.jsonl` was written by other hands and scored once, at the end of a round of
/// tuning, without being tuned to (CrisisSafety, "The corpus"); it is checked the same way.
struct CrisisCorpusTests {
    struct Line: Sendable, CustomTestStringConvertible {
        let text: String
        let label: String
        let path: String

        var crisis: Bool { label == "crisis" }
        var testDescription: String { "\(path): \(text)" }
    }

    static let paths = ["typed", "piped", "log", "note", "edit", "did", "when", "import", "pull", "slash"]
    /// Where a line from other hands is sent: the paths a moment's own words come in by.
    static let pathsInTurn = ["typed", "piped", "log", "did", "note", "edit", "import", "pull"]

    static func load(_ name: String) -> [Line] {
        TestSupport.corpus(name).enumerated().map { index, record in
            var path = record.context?["path"] ?? pathsInTurn[index % pathsInTurn.count]
            // `/note 35 years…` would name moment 35: a line that opens with a number is typed.
            if record.context?["path"] == nil, ["note", "edit"].contains(path), record.text.first?.isNumber == true {
                path = "typed"
            }
            return Line(text: record.text, label: record.label, path: path)
        }
    }

    static let corpus = load("crisis.jsonl")
    static let heldAside = load("crisis-held-aside.jsonl")

    static let copy = TestSupport.resources.copy
    static func indented(_ message: String) -> String {
        message.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    }
    static let crisisMessage = indented(copy[CardCopy.self].crisisMessage)
    static let concernMessage = indented(copy[CardCopy.self].concernMessage)

    @Test("The corpus: a thousand lines or more, as many look-alikes as crisis lines, every path, from other hands too")
    func shape() {
        let all = Self.corpus + Self.heldAside
        #expect(all.count >= 1000)
        #expect(all.filter { !$0.crisis }.count >= all.filter(\.crisis).count)
        #expect(Set(all.filter(\.crisis).map(\.path)) == Set(Self.paths))
        #expect(Set(all.map(\.path)).isSubset(of: Set(Self.paths)))
        #expect(Set(all.map(\.label)) == ["crisis", "ok", "milestone"])
        #expect(Set(all.map(\.text)).count == all.count, "no line twice")
        #expect(TestSupport.corpus("crisis.jsonl").filter { $0.source.hasPrefix("other hands") }.count >= 1000)
    }

    @Test(arguments: corpus)
    func corpusLine(_ line: Line) throws {
        try Self.check(line)
    }

    @Test(arguments: heldAside)
    func heldAsideLine(_ line: Line) throws {
        try Self.check(line)
    }

    /// What a path made of a line: the reply to the line itself, and the moment it concerns.
    struct Outcome {
        var reply = ShellReply()
        var moment: Moment?
    }

    static func check(_ line: Line, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try run(line)
        let text = outcome.reply.lines.plainText
        // Whether a win is told in the past is the time reader's to say (TimeSemantics), not this one's.
        if !line.crisis && text == copy[LoggingCopy.self].future { return }
        let moment = try #require(outcome.moment, "nothing kept for \(line.path): \(line.text)")
        if line.crisis {
            #expect(moment.isHeavy, "not flagged", sourceLocation: sourceLocation)
            #expect(moment.praise.isEmpty, "praise kept", sourceLocation: sourceLocation)
            guard !["import", "pull"].contains(line.path) else { return }
            let message = moment.isCrisis ? crisisMessage : concernMessage
            #expect(text.contains(message), "no crisis reply or check-in: \(text)", sourceLocation: sourceLocation)
            #expect(outcome.reply.praiseRequests.isEmpty, "praise asked for", sourceLocation: sourceLocation)
            #expect(outcome.reply.failure == nil, "answered as a failure: \(text)", sourceLocation: sourceLocation)
            #expect(!text.contains("Did you mean"), sourceLocation: sourceLocation)
            #expect(!text.contains(copy[LoggingCopy.self].future), "answered as a plan", sourceLocation: sourceLocation)
        } else {
            #expect(!moment.isHeavy, "flagged", sourceLocation: sourceLocation)
            guard !["import", "pull"].contains(line.path) else { return }
            #expect(!text.contains(crisisMessage) && !text.contains(concernMessage), "crisis reply to a win: \(text)",
                sourceLocation: sourceLocation)
            #expect(outcome.reply.failure == nil, "refused: \(text)", sourceLocation: sourceLocation)
            if ["typed", "piped", "log", "did"].contains(line.path) {
                #expect(text.hasPrefix("Moment logged"), "not logged: \(text)", sourceLocation: sourceLocation)
                #expect(!moment.offlinePraise.isEmpty, sourceLocation: sourceLocation)
                // A milestone is cheered offline and kept here: no AI is asked.
                let asked = moment.staysOnThisMachine ? 0 : 1
                #expect(outcome.reply.praiseRequests.count == asked, "praise asked", sourceLocation: sourceLocation)
            }
        }
    }

    /// Sends the line the way its path would, Thu 2026-11-19 15:04 in New York.
    static func run(_ line: Line) throws -> Outcome {
        let store = InMemoryMomentStore()
        let date = TestSupport.date("2026-11-19T10:00:00")
        let imported = Moment(
            id: UUID(), text: line.text, submittedAt: date, happenedAt: date, tz: "America/New_York",
            offlinePraise: "Nice one.", aiPraise: "What a lovely thing.", action: "other")
        switch line.path {
        case "typed", "piped", "slash":
            let shell = TestSupport.shell(store: store, mode: line.path == "piped" ? .piped : .conversation)
            let reply = shell.handle(line.path == "slash" ? "/" + line.text : line.text)
            return Outcome(reply: reply, moment: try store.lastSubmittedMoment())
        case "log":
            let shell = TestSupport.shell(store: store, mode: .oneShot)
            let words = ["log"] + line.text.split(separator: " ").map(String.init)
            let reply = try shell.run(SlashCommand.parse(words: words))
            return Outcome(reply: reply, moment: try store.lastSubmittedMoment())
        case "note", "edit", "when":
            let shell = TestSupport.shell(store: store, mode: .conversation)
            _ = shell.handle("made tea")
            let command = ["note": "/note ", "edit": "/edit 1 ", "when": "/when "][line.path]!
            let reply = shell.handle(command + line.text)
            // A crisis line /when cannot use as a time is kept as a moment of its own.
            let kept = line.path == "when" ? try store.lastSubmittedMoment() : try store.moment(ref: 1)
            return Outcome(reply: reply, moment: kept)
        case "did":
            let shell = TestSupport.shell(store: store, mode: .conversation)
            _ = shell.handle("/did")
            var reply = shell.handle(line.text)
            // Enter through the remaining steps until the moment is saved.
            for _ in 0..<4 where !reply.events.contains(where: { if case .logged = $0 { true } else { false } }) {
                reply = shell.handle("")
            }
            return Outcome(reply: reply, moment: try store.lastSubmittedMoment())
        case "import":
            let decoded = try MomentExport.decode(MomentExport.json([imported]), crisis: TestSupport.resources.crisis)
            return Outcome(moment: decoded.first)
        case "pull":
            // What a sync pull keeps of a moment the server sends back (BackendClient.pull checks each).
            return Outcome(moment: TestSupport.resources.crisis.flagged(imported))
        default:
            Issue.record("unknown path \(line.path)")
            return Outcome()
        }
    }
}
