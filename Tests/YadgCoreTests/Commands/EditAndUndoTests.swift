import Foundation
import Testing
import YadgCore
import YadgTestSupport

/// `/undo` and `undo that` take back the last thing done in the conversation, exactly and nothing
/// else; `that`, `it` and `last` name this conversation's last moment.
struct EditAndUndoTests {
    @Test("undo that after a delete brings that moment back and deletes nothing (the issue's pipe)")
    func undoThatAfterADelete() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("took a walk")
        _ = shell.handle("called mom")
        #expect(shell.handle("/delete 1").lines.plainText == "Deleted #1 \"took a walk\". /undo brings it back.")
        #expect(shell.handle("undo that").lines.plainText == "Brought back #1 \"took a walk\".")
        #expect(
            try store.moments(happenedFrom: nil, before: nil, limit: 9).map(\.text) == ["called mom", "took a walk"])
    }

    /// A moment as it stands, minus what no command changes.
    static func fields(_ moment: Moment?) -> String {
        guard let m = moment else { return "none" }
        return [
            m.text, "\(m.happenedAt.timeIntervalSince1970)", "\(m.timeAgo)", "\(m.said)", m.mood ?? "-",
            m.note ?? "-", m.tags.joined(separator: ","), m.photos.joined(separator: ","), "\(m.isFavorite)",
            "\(m.archivedAt.map { $0.timeIntervalSince1970 } ?? -1)",
        ].joined(separator: "|")
    }

    @Test(
        "undo that after each kind of change puts back exactly what it changed",
        arguments: [
            "/edit 2 took a long walk #proud #park", "actually it was yesterday", "/when at 8am", "/when 2 hours ago",
            "/fav 2", "star it", "/mood calm", "/mood 2 none", "I felt proud", "/note it was sunny",
            "add a note: with Sam", "/tag #outside #calm", "that was for #garden", "/delete 2", "delete that",
        ])
    func undoThatAfterEachChange(change: String) throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, mode: .conversation)
        // Another moment, which nothing below may touch.
        _ = shell.handle("called mom")
        _ = shell.handle("/note 1 she laughed")
        let other = Self.fields(try store.moment(ref: 1))
        _ = shell.handle("took a walk 3 hours ago #tired")
        let before = Self.fields(try store.moment(ref: 2))
        let changed = shell.handle(change)
        #expect(changed.failure == nil, "\(changed.lines.plainText)")
        #expect(Self.fields(try store.moment(ref: 2)) != before, "\(change) changed nothing")
        let undone = shell.handle("undo that")
        #expect(undone.failure == nil)
        #expect(undone.lines.plainText.contains("#2 "), "names the moment: \(undone.lines.plainText)")
        #expect(Self.fields(try store.moment(ref: 2)) == before, "\(change), then \(undone.lines.plainText)")
        #expect(Self.fields(try store.moment(ref: 1)) == other)
        // And once more: the moment's logging is what comes back off next.
        #expect(shell.handle("undo that").lines.plainText.hasPrefix("Took back #2 \"took a walk\""))
        #expect(Self.fields(try store.moment(ref: 1)) == other)
    }

    @Test("/undo twice walks back two actions, newest first, and then the moments logged")
    func undoTwice() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("took a walk")
        _ = shell.handle("called mom")
        #expect(shell.handle("/delete 2").failure == nil)
        #expect(
            shell.handle("/edit 1 took a long walk #calm").lines.plainText.hasPrefix(
                "Changed #1 to \"took a long walk\""))
        _ = shell.handle("/fav 1")
        _ = shell.handle("/when 1 hour ago")
        #expect(shell.handle("/undo").lines.plainText == "Moved #1 \"took a long walk\" back to just now.")
        #expect(shell.handle("/undo").lines.plainText == "Took the star off #1 \"took a long walk\" again.")
        #expect(shell.handle("/undo").lines.plainText == "Changed #1 back to \"took a walk\".")
        let walk = try #require(try store.moment(ref: 1))
        #expect(walk.text == "took a walk" && walk.mood == nil && !walk.isFavorite)
        #expect(walk.happenedAt == TestSupport.date("2026-11-19T15:04:00"))
        #expect(shell.handle("/undo").lines.plainText == "Brought back #2 \"called mom\".")
        #expect(shell.handle("/undo").lines.plainText == "Took back #2 \"called mom\": it's no longer in your moments.")
        #expect(
            shell.handle("/undo").lines.plainText == "Took back #1 \"took a walk\": it's no longer in your moments.")
        #expect(shell.handle("/undo").lines.plainText == "There's nothing to undo.")
        #expect(try store.moments(happenedFrom: nil, before: nil, limit: 9).isEmpty)
    }

    @Test("A change made since by someone else stays: /undo puts back only the fields its change set")
    func onlyWhatItChanged() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("took a walk")
        _ = shell.handle("/note it was sunny")
        // Another yadg sets a mood meanwhile.
        try store.update(#require(try store.moment(ref: 1)).with { $0.mood = "calm" })
        #expect(shell.handle("/undo").lines.plainText == "Took back the note change on #1 \"took a walk\".")
        let walk = try #require(try store.moment(ref: 1))
        #expect(walk.note == nil && walk.mood == "calm")
    }

    @Test("/edit with only a time leaves the words and names /when; it changed nothing, so /undo skips it")
    func onlyATime() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("took a walk")
        let reply = shell.handle("/edit last 2 hours ago")
        #expect(
            reply.failure?.message
                == "\"2 hours ago\" is a time, so I left the words as they were. /when 2 hours ago moves your last moment to then."
        )
        #expect(try store.allMoments().map(\.text) == ["took a walk"])
        #expect(shell.handle("/edit last read a book").failure == nil)
        #expect(shell.handle("/undo").lines.plainText == "Changed #1 back to \"took a walk\".")
        #expect(
            shell.handle("/undo").lines.plainText == "Took back #1 \"took a walk\": it's no longer in your moments.")
    }

    @Test("that, it and last name this conversation's last moment, never one another yadg saved meanwhile")
    func lastIsThisConversations() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, mode: .conversation)
        _ = shell.handle("watered the garden")
        // `yadg log paid a bill` from another shell, a minute later.
        let elsewhere = Shell(
            store: store, clock: FixedClock(TestSupport.date("2026-11-19T15:05:00")), timeZone: TestSupport.newYork,
            resources: TestSupport.resources, rng: SplitMix64(seed: 1), mode: .oneShot, makeID: { UUID() })
        #expect(elsewhere.handle("paid a bill").events.contains { $0.isLogged })
        #expect(shell.handle("star it").lines.plainText == "★ #1 \"watered the garden\" is a favourite.")
        #expect(shell.handle("/note last with the hose").lines.plainText.hasPrefix("Note added to #1"))
        #expect(shell.handle("actually it was 2 hours ago").lines.plainText.hasPrefix("Set #1 \"watered the garden\""))
        #expect(shell.handle("delete that").lines.plainText.hasPrefix("Deleted #1"))
        #expect(try store.moment(ref: 2)?.archivedAt == nil)
        #expect(try store.moment(ref: 2)?.isFavorite == false)
        #expect(try store.moment(ref: 2)?.note == nil)
        // Nothing of this conversation's is left: `last` does not become the other yadg's moment.
        #expect(
            shell.handle("star it").failure?.message.hasPrefix("Your newest moment was saved somewhere else") == true)
        #expect(try store.moment(ref: 2)?.isFavorite == false)
    }

    @Test("An imported moment dated after now is never `that`; before anything is logged here, it is refused")
    func importDatedLater() throws {
        let store = InMemoryMomentStore()
        let later = TestSupport.date("2026-12-01T09:00:00")
        let imported = Moment(
            id: UUID(), text: "paid a bill", submittedAt: later, happenedAt: later, tz: "America/New_York",
            offlinePraise: "Nice.", action: "other")
        #expect(try store.insert([imported]) == 1)
        let shell = TestSupport.shell(store: store, mode: .conversation)
        #expect(
            shell.handle("/when 2 hours ago").failure?.message
                .hasPrefix("Your newest moment was saved somewhere else") == true)
        _ = shell.handle("watered the garden")
        #expect(
            shell.handle("undo that").lines.plainText.hasSuffix(
                "\"watered the garden\": it's no longer in your moments."))
        #expect(try store.moment(id: imported.id)?.archivedAt == nil)
    }

    @Test("Before anything is logged here, last is the newest moment saved before the conversation began")
    func lastFromAnEarlierConversation() throws {
        let store = InMemoryMomentStore()
        _ = TestSupport.shell(store: store, now: "2026-11-18T20:00:00").handle("read a book")
        let shell = Shell(
            store: store, clock: FixedClock(TestSupport.date("2026-11-19T15:04:00")), timeZone: TestSupport.newYork,
            resources: TestSupport.resources, rng: SplitMix64(seed: 7), mode: .conversation, makeID: { UUID() })
        #expect(shell.handle("/fav last").lines.plainText == "★ #1 \"read a book\" is a favourite.")
        #expect(shell.handle("undo that").lines.plainText == "Took the star off #1 \"read a book\" again.")
    }
}

extension Moment {
    /// A copy with `change` made to it.
    func with(_ change: (inout Moment) -> Void) -> Moment {
        var copy = self
        change(&copy)
        return copy
    }
}
