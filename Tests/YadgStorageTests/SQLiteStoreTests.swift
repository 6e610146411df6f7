import CSQLite
import Foundation
import Testing
import YadgCore
import YadgTestSupport

@testable import YadgStorage

struct SQLiteStoreTests {
    @Test func migratesFromAnEmptyDatabase() throws {
        let path = TemporaryFolder.make() + "/moments.db"
        let store = try SQLiteMomentStore(path: path)
        #expect(try store.schemaVersion() == Migrations.latestVersion)
        let connection = try SQLiteConnection(path: path)
        let tables = try connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        var names: [String] = []
        while try tables.step() { names.append(tables.text(0) ?? "") }
        #expect(
            names == [
                "action_counts", "day_counts", "day_summaries", "journal_key", "moments", "mood_counts", "sealed_keys",
                "state", "sync_outbox", "week_summaries",
            ])
        // Opening again finds the latest version and runs nothing.
        #expect(try Migrations.run(on: connection) == Migrations.latestVersion)
    }

    @Test("A version-1 database with moments migrates, and each moment gets its local day")
    func migratesFromVersionOne() throws {
        let path = TemporaryFolder.make() + "/moments.db"
        let old = try SQLiteConnection(path: path)
        try old.execute(Migrations.sql1 + "PRAGMA user_version = 1;")
        try old.execute(
            """
            INSERT INTO moments (id, text, submitted_at, happened_at, tz, time_ago, offline_praise, action)
            VALUES ('00000000-0000-4000-8000-000000000001', 'late walk', '2026-11-20T04:30:00.000Z',
                    '2026-11-20T04:30:00.000Z', 'America/New_York', 0, 'Nice.', 'movement'),
                   ('00000000-0000-4000-8000-000000000002', 'early tea', '2026-11-19T10:00:00.000Z',
                    '2026-11-19T10:00:00.000Z', 'America/New_York', 0, 'Nice.', 'self-care');
            """)
        let store = try SQLiteMomentStore(path: path)
        #expect(try store.schemaVersion() == Migrations.latestVersion)
        // 04:30 UTC is still the 19th in New York.
        #expect(try store.days(before: nil, limit: 10) == ["2026-11-19"])
        // Stored moments are numbered in the order they were saved; a new one takes the next number.
        #expect(try store.moment(ref: 1)?.text == "early tea" && store.moment(ref: 2)?.text == "late walk")
        let next = Moment(
            id: UUID(), text: "new", submittedAt: Date(), happenedAt: Date(), tz: "UTC", offlinePraise: "",
            action: "other")
        #expect(try store.insert(next, state: [:]))
        #expect(try store.moment(id: next.id)?.ref == 3)
    }

    @Test func connectionSettings() throws {
        let store = try SQLiteMomentStore(path: TemporaryFolder.make() + "/moments.db")
        let c = store.connection
        #expect(try c.scalarText("PRAGMA journal_mode") == "wal")
        #expect(try c.scalarText("PRAGMA synchronous") == "2")  // FULL
        #expect(try c.scalarText("PRAGMA busy_timeout") == "5000")
        #expect(try c.scalarText("PRAGMA wal_autocheckpoint") == "512")
        #expect(try c.scalarText("PRAGMA foreign_keys") == "1")
        #expect(try c.scalarText("PRAGMA secure_delete") == "1")
    }

    @Test("Folders are 0700; the database, -wal and -shm are 0600, even under umask 022")
    func filesArePrivate() throws {
        let old = umask(0o022)
        defer { umask(old) }
        let folder = TemporaryFolder.make() + "/data/yadg"
        try PrivateFiles.createDirectory(folder)
        let store = try SQLiteMomentStore(path: folder + "/moments.db")
        try store.insert(MomentStoreContractTests.moment("x", happened: 1), state: [:])
        func mode(_ path: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(try mode(folder) == 0o700)
        for suffix in ["", "-wal", "-shm"] {
            #expect(try mode(folder + "/moments.db" + suffix) == 0o600, "moments.db\(suffix)")
        }
    }

    @Test("Stored text is readable by any SQLite client, dates as UTC ISO-8601")
    func storedRowsAreReadable() throws {
        let store = try SQLiteMomentStore.inMemory()
        let moment = MomentStoreContractTests.moment("took a walk", happened: 1_763_560_000)
        try store.insert(moment, state: [:])
        let row = try store.connection.prepare("SELECT id, text, happened_at FROM moments")
        #expect(try row.step())
        #expect(row.text(0) == moment.id.uuidString.lowercased())
        #expect(row.text(1) == "took a walk")
        #expect(row.text(2) == "2025-11-19T13:46:40.000Z")
    }

    @Test("Errors name the SQL but never the values bound to it")
    func errorsKeepMomentsPrivate() throws {
        let store = try SQLiteMomentStore.inMemory()
        let c = store.connection
        let insert = try c.prepare("INSERT INTO state (key, value) VALUES (?, ?)")
        try insert.bind("secret diary text", at: 1)
        try insert.bind(nil as String?, at: 2)
        do {
            try insert.step()
            Issue.record("NOT NULL was not enforced")
        } catch let error as SQLiteError {
            #expect(error.code.primary == .constraint)
            #expect(error.description.contains("INSERT INTO state"))
            #expect(!error.description.contains("secret diary text"))
        }
        #expect(throws: SQLiteError.self) { try c.execute("SELECT * FROM no_such_table") }
    }

    @Test("Each result code matches its C constant")
    func resultCodesMatchC() {
        let pairs: [(SQLiteResultCode, Int32)] = [
            (.ok, SQLITE_OK), (.error, SQLITE_ERROR), (.internal, SQLITE_INTERNAL), (.permission, SQLITE_PERM),
            (.abort, SQLITE_ABORT), (.busy, SQLITE_BUSY), (.locked, SQLITE_LOCKED), (.noMemory, SQLITE_NOMEM),
            (.readOnly, SQLITE_READONLY), (.interrupt, SQLITE_INTERRUPT), (.ioError, SQLITE_IOERR),
            (.corrupt, SQLITE_CORRUPT), (.full, SQLITE_FULL), (.cannotOpen, SQLITE_CANTOPEN),
            (.schema, SQLITE_SCHEMA), (.constraint, SQLITE_CONSTRAINT), (.mismatch, SQLITE_MISMATCH),
            (.misuse, SQLITE_MISUSE), (.notADatabase, SQLITE_NOTADB), (.row, SQLITE_ROW), (.done, SQLITE_DONE),
        ]
        for (code, constant) in pairs { #expect(code.rawValue == constant, "\(code)") }
        #expect(SQLiteResultCode(rawValue: SQLITE_BUSY | (2 << 8)).primary == .busy)  // SQLITE_BUSY_SNAPSHOT
    }

    @Test("A second process's writer waits instead of failing (BEGIN IMMEDIATE + busy_timeout)")
    func twoWritersOnOneFile() throws {
        let path = TemporaryFolder.make() + "/moments.db"
        let first = try SQLiteMomentStore(path: path)
        let second = try SQLiteMomentStore(path: path)
        let group = DispatchGroup()
        let failures = LockedCounter()
        for store in [first, second] {
            group.enter()
            DispatchQueue.global().async {
                for k in 0..<100 {
                    do {
                        try store.insert(MomentStoreContractTests.moment("m\(k)", happened: Double(k)), state: [:])
                    } catch { failures.increment() }
                }
                group.leave()
            }
        }
        group.wait()
        #expect(failures.value == 0)
        #expect(try first.moments(happenedFrom: nil, before: nil, limit: 1000).count == 200)
    }
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
