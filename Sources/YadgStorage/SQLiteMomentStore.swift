import Synchronization
import YadgCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The durable ``MomentStore``: one SQLite database in WAL mode with `synchronous=FULL`, so a
/// moment whose insert returned survives a crash or a power cut (<doc:Storage>).
public final class SQLiteMomentStore: MomentHistory, @unchecked Sendable {
    let connection: SQLiteConnection
    /// One caller at a time on the connection.
    let lock = Mutex(())
    /// A batch's rows and its commit, carried out on a thread of their own (see ``locked(_:)``
    /// and <doc:Storage>, "Batches").
    let batchWrites = BatchWrites()
    /// From a batch whose commit was handed over to the start of the next: the reference after
    /// its last, so the next batch numbers on without waiting for that commit. Anything else that
    /// uses the connection drops it.
    var refAfterHandedOver: Int?
    /// The running counts of the rows written on the batch thread; only that thread touches them.
    var writtenCounts = (days: [String: Int](), actions: [String: Int]())
    /// A locked journal's keys (<doc:PrivacyAndSecurity>), used under the lock like the connection.
    let sealing = JournalSealing()
    /// How far the batch being written moved its references (see `beginBatch`); only the batch
    /// thread touches it.
    var batchShift = 0

    /// Runs `body` holding the lock, once the batch's rows handed to their thread are written:
    /// whatever `body` reads or writes then sees every row before it.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock { _ in
            finishHandedOver()
            return try body()
        }
    }

    /// Waits, with the lock held, for everything handed to the batch thread.
    private func finishHandedOver() {
        batchWrites.finish()
        // What is stored may change now: the next batch reads its first reference afresh.
        refAfterHandedOver = nil
    }

    /// Opens the database file at `path`, creating it with mode 0600 first so the database and
    /// its `-wal`/`-shm` companions are private, then migrates it.
    /// Whether changes are queued for the backend (only when one is configured).
    public let syncs: Bool

    public init(path: String, syncs: Bool = false) throws {
        self.syncs = syncs
        // Looked at before SQLite opens (and creates) anything: whether this home was used.
        let used = Self.wasUsed(path)
        let writable: SQLiteConnection
        do {
            try PrivateFiles.createFileIfMissing(path)
            writable = try SQLiteConnection(path: path)
        } catch  where Self.isReadOnly(error) && FileManager.default.isReadableFile(atPath: path) {
            // A read-only home (a read-only mount, a folder that is not the person's): the views
            // still show what is there; every write is refused with a message that says why.
            connection = try SQLiteConnection(path: path, readOnly: true)
            try connection.execute("PRAGMA busy_timeout = \(SQLiteConnection.busyWait)")
            let found = Int(try connection.scalarText("PRAGMA user_version") ?? "0") ?? 0
            guard found >= Migrations.latestVersion else { throw MomentStoreError.notWritable }
            connection.refusesWrites =
                found > Migrations.latestVersion
                ? .newerSchema(found: found, known: Migrations.latestVersion) : .notWritable
            return
        }
        connection = writable
        // First of all: a database found damaged is closed with its log and index left as found.
        connection.persistWriteAheadLog()
        try configure(file: path, used: used)
        watchTransactions()
    }

    /// A home was used when the database's log or its index is beside it, or the file holds
    /// anything: since every database is created whole before its log exists, such a home that
    /// opens with no tables has lost them (<doc:Storage>, "A database that stands alone").
    private static func wasUsed(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0, info.st_size > 0 { return true }
        return access(path + "-shm", F_OK) == 0 || access(path + "-wal", F_OK) == 0
    }

    /// The file or its folder cannot be written: permissions, or a read-only file system.
    private static func isReadOnly(_ error: any Error) -> Bool {
        if case .notWritable? = error as? MomentStoreError { return true }
        if let posix = error as? POSIXError { return [.EACCES, .EPERM, .EROFS].contains(posix.code) }
        return false
    }

    private init(connection: SQLiteConnection, syncs: Bool) throws {
        self.connection = connection
        self.syncs = syncs
        try configure(file: nil)
        watchTransactions()
    }

    /// A store in memory (":memory:"), for tests.
    public static func inMemory(syncs: Bool = false) throws -> SQLiteMomentStore {
        try SQLiteMomentStore(connection: SQLiteConnection(path: ":memory:"), syncs: syncs)
    }

    /// Pages of log (4 KB each) past which a commit folds the log into the file: 2 MB, some 2,000
    /// piped lines. Side by side over 10,000 piped lines (`yadg-bench pipe --against`, six runs of
    /// eleven rounds), 512 took 0.92–1.04× the time of 256 and 0.88–1.05× that of SQLite's default
    /// 1,000: within this machine's noise, so the smaller log is kept small.
    public static let foldEveryPages = 512

    /// A log left behind by a run that was killed before its end could fold it: once it passes
    /// 1 MB it is folded in and emptied here, at the start of a run (SQLite does not remember
    /// between runs how much of it is already in the file, and would copy it all again).
    private func foldLargeLog(path: String) throws {
        // stat(2), not FileManager: its attribute dictionary cost more than the rest of opening.
        var info = stat()
        guard stat(path + "-wal", &info) == 0, info.st_size > 1_048_576 else { return }
        try connection.foldLog(emptying: true)
    }

    /// `file`: the database's path, nil in memory. `used`: the home was used before this open.
    private func configure(file: String?, used: Bool = false) throws {
        try connection.execute("PRAGMA busy_timeout = \(SQLiteConnection.busyWait)")
        // A database from a newer yadg is read as it is and never written (not even its journal mode).
        let found = Int(try connection.scalarText("PRAGMA user_version") ?? "0") ?? 0
        if found > Migrations.latestVersion {
            connection.refusesWrites = .newerSchema(found: found, known: Migrations.latestVersion)
            try connection.execute("PRAGMA foreign_keys = ON")
            return
        }
        try connection.execute(
            "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON; PRAGMA temp_store = MEMORY"
        )
        if let file {
            connection.rememberOpenedFile(file)
            if found == 0, try connection.scalarText("SELECT count(*) FROM sqlite_master") == "0" {
                // No tables. In a home that was used, they were in a log that is gone: that is
                // damage, said as damage, and nothing is written over it.
                if used { throw MomentStoreError.logLost }
                // A new database is created whole in the file itself, in one transaction of the
                // rollback journal, before its log exists: the file alone always holds its tables.
                try Migrations.run(on: connection, allAtOnce: true)
            }
            _ = try connection.scalarText("PRAGMA journal_mode = WAL")
            // A log past a small size is folded in by the commit that passed it (in a pipe, on the
            // batch thread, while the next lines are read).
            _ = try connection.scalarText("PRAGMA wal_autocheckpoint = \(Self.foldEveryPages)")
            try foldLargeLog(path: file)
        }
        try Migrations.run(on: connection)
        if file != nil {
            try refuseIfEmptied()
            connection.rememberOpenedLog()
        }
    }

    /// The state says a moment was logged here, and there is none (Delete my data removes the
    /// state with the moments, and a deleted moment keeps its row): what held them was lost.
    private func refuseIfEmptied() throws {
        guard try connection.scalarText("SELECT value FROM state WHERE key = 'hasCompletedFirstLog'") == "1",
            try connection.scalarText("SELECT count(*) FROM (SELECT 1 FROM moments LIMIT 1)") == "0"
        else { return }
        throw MomentStoreError.logLost
    }

    /// Folds the write-ahead log into the database file, so that the file alone, copied or backed
    /// up, holds every committed moment (<doc:Storage>, "A database that stands alone"): at the end
    /// of every run (`emptying`, as the last connection's close would), and in a conversation after
    /// each line that wrote. Never waits: what another yadg still reads stays for its own fold. A
    /// log removed under this connection is noticed here too, and what it held kept.
    public func foldLog(emptying: Bool) throws {
        try locked {
            guard connection.openedFile != nil, connection.refusesWrites == nil else { return }
            do {
                try connection.checkStillThere()
            } catch MomentStoreError.deletedElsewhere {
                return  // deleted on purpose (Delete my data): nothing is left to fold
            } catch {
                throw connection.keepingWhatTheLogHeld(after: error)
            }
            try connection.foldLog(emptying: emptying)
        }
    }

    /// SQLite's `quick_check` of the file, on a read-only connection of its own so the store stays
    /// free meanwhile: nil when it is sound, else what it found. Damage SQLite does not meet on the
    /// way (a zeroed page of an index) is found here; from then on nothing more is written.
    public func checkIntegrity(path: String) -> String? {
        guard let reader = try? SQLiteConnection(path: path, readOnly: true),
            let check = try? reader.prepare("PRAGMA quick_check(3)")
        else { return nil }
        var findings: [String] = []
        do {
            while try check.step(), let line = check.text(0) { findings.append(line) }
        } catch {
            findings.append("\(error)")
        }
        guard !findings.isEmpty, findings != ["ok"] else { return nil }
        let detail = "quick_check: " + findings.joined(separator: "; ")
        locked { connection.refusesWrites = .damaged(detail: detail) }
        return detail
    }

    /// Runs `body` holding the database's write lock, writing nothing (`BEGIN IMMEDIATE` …
    /// `ROLLBACK`): Delete my data removes the files under it, so a write in another process
    /// waits, then sees they are gone (``MomentStoreError/deletedElsewhere``).
    public func holdingWriteLock<T>(_ body: () throws -> T) rethrows -> T {
        try locked {
            let began = (try? connection.execute("BEGIN IMMEDIATE")) != nil
            defer { if began { try? connection.execute("ROLLBACK") } }
            return try body()
        }
    }

    /// Why writes are refused, when they are (a database from a newer yadg).
    public var writeRefusal: MomentStoreError? { connection.refusesWrites }

    /// The schema version the database is at.
    public func schemaVersion() throws -> Int {
        Int(try connection.scalarText("PRAGMA user_version") ?? "0") ?? 0
    }

    // MARK: MomentStore

    static let columns =
        "id, server_id, text, submitted_at, happened_at, tz, time_ago, offline_praise, ai_praise, action, tags, is_favorite, is_synced, sync_error, mood, note, photos, archived_at, is_crisis, ref, time_precision, time_said, sealed, sealed_key"

    @discardableResult
    public func insert(_ moment: Moment, state: StateChanges) throws -> Bool {
        try insertNumbered(moment, state: state) != nil
    }

    public func insertNumbered(_ moment: Moment, state: StateChanges) throws -> Int? {
        try lock.withLock { _ in
            if connection.inBatch { return try handOverRow(moment, state: state) }
            finishHandedOver()
            return try connection.writeTransaction {
                guard let ref = try insertRow(moment) else { return nil }
                try queueCreate(moment)
                try writeState(state)
                return ref
            }
        }
    }

    public func update(_ moment: Moment) throws {
        try locked {
            try connection.writeTransaction {
                let assignments = (Self.columns + ", local_day").split(separator: ",").dropFirst()
                    .map { "\($0.trimmedWhitespace) = ?" }.joined(separator: ", ")
                // A store that syncs needs the moment as it was, to queue what changed; a sealed
                // row, to keep the counts its empty columns cannot.
                let stored = try storedRow(id: moment.id)
                let update = try connection.prepare("UPDATE moments SET \(assignments) WHERE id = ?")
                var values = Self.values(of: moment)
                let sealed = try seal(&values, of: moment)
                values.append(values.removeFirst())  // id goes last, for the WHERE
                try update.bind(values)
                try update.step()
                if let stored, stored.sealed { try countSealed(stored.moment, by: -1) }
                if stored != nil, sealed { try countSealed(moment, by: 1) }
                if syncs, let before = stored?.moment { try queueChanges(from: before, to: moment) }
            }
        }
    }

    public func setAIPraise(_ praise: String, for id: UUID) throws {
        try locked {
            try connection.writeTransaction {
                if try setSealedAIPraise(praise, for: id) { return }
                // A moment edited into crisis language meanwhile keeps no praise.
                let update = try connection.prepare("UPDATE moments SET ai_praise = ? WHERE id = ? AND is_crisis = 0")
                try update.bind(praise, at: 1)
                try update.bind(id.lowercasedText, at: 2)
                try update.step()
            }
        }
    }

    public func moment(id: UUID) throws -> Moment? {
        try locked { try storedMoment(id: id) }
    }

    /// The moment with this id, inside the caller's lock.
    func storedMoment(id: UUID) throws -> Moment? {
        let select = try connection.cached("SELECT \(Self.columns) FROM moments WHERE id = ?")
        defer { select.reset() }
        try select.bind(id.lowercasedText, at: 1)
        return try select.step() ? moment(from: select) : nil
    }

    public func moments(happenedFrom start: Date?, before end: Date?, limit: Int) throws -> [Moment] {
        try locked {
            let select = try connection.prepare(
                """
                SELECT \(Self.columns) FROM moments
                WHERE archived_at IS NULL AND happened_at >= ? AND happened_at < ?
                ORDER BY happened_at DESC, submitted_at DESC, ref DESC LIMIT ?
                """)
            try select.bind(start.map(CivilTime.utcTimestamp) ?? "", at: 1)
            try select.bind(end.map(CivilTime.utcTimestamp) ?? "~", at: 2)
            try select.bind(limit, at: 3)
            var found: [Moment] = []
            while try select.step() {
                if let moment = try moment(from: select) { found.append(moment) }
            }
            return found
        }
    }

    /// Through the partial index of favourites: only they are read.
    public func favoriteMoments(limit: Int) throws -> [Moment] {
        try locked {
            let select = try connection.prepare(
                """
                SELECT \(Self.columns) FROM moments INDEXED BY moments_favorite
                WHERE archived_at IS NULL AND is_favorite = 1
                ORDER BY happened_at DESC, submitted_at DESC, ref DESC LIMIT ?
                """)
            try select.bind(limit, at: 1)
            var found: [Moment] = []
            while try select.step() {
                if let moment = try moment(from: select) { found.append(moment) }
            }
            return found
        }
    }

    public func moment(ref: Int) throws -> Moment? {
        try locked {
            let select = try connection.prepare("SELECT \(Self.columns) FROM moments WHERE ref = ?")
            try select.bind(ref, at: 1)
            return try select.step() ? moment(from: select) : nil
        }
    }

    public func lastSubmittedMoment() throws -> Moment? {
        try locked {
            let select = try connection.prepare(
                "SELECT \(Self.columns) FROM moments WHERE archived_at IS NULL ORDER BY submitted_at DESC, ref DESC LIMIT 1"
            )
            return try select.step() ? moment(from: select) : nil
        }
    }

    public func stateValue(_ key: StateKey) throws -> String? {
        try locked {
            if connection.inBatch, let pending = pendingState.last(where: { $0.key == key }) { return pending.value }
            let select = try connection.cached("SELECT value FROM state WHERE key = ?")
            defer { select.reset() }
            try select.bind(key.rawValue, at: 1)
            return try select.step() ? select.text(0) : nil
        }
    }

    public func setState(_ values: StateChanges) throws {
        try locked {
            try connection.writeTransaction { try writeState(values) }
        }
    }

    // MARK: Rows

    static let insertSQL =
        "INSERT INTO moments (\(columns), local_day) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) "
        + "ON CONFLICT(id) DO NOTHING"

    /// One INSERT … ON CONFLICT DO NOTHING, inside the caller's transaction. Returns the reference
    /// the moment was given (the next free one), or nil when the id was already stored.
    func insertRow(_ moment: Moment) throws -> Int? {
        let ref = try nextFreeRef()
        guard let day = try writeRow(moment, ref: ref) else { return nil }
        if connection.inBatch { batchRefs = ref + 1 }
        if moment.archivedAt == nil { try countInserted(day: day, action: moment.action) }
        return ref
    }

    /// The INSERT with the given reference; returns the moment's local day, or nil when the id
    /// was stored already (nothing is written then). The caller keeps the running counts.
    func writeRow(_ moment: Moment, ref: Int) throws -> String? {
        let insert = try connection.cached(Self.insertSQL)
        let day = moment.localDay.text
        var values = Self.values(of: moment, localDay: day)
        values[19] = .integer(ref)
        let sealed = try seal(&values, of: moment)
        try insert.bind(values)
        try insert.step()
        guard connection.changes == 1 else { return nil }
        // Its kind of win is counted by the caller, as for any row; its mood only here.
        if sealed, moment.archivedAt == nil { try countSealedMood(moment.mood, by: 1) }
        return day
    }

    /// The reference the next insert gets: one past the largest stored. Read under the write lock;
    /// inside a batch, read once and counted on from there (no other writer can come between).
    func nextFreeRef() throws -> Int {
        if connection.inBatch, let next = batchRefs { return next }
        let next = try nextStoredRef()
        if connection.inBatch { batchRefs = next }
        return next
    }

    /// One past the largest reference stored, as the database says now.
    func nextStoredRef() throws -> Int {
        let select = try connection.cached("SELECT coalesce(max(ref), 0) + 1 FROM moments")
        defer { select.reset() }
        return try select.step() ? select.integer(0) : 1
    }

    /// The running counts (`day_counts`, `action_counts`) of one inserted moment that is not
    /// archived: written at once, or inside a batch gathered and written once per key at commit.
    private func countInserted(day: String, action: String) throws {
        if connection.inBatch {
            pendingDayCounts[day, default: 0] += 1
            pendingActionCounts[action, default: 0] += 1
            return
        }
        try addCounts([day: 1], [action: 1])
    }

    func addCounts(_ days: [String: Int], _ actions: [String: Int]) throws {
        try add(days, to: Self.addDayCounts)
        try add(actions, to: Self.addActionCounts)
    }

    static let addDayCounts =
        "INSERT INTO day_counts VALUES (?, ?) ON CONFLICT(local_day) DO UPDATE SET moments = moments + excluded.moments"
    static let addActionCounts =
        "INSERT INTO action_counts VALUES (?, ?) ON CONFLICT(action) DO UPDATE SET moments = moments + excluded.moments"

    private func add(_ counts: [String: Int], to sql: String) throws {
        let upsert = try connection.cached(sql)
        for (key, count) in counts {
            upsert.reset()
            try upsert.bind(key, at: 1)
            try upsert.bind(count, at: 2)
            try upsert.step()
        }
    }

    /// State written inside a batch: kept here, each key once with its last value, and written
    /// just before the batch commits (a pipe's every line sets the same keys). A short list: a
    /// line sets two keys, and a dictionary hashed both names for every line.
    var pendingState: [(key: StateKey, value: String)] = []
    /// Inside a batch: the next free reference, once read, and the counts gathered for its commit.
    var batchRefs: Int?
    var pendingDayCounts: [String: Int] = [:]
    var pendingActionCounts: [String: Int] = [:]

    func writeState(_ values: StateChanges) throws {
        guard !values.isEmpty else { return }
        if connection.inBatch {
            // Straight into the batch's pending values: no dictionary built per line to merge.
            for (key, value) in values {
                if let index = pendingState.firstIndex(where: { $0.key == key }) {
                    pendingState[index].value = value
                } else {
                    pendingState.append((key, value))
                }
            }
            return
        }
        var named: [String: String] = [:]
        for (key, value) in values { named[key.rawValue] = value }
        try upsertState(named)
    }

    func upsertState(_ values: [String: String]) throws {
        guard !values.isEmpty else { return }
        let upsert = try connection.cached(
            "INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            upsert.reset()
            try upsert.bind(key, at: 1)
            try upsert.bind(value, at: 2)
            try upsert.step()
        }
    }

    /// `localDay`: the moment's local day when the caller has it already (it looks up the zone).
    static func values(of m: Moment, localDay: String? = nil) -> [SQLiteValue] {
        [
            .text(m.id.lowercasedText), .optional(m.serverId), .text(m.text),
            .text(CivilTime.utcTimestamp(m.submittedAt)), .text(CivilTime.utcTimestamp(m.happenedAt)), .text(m.tz),
            .integer(m.timeAgo), .text(m.offlinePraise), .optional(m.aiPraise), .text(m.action),
            .text(m.tags.joinedText(separator: "\n")), .integer(m.isFavorite ? 1 : 0), .integer(m.isSynced ? 1 : 0),
            .optional(m.syncError), .optional(m.mood), .optional(m.note), .text(m.photos.joinedText(separator: "\n")),
            .optional(m.archivedAt.map(CivilTime.utcTimestamp)), .integer(m.sensitivity.storedCode), .integer(m.ref),
            .text(m.timePrecision.rawValue),
            .optional(m.timeSaid), .null, .null, .text(localDay ?? m.localDay.text),
        ]
    }

    static func moment(from row: SQLiteStatement) -> Moment? {
        guard let id = row.text(0).flatMap(UUID.init(uuidString:)),
            let submitted = row.text(3).flatMap({ CivilTime.parse($0) }),
            let happened = row.text(4).flatMap({ CivilTime.parse($0) })
        else { return nil }
        func list(_ column: Int32) -> [String] {
            (row.text(column) ?? "").split(separator: "\n").map(String.init)
        }
        var moment = Moment(
            id: id, serverId: row.text(1), text: row.text(2) ?? "", submittedAt: submitted, happenedAt: happened,
            tz: row.text(5) ?? "UTC", offlinePraise: row.text(7) ?? "", aiPraise: row.text(8),
            action: row.text(9) ?? "other", tags: list(10), isFavorite: row.integer(11) != 0,
            isSynced: row.integer(12) != 0, syncError: row.text(13), mood: row.text(14), note: row.text(15),
            photos: list(16), archivedAt: row.text(17).flatMap { CivilTime.parse($0) },
            sensitivity: .init(storedCode: row.integer(18)))
        moment.timeAgo = row.integer(6)
        moment.ref = row.integer(19)
        moment.said = SaidTime(row.text(20).flatMap(TimePrecision.init(rawValue:)) ?? .clock, row.text(21))
        return moment
    }
}

/// How the crisis reading's outcome is kept in the `is_crisis` column (migration 6 added it as a
/// flag): 0 ordinary and 1 crisis as ever, 2 a concern, 3 a recovery milestone. Every value but 0
/// keeps a moment on this machine, and an older yadg reads any of them as a crisis, which is the
/// safe side (it never sends, praises or summarises such a moment).
extension Moment.Sensitivity {
    var storedCode: Int {
        switch self {
        case .ordinary: 0
        case .crisis: 1
        case .concern: 2
        case .milestone: 3
        }
    }

    init(storedCode: Int) {
        switch storedCode {
        case 0: self = .ordinary
        case 2: self = .concern
        case 3: self = .milestone
        default: self = .crisis
        }
    }
}
