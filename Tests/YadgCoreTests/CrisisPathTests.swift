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

    @Test("/did: the guided flow ends in the same gentle card")
    func guided() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("/did")
        _ = shell.handle("I don't want to be here anymore")
        // No list of feelings after such words: straight to saving.
        #expect(shell.handle("").lines.last?.text == "Save this moment — press Enter, or /cancel to let it go")
        let reply = shell.handle("")
        #expect(reply.praiseRequests.isEmpty)
        #expect(reply.lines.plainText.hasSuffix(Self.crisisMessage.joined(separator: "\n")))
        #expect(try store.lastSubmittedMoment()?.isCrisis == true)
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

    @Test("The Journey: a heavy day has no mood label, no summary, one help pointer, and no request")
    func journey() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("went for a run yesterday")
        _ = shell.handle("I want to die yesterday")
        _ = shell.handle("got out of bed 3 days ago")
        _ = shell.handle("I wish I was dead 3 days ago")
        _ = shell.handle("cooked dinner 4 days ago")
        // A moment stored before the flag existed is caught again when read.
        let old = TestSupport.date("2026-11-14T10:00:00")
        _ = try store.insert(
            Moment(
                id: UUID(), text: "no reason to live", submittedAt: old, happenedAt: old, tz: "America/New_York",
                offlinePraise: "Nice one.", action: "other"), state: [:])
        shell.width = 200
        let reply = shell.handle("/journey")
        #expect(
            reply.lines.plainText == """
                Your journey
                Tiny steps, day by day.

                Nov 18, 2026
                2 moments logged
                 • went for a run
                 • I want to die
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
        #expect(reply.summaryRequests.map(\.day.text) == ["2026-11-15"])
        guard case .journey(let days)? = reply.events.first else { Issue.record("no journey event"); return }
        #expect(days.map(\.isHeavy) == [true, true, false, true])
        #expect(
            days.compactMap { DaySummaryRequest($0, words: TestSupport.timeWords) }.map(\.day) == ["Sunday, Nov 15"])
    }
}
