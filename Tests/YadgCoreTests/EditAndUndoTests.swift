import Testing
import YadgCore
import YadgTestSupport

/// `/edit` can be taken back like `/delete`, and a text that is only a time is not an edit.
struct EditAndUndoTests {
    @Test("/undo changes an edit back, newest change first, then brings back a deleted moment")
    func undoAnEdit() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("took a walk")
        _ = shell.handle("called mom")
        #expect(shell.handle("/delete 2").failure == nil)
        #expect(
            shell.handle("/edit 1 took a long walk #calm").lines.plainText.hasPrefix("Changed to \"took a long walk\""))
        #expect(shell.handle("/undo").lines.plainText == "Changed back to \"took a walk\".")
        let walk = try #require(try store.allMoments().first { $0.ref == 1 })
        #expect(walk.text == "took a walk" && walk.mood == nil)
        #expect(shell.handle("/undo").lines.plainText == "Brought back \"called mom\".")
        #expect(shell.handle("/undo").lines.plainText == "There's nothing to undo.")
    }

    @Test("/edit with only a time leaves the words and names /when")
    func onlyATime() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("took a walk")
        let reply = shell.handle("/edit last 2 hours ago")
        #expect(
            reply.failure
                == "\"2 hours ago\" is a time, so I left the words as they were. /when 2 hours ago moves your last moment to then."
        )
        #expect(try store.allMoments().map(\.text) == ["took a walk"])
        #expect(shell.handle("/undo").lines.plainText == "There's nothing to undo.", "nothing changed")
        #expect(shell.handle("/edit last walked home at dusk").failure == nil, "words with a time in them are words")
    }
}
