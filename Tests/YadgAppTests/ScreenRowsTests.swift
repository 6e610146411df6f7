import Foundation
import Testing
import YadgCore
import YadgTestSupport

@testable import YadgApp

/// Where the AI praise fades in: the row of the offline praise line of the moment it praises,
/// found by the moment's id, never by the line's words.
struct ScreenRowsTests {
    static let now = TestSupport.date("2026-11-19T15:04:00")

    static func moment(_ number: Int, praise: String) -> Moment {
        Moment(
            id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!, text: "took a walk",
            submittedAt: now, happenedAt: now, tz: TestSupport.newYork.identifier, offlinePraise: praise,
            action: "movement")
    }

    static func card(_ moment: Moment) -> [StyledLine] {
        MomentCard.render(
            moment, now: now, zone: TestSupport.newYork, copy: TestSupport.resources.copy,
            extras: ExtrasShown(moods: TestSupport.resources.moods))
    }

    @Test("Two moments praised alike: each AI line takes its own moment's row, not the first that reads the same")
    func identicalPraiseFindsItsOwnRow() throws {
        let first = Self.moment(1, praise: "Legs: activated.")
        let second = Self.moment(2, praise: "Legs: activated.")
        let lines = Self.card(first) + Self.card(second)
        #expect(lines[3].text == lines[7].text, "the two praise lines read the same")

        // Both logged by one reply: the first's line is 4 rows above the second's.
        let both = ShellReply(lines: lines, events: [.logged(first), .logged(second)])
        let places = ScreenRows.offlinePraisePlaces(in: both, width: 80, blankAfter: true)
        #expect(places.map(\.key) == [first.id.uuidString, second.id.uuidString])
        #expect(places.map(\.rowsAbove) == [4 + 2, 0 + 2])

        // Only the second logged, under the first's card that reads the same: matching the words
        // would place it 4 rows too high, over the first moment's line.
        let secondOnly = ShellReply(lines: lines, events: [.logged(second)])
        let place = try #require(ScreenRows.offlinePraisePlaces(in: secondOnly, width: 80, blankAfter: false).first)
        #expect(place.key == second.id.uuidString)
        #expect(place.rowsAbove == 1)
    }

    @Test("A line that only reads like the praise, with no moment's id on it, is not a place")
    func wordsAloneAreNoPlace() {
        let moment = Self.moment(1, praise: "Nice one.")
        let lookalike = [StyledLine("  Nice one.", .secondary)]
        let reply = ShellReply(lines: lookalike + Self.card(moment).dropLast(), events: [.logged(moment)])
        #expect(ScreenRows.offlinePraisePlaces(in: reply, width: 80, blankAfter: true).isEmpty)
    }

    @Test("The shell's card marks its praise line with the moment's id; a praise wider than the terminal is not placed")
    func shellCardIsMarked() throws {
        let shell = TestSupport.shell(mode: .conversation)
        let reply = shell.handle("took a walk")
        let moment = try #require(reply.praiseRequests.first)
        let marked = reply.lines.filter { $0.offlinePraiseOf != nil }
        #expect(marked.map(\.text) == ["  " + moment.offlinePraise])
        #expect(marked.first?.offlinePraiseOf == moment.id)
        #expect(
            ScreenRows.offlinePraisePlaces(in: reply, width: 80, blankAfter: true).map(\.key) == [moment.id.uuidString])
        #expect(ScreenRows.offlinePraisePlaces(in: reply, width: 8, blankAfter: true).isEmpty)
    }
}
