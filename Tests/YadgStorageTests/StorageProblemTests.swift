import Foundation
import Testing
import YadgCore
import YadgTestSupport

@testable import YadgStorage

/// A full disk is said as a full disk, not as "try again in a moment", and nothing half-written
/// is acknowledged.
struct StorageProblemTests {
    @Test("A full disk is MomentStoreError.diskFull, and the shell says so without logging the line")
    func diskFull() throws {
        let store = try SQLiteMomentStore.inMemory()
        // SQLite's own way to make a database full: no more pages than it has now.
        let pages = try #require(Int(try store.connection.scalarText("PRAGMA page_count") ?? ""))
        try store.connection.execute("PRAGMA max_page_count = \(pages)")
        let shell = Shell(
            store: store, clock: FixedClock(TestSupport.date("2026-11-19T15:04:00")), timeZone: TestSupport.newYork,
            resources: TestSupport.resources, rng: SplitMix64(seed: 7), mode: .piped)
        let long = String(repeating: "a long and happy walk ", count: 40)
        var reply = ShellReply()
        for _ in 0..<50 {
            reply = shell.handle(long)
            if reply.failure != nil { break }
        }
        let expected = TestSupport.resources.copy[StorageCopy.self].diskFull
        #expect(reply.failure?.message == expected)
        #expect(reply.events.first?.isNotLogged == true)
        #expect(throws: MomentStoreError.diskFull) {
            try store.insert(
                Moment(
                    id: UUID(), text: long, submittedAt: Date(), happenedAt: Date(), tz: "UTC", offlinePraise: "",
                    action: "other"), state: [:])
        }
    }
}
