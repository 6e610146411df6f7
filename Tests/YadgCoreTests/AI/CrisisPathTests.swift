import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// Every path that takes text runs the crisis check; a caught moment is saved, flagged, never
/// praised or requested, and its Journey day is gentle. Thu 2026-11-19 15:04 in New York.
struct CrisisPathTests {
    let copy = TestSupport.resources.copy
    static let crisisMessage = TestSupport.resources.copy[CardCopy.self].crisisMessage.split(separator: "\n").map {
        "  " + $0
    }

    @Test("Typed or piped: saved and flagged, the crisis message instead of praise, nothing requested")
    func typed() throws {
        for mode in [Shell.Mode.piped, .conversation] {
            let store = InMemoryMomentStore()
            let reply = TestSupport.shell(store: store, mode: mode).handle("thinking about ending it all")
            #expect(
                reply.lines.plainText
                    == (["Moment logged  #1", "  thinking about ending it all", "  just now · 3:04 PM"]
                    + Self.crisisMessage)
                    .joined(separator: "\n"))
            #expect(reply.praiseRequests.isEmpty)
            let saved = try #require(try store.lastSubmittedMoment())
            #expect(saved.isCrisis && saved.offlinePraise.isEmpty && saved.aiPraise == nil)
            #expect(reply.events == [.logged(saved)])
            #expect(
                PraiseRequest(moment: saved, now: Date(), zone: TestSupport.newYork, words: TestSupport.timeWords)
                    == nil)
        }
    }

    @Test("/did: crisis language in any answer saves at once, with the gentle card, and asks nothing more")
    func guided() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, mode: .conversation)
        _ = shell.handle("/did")
        let reply = shell.handle("I don't want to be here anymore")
        #expect(
            reply.lines.plainText
                == (["Moment logged  #1", "  I don't want to be here anymore", "  just now · 3:04 PM"]
                + Self.crisisMessage).joined(separator: "\n"))
        #expect(reply.praiseRequests.isEmpty)
        #expect(try store.lastSubmittedMoment()?.isCrisis == true)
        // The flow is over: the next line is a moment of its own.
        #expect(shell.handle("made tea").lines.first?.text == "Moment logged  #2")

        // A later answer (when, feeling, note) is kept as the moment's note, and the moment is saved.
        for steps in [["/did", "went outside"], ["/did", "went outside", ""], ["/did", "went outside", "", ""]] {
            let store = InMemoryMomentStore()
            let shell = TestSupport.shell(store: store, mode: .conversation)
            for step in steps { _ = shell.handle(step) }
            let reply = shell.handle("gonna kill myself tomorrow")
            #expect(reply.lines.plainText.hasSuffix(Self.crisisMessage.joined(separator: "\n")))
            #expect(reply.praiseRequests.isEmpty)
            let saved = try #require(try store.lastSubmittedMoment())
            #expect(saved.text == "went outside" && saved.note == "gonna kill myself tomorrow" && saved.isCrisis)
        }
    }

    /// The card of a crisis line kept as written, just now (3:04 PM).
    static func keptCard(_ ref: Int, _ text: String, _ when: String = "just now · 3:04 PM") -> String {
        (["Moment logged  #\(ref)", "  " + text, "  " + when] + crisisMessage).joined(separator: "\n")
    }

    @Test("Crisis first: a plan to die is never answered as a plan, in any mode; it is kept as written")
    func planInTheFutureTense() throws {
        for mode in [Shell.Mode.conversation, .piped, .oneShot] {
            for line in [
                "gonna kill myself tomorrow", "I'm going to jump off a bridge", "going to take all my pills tonight",
            ] {
                let store = InMemoryMomentStore()
                let shell = TestSupport.shell(store: store, mode: mode)
                let reply =
                    mode == .oneShot
                    ? try #require(shell.crisisReply(toArguments: line.split(separator: " ").map(String.init)))
                    : shell.handle(line)
                #expect(reply.lines.plainText == Self.keptCard(1, line))
                #expect(reply.failure == nil && reply.praiseRequests.isEmpty)
                let saved = try #require(try store.lastSubmittedMoment())
                #expect(
                    saved.text == line && saved.isCrisis && saved.happenedAt == TestSupport.date("2026-11-19T15:04:00"))
            }
        }
        // A past time in a crisis line is read as usual.
        let store = InMemoryMomentStore()
        _ = TestSupport.shell(store: store).handle("cut myself last night")
        #expect(try store.lastSubmittedMoment()?.said == SaidTime(.day, "last night"))
    }

    @Test("A plan that holds a word of distress is a concern: kept, the check-in, never 'not a win yet'")
    func planThatTouchesDistress() throws {
        let words = TestSupport.resources.copy[LoggingCopy.self]
        let checkIn = TestSupport.resources.copy[CardCopy.self].concernMessage
        let crisisEnd = TestSupport.resources.copy[CardCopy.self].crisisMessage.split(separator: "\n").last!
        for line in ["I'll be gone by next week", "gonna go up to the bridge tonight", "can't picture myself being alive next year"] {
            let store = InMemoryMomentStore()
            let reply = TestSupport.shell(store: store).handle(line)
            let text = reply.lines.plainText
            #expect(text.hasSuffix("  " + checkIn) || text.hasSuffix("  " + crisisEnd), "\(line)")
            #expect(!reply.lines.plainText.contains(words.future))
            let kept = try #require(try store.lastSubmittedMoment())
            #expect(kept.text == line && kept.isHeavy && kept.praise.isEmpty && reply.praiseRequests.isEmpty)
        }
        // A plan whose only such word is an idiom is a plan.
        #expect(TestSupport.shell().handle("gonna kill it at the gym tomorrow").lines.plainText == words.future)
        #expect(TestSupport.shell().handle("gonna run a 5k tomorrow").lines.plainText == words.future)
    }

    @Test("Words no command can use are kept as a moment of their own: /when, /edit 99, an unknown /word, a usage slip")
    func commandsThatCannotUseTheWords() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, mode: .conversation)
        _ = shell.handle("made tea 2 hours ago")
        let tea = try #require(try store.moment(ref: 1))
        let steps: [(String, Int, String)] = [
            ("/when gonna end it tonight", 2, "gonna end it tonight"),
            ("/edit 99 I want to die", 3, "I want to die"),
            ("/kms", 4, "kms"),
            ("/mood 1 suicidal", 5, "1 suicidal"),
            ("/undo I can't go on", 6, "undo I can't go on"),
        ]
        for (line, ref, kept) in steps {
            let reply = shell.handle(line)
            #expect(reply.lines.plainText == Self.keptCard(ref, kept), "\(line)")
            #expect(reply.failure == nil && !reply.lines.plainText.contains("Did you mean"))
            #expect(try store.moment(ref: ref)?.isCrisis == true)
        }
        // The moment /when was typed after is untouched.
        #expect(try store.moment(ref: 1) == tea)
    }

    @Test("A question waiting for an answer lets go of it: the line is kept with the crisis reply")
    func waitingQuestion() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, mode: .conversation)
        _ = shell.handle("/delete-my-data")
        let reply = shell.handle("i don't want to be alive")
        #expect(reply.effects.isEmpty && reply.lines.plainText == Self.keptCard(1, "i don't want to be alive"))
        #expect(shell.handle("delete").events.contains { $0.isLogged }, "the question is gone")
    }

    @Test("Nothing about a crisis line is refused: over the length limit, or only a time, it is kept as written")
    func nothingRefused() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        let long = "I want to die. " + String(repeating: "everything is too much ", count: 60)
        #expect(long.count > CommandContext.maxTextLength)
        #expect(shell.handle(long).lines.plainText.hasSuffix(Self.crisisMessage.joined(separator: "\n")))
        #expect(try store.lastSubmittedMoment()?.text == long.trimmedWhitespace)
        #expect(shell.handle("kms #tired").lines.plainText.hasSuffix(Self.crisisMessage.joined(separator: "\n")))
    }

    @Test("/find, /export, /import and /photo run as typed: their words are a search, a file or an option")
    func commandsThatRunAsTyped() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, mode: .conversation)
        _ = shell.handle("I want to die")
        #expect(shell.handle("/find die").lines.plainText.contains("I want to die"))
        #expect(
            shell.handle("/export json --output kms.json").effects == [
                .export(.json, path: "kms.json", withDeleted: false)
            ])
        #expect(try store.allMoments().count == 1)
    }

    @Test("/edit into crisis language flags the moment, drops its praise and shows the message")
    func edit() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        let logged = shell.handle("went for a run")
        #expect(logged.praiseRequests.count == 1)
        let reply = shell.handle("/edit 1 went for a run, but I can't go on")
        #expect(reply.lines.plainText.hasSuffix(Self.crisisMessage.joined(separator: "\n")))
        let edited = try #require(try store.lastSubmittedMoment())
        #expect(edited.isCrisis && edited.offlinePraise.isEmpty && edited.aiPraise == nil)
        // Once flagged, it stays private whatever it becomes.
        _ = shell.handle("/edit 1 went for a run")
        #expect(try store.lastSubmittedMoment()?.isCrisis == true)
    }

    @Test("Import flags what the crisis check catches and keeps no praise for it")
    func imported() throws {
        let date = TestSupport.date("2026-11-18T19:00:00")
        let moments = [
            Moment(
                id: UUID(), text: "I want to kill myself", submittedAt: date, happenedAt: date, tz: "UTC",
                offlinePraise: "Nice one.", aiPraise: "Great job!", action: "other"),
            Moment(
                id: UUID(), text: "baked bread", submittedAt: date, happenedAt: date, tz: "UTC",
                offlinePraise: "Nice one.", action: "other"),
        ]
        let decoded = try MomentExport.decode(MomentExport.json(moments), crisis: TestSupport.resources.crisis)
        #expect(decoded.map(\.isCrisis) == [true, false])
        #expect(decoded[0].praise.isEmpty && decoded[1].praise == "Nice one.")
        // The flag travels in exports, and only where it is set.
        let json = MomentExport.json(decoded)
        #expect(json.components(separatedBy: #","crisis":true}"#).count == 2)
        #expect(try MomentExport.decode(json) == decoded)
    }

    @Test("/stats: a crisis moment is one of the moments, but not a kind of win")
    func stats() throws {
        let shell = TestSupport.shell(store: InMemoryMomentStore(), mode: .conversation)
        _ = shell.handle("took a walk")
        _ = shell.handle("I want to die")
        let text = shell.handle("/stats").lines.plainText
        #expect(text.contains("Moments            2"))
        #expect(text.hasSuffix("Most common kinds of wins\nmovement 1"), "\(text)")
    }

    @Test("The Journey: a heavy day has no mood label, no summary, one help pointer, and no request")
    func journey() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("went for a run yesterday")
        // Told in the past, it is yesterday's ("I want to die yesterday" is a wish: kept when typed).
        _ = shell.handle("I wanted to die yesterday")
        _ = shell.handle("got out of bed 3 days ago")
        _ = shell.handle("I wish I was dead 3 days ago")
        _ = shell.handle("cooked dinner 4 days ago")
        // A moment stored before the flag existed is caught again when read.
        let old = TestSupport.date("2026-11-14T10:00:00")
        _ = try store.insert(
            Moment(
                id: UUID(), text: "no reason to live", submittedAt: old, happenedAt: old, tz: "America/New_York",
                offlinePraise: "Nice one.", action: "other"), state: [:])
        shell.width = 300  // wide enough that no line wraps
        let reply = shell.handle("/journey")
        #expect(
            reply.lines.plainText == """
                Your journey
                Tiny steps, day by day.

                Nov 18, 2026
                2 moments logged
                 • went for a run
                 • I wanted to die
                \(copy[JourneyCopy.self].heavyDay)
                \(copy[JourneyCopy.self].heavyDayHelp)

                Nov 16, 2026
                2 moments logged
                 • got out of bed
                 • I wish I was dead
                \(copy[JourneyCopy.self].heavyDay)

                Nov 15, 2026  🌿 Gentle day
                1 moment logged
                 • cooked dinner
                Summary: "One small step, and it counts. You fed yourself well."

                Nov 14, 2026
                1 moment logged
                 • no reason to live
                \(copy[JourneyCopy.self].heavyDay)
                """)
        #expect(reply.summaryRequests.map(\.start.text) == ["2026-11-15"])
        guard case .journey(let days)? = reply.events.first else { Issue.record("no journey event"); return }
        #expect(days.map(\.isHeavy) == [true, true, false, true])
        #expect(
            days.compactMap { DaySummaryRequest($0, words: TestSupport.timeWords) }.map(\.day) == ["Sunday, Nov 15"])
    }
}
