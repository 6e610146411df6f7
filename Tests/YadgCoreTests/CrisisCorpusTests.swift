import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// The crisis corpus (`Fixtures/crisis-corpus.jsonl`), each line sent through the path it names:
/// every crisis line is met with the crisis reply, kept flagged, never praised, never asked about,
/// never answered as a plan, an error or a typo; every look-alike win is praised as before.
///
/// `Fixtures/crisis-held-aside.jsonl` was written with the corpus and kept out of sight while the
/// phrase set was tuned; it is checked the same way, and must not be tuned to.
struct CrisisCorpusTests {
    struct Line: Sendable, CustomTestStringConvertible {
        let text: String
        let crisis: Bool
        let family: String
        let path: String

        var testDescription: String { "\(path): \(text)" }
    }

    static let paths = ["typed", "piped", "log", "note", "edit", "did", "when", "import", "pull", "slash"]

    static func load(_ name: String) -> [Line] {
        TestSupport.fixtureObjects(name).map { object in
            Line(
                text: object["text"] as! String, crisis: object["crisis"] as! Bool,
                family: object["family"] as! String, path: object["path"] as! String)
        }
    }

    static let corpus = load("crisis-corpus.jsonl")
    static let heldAside = load("crisis-held-aside.jsonl")

    static let copy = TestSupport.resources.copy
    static let crisisMessage = copy[CardCopy.self].crisisMessage.split(separator: "\n").map { "  " + $0 }
        .joined(separator: "\n")

    @Test("The corpus: 300 lines or more, at least as many look-alikes as crisis lines, every path")
    func shape() {
        let all = Self.corpus + Self.heldAside
        #expect(all.count >= 300)
        #expect(all.filter { !$0.crisis }.count >= all.filter(\.crisis).count)
        #expect(Set(all.filter(\.crisis).map(\.path)) == Set(Self.paths))
        #expect(Set(all.map(\.path)).isSubset(of: Set(Self.paths)))
        #expect(Set(all.map(\.text)).count == all.count, "no line twice")
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
        let moment = try #require(outcome.moment, "nothing kept for \(line.path): \(line.text)")
        if line.crisis {
            #expect(moment.isCrisis, "not flagged", sourceLocation: sourceLocation)
            #expect(moment.praise.isEmpty, "praise kept", sourceLocation: sourceLocation)
            guard !["import", "pull"].contains(line.path) else { return }
            #expect(text.contains(crisisMessage), "no crisis reply: \(text)", sourceLocation: sourceLocation)
            #expect(outcome.reply.praiseRequests.isEmpty, "praise asked for", sourceLocation: sourceLocation)
            #expect(outcome.reply.failure == nil, "answered as a failure: \(text)", sourceLocation: sourceLocation)
            #expect(!text.contains("Did you mean"), sourceLocation: sourceLocation)
            #expect(!text.contains(copy[LoggingCopy.self].future), "answered as a plan", sourceLocation: sourceLocation)
        } else {
            #expect(!moment.isCrisis, "flagged", sourceLocation: sourceLocation)
            guard !["import", "pull"].contains(line.path) else { return }
            #expect(!text.contains(crisisMessage), "crisis reply to a win: \(text)", sourceLocation: sourceLocation)
            #expect(outcome.reply.failure == nil, "refused: \(text)", sourceLocation: sourceLocation)
            if ["typed", "piped", "log", "did"].contains(line.path) {
                #expect(text.hasPrefix("Moment logged"), "not logged: \(text)", sourceLocation: sourceLocation)
                #expect(outcome.reply.praiseRequests.count == 1, "no praise asked", sourceLocation: sourceLocation)
                #expect(!moment.offlinePraise.isEmpty, sourceLocation: sourceLocation)
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
