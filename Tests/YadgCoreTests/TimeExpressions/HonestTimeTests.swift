import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// Times show what was said: a clock time only when there was one. Thu 2026-11-19 15:04 New York.
struct HonestTimeTests {
    @Test(arguments: [
        ("quit smoking in 2020", "in 2020", TimePrecision.period),
        ("read 2 chapters yesterday", "yesterday", .day),
        ("cleaned the garage last week", "last week", .period),
        ("stretched this morning", "this morning", .day),
        ("called mom 3 days ago", "3 days ago", .day),
        ("took a walk 2 hours ago", "2 hours ago · 1:04 PM", .exact),
        ("drank water", "just now · 3:04 PM", .exact),
        ("made tea today", "just now · 3:04 PM", .exact),
        ("went for a run at 7am", "about 8 hours ago · 7:00 AM", .clock),
        ("went for a run at 7:04am", "8 hours ago · 7:04 AM", .clock),
        ("baked bread yesterday at 6pm", "yesterday · 6:00 PM", .clock),
    ])
    func cardShowsWhatWasSaid(line: String, shown: String, precision: TimePrecision) throws {
        let store = InMemoryMomentStore()
        let reply = TestSupport.shell(store: store).handle(line)
        #expect(reply.lines.count >= 3)
        #expect(reply.lines[2].text == "  " + shown, "\(line)")
        #expect(try store.lastSubmittedMoment()?.timePrecision == precision)
    }

    @Test("Lists, /when and exports keep the precision")
    func everywhere() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("quit smoking in 2020")
        #expect(shell.handle("/moments all").lines.plainText.contains("  1  quit smoking\n     in 2020 · \""))
        #expect(shell.handle("/when last week").lines.plainText == "Set #1 \"quit smoking\" to last week")
        let moved = try #require(try store.lastSubmittedMoment())
        #expect(moved.said == SaidTime(.period, "last week"))
        let json = MomentExport.json([moved])
        #expect(json.contains(#""timePrecision":"period","timeSaid":"last week""#))
        #expect(try MomentExport.decode(json).map(\.said) == [moved.said])
        #expect(shell.handle("/when 20 min ago").lines.plainText == "Set #1 \"quit smoking\" to 20 min ago · 2:44 PM")
        #expect(try store.lastSubmittedMoment()?.said == .now)
    }
}
