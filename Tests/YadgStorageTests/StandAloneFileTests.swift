import CSQLite
import Foundation
import Testing
import YadgCore
import YadgTestSupport

@testable import YadgStorage

/// The database file alone holds every commit once its log is folded (<doc:Storage>, "A database
/// that stands alone"): created whole, folded at the end of a run and when the last connection
/// closes, without waiting for anyone.
struct StandAloneFileTests {
    static func moment(_ text: String) -> Moment {
        Moment(
            id: UUID(), text: text, submittedAt: Date(), happenedAt: Date(), tz: "UTC", offlinePraise: "",
            action: "other")
    }

    /// The moments' texts in a copy of the file alone, and its tables.
    static func copyAlone(_ path: String) throws -> (tables: Int, texts: [String]) {
        let copy = TemporaryFolder.make() + "/copy.db"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let connection = try SQLiteConnection(path: copy, readOnly: true)
        let tables =
            Int(try connection.scalarText("SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? "") ?? 0
        guard tables > 0 else { return (0, []) }
        let select = try connection.prepare("SELECT text FROM moments ORDER BY ref")
        var texts: [String] = []
        while try select.step() { texts.append(select.text(0) ?? "") }
        return (tables, texts)
    }

    @Test("A new database is created whole in the file, before its log exists")
    func createdWhole() throws {
        let path = TemporaryFolder.make() + "/moments.db"
        let store = try SQLiteMomentStore(path: path)
        #expect(try Self.copyAlone(path).tables == 10)  // seven, and a locked journal's three (migration 11)
        #expect(try store.schemaVersion() == Migrations.latestVersion)
        #expect(try store.connection.scalarText("PRAGMA journal_mode") == "wal")
    }

    @Test("When the last connection closes, the file alone holds every commit")
    func foldedOnClose() throws {
        let path = TemporaryFolder.make() + "/moments.db"
        do {
            let store = try SQLiteMomentStore(path: path)
            try store.insert(Self.moment("took a walk"), state: [:])
            #expect(try Self.copyAlone(path).texts == [], "in the log only, until a fold")
        }
        #expect(try Self.copyAlone(path).texts == ["took a walk"])
    }

    @Test("A fold never waits for a reader in another connection; what it leaves, the next fold takes")
    func foldNeverWaits() throws {
        let path = TemporaryFolder.make() + "/moments.db"
        let store = try SQLiteMomentStore(path: path)
        try store.insert(Self.moment("one"), state: [:])
        try store.foldLog(emptying: true)
        // Another process reading an older state of the file holds its pages in place.
        let reader = try SQLiteConnection(path: path)
        try reader.execute("BEGIN")
        #expect(try reader.scalarText("SELECT count(*) FROM moments") == "1")
        try store.insert(Self.moment("two"), state: [:])
        let started = Date()
        try store.foldLog(emptying: true)
        #expect(Date().timeIntervalSince(started) < 1, "no wait for the reader (a write would wait 5 s)")
        #expect(try Self.copyAlone(path).texts == ["one"])
        try reader.execute("COMMIT")
        try store.foldLog(emptying: true)
        #expect(try Self.copyAlone(path).texts == ["one", "two"])
        let log = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        #expect(log == 0, "emptied once nobody else used it")
    }
}
