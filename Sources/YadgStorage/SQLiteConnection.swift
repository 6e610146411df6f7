import CSQLite
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

/// One open SQLite database handle. Not thread-safe by itself: the store serialises access.
public final class SQLiteConnection {
    /// Set when the schema is newer than this binary knows: every write transaction throws it.
    /// Behind a lock of its own: a batch's rows are written on another thread, which may find
    /// damage while the caller asks whether writes are refused.
    var refusesWrites: MomentStoreError? {
        get { refusal.withLock { $0 } }
        set { refusal.withLock { $0 = newValue } }
    }
    private let refusal = Mutex<MomentStoreError?>(nil)
    /// The database file this connection opened (its path, device and inode), checked under the
    /// write lock before each commit: Delete my data in another process unlinks it, and a write
    /// into the unlinked file would be acknowledged and lost.
    var openedFile: (path: String, identity: FileIdentity, deletionMarker: String)?
    /// The same for its write-ahead log, once it exists (see `WriteAheadLog.swift`): a log removed
    /// under an open connection takes every commit since the last fold with it.
    var openedLog: FileIdentity?
    /// Inside ``SQLiteMomentStore/batch(_:)``: writes join the one open transaction.
    var inBatch = false
    /// A write inside the batch failed part-way: the whole batch is rolled back, never committed.
    var batchFailure: (any Error)?
    let handle: OpaquePointer

    /// Process-wide settings, applied once before the first connection opens.
    private static let configured: Void = { _ = yadg_sqlite_no_memstatus() }()

    /// Opens (creating if needed) the database at `path`, or an in-memory one for `":memory:"`.
    /// Without SQLite's own per-connection mutex (`NOMUTEX`): the store's lock already lets one
    /// caller at a time use a connection and its statements.
    /// The corresponding C function is `sqlite3_open_v2`.
    public init(path: String, readOnly: Bool = false) throws {
        _ = Self.configured
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            throw SQLiteError(code: SQLiteResultCode(rawValue: code), message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no parameters.
    /// The corresponding C function is `sqlite3_exec`.
    public func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql: sql) }
    }

    /// Compiles one statement.
    public func prepare(_ sql: String) throws -> SQLiteStatement {
        try SQLiteStatement(connection: self, sql: sql)
    }

    /// A short list, searched in order: the few statements a logged moment runs are found by a
    /// string comparison each (the same static strings, equal at their first word), where a
    /// dictionary hashed the whole SQL text at every use.
    private var statementCache: [(sql: String, statement: SQLiteStatement)] = []

    /// A prepared statement kept for the connection's life, reset and unbound, for the statements
    /// every logged moment runs (compiling them each time was a third of a piped line's cost).
    /// Callers reset it when they stop before SQLITE_DONE, so no read stays open. A statement
    /// still held by a caller is never handed out twice: a nested use gets a fresh one.
    func cached(_ sql: String) throws -> SQLiteStatement {
        for index in statementCache.indices where statementCache[index].sql == sql {
            guard isKnownUniquelyReferenced(&statementCache[index].statement) else { return try prepare(sql) }
            let statement = statementCache[index].statement
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        statementCache.append((sql, statement))
        return statement
    }

    /// The first column of the first row of `sql`, as text.
    public func scalarText(_ sql: String) throws -> String? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.text(0) : nil
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws. Returns only after
    /// the COMMIT succeeded, so the caller may acknowledge the write.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        if let refusal = refusesWrites { throw refusal }
        if inBatch {
            // No savepoint per write (it would copy every page it touches): a write that fails
            // part-way fails the whole batch instead, which is then rolled back and reported.
            do {
                return try body()
            } catch {
                if batchFailure == nil { batchFailure = error }
                throw error
            }
        }
        // Prepared once and reused.
        _ = try cached("BEGIN IMMEDIATE").step()
        do {
            try checkStillThere()
            let result = try body()
            _ = try cached("COMMIT").step()
            return result
        } catch {
            throw rollBack(after: error)
        }
    }

    /// Rows changed by the last statement. The corresponding C function is `sqlite3_changes`.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The error for a failed call. A damaged file (SQLITE_CORRUPT, SQLITE_NOTADB) becomes
    /// ``MomentStoreError/damaged(detail:)``, and from then on this connection writes nothing.
    func error(_ code: Int32, sql: String?) -> any Error {
        let error = SQLiteError(
            code: SQLiteResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
        switch code & 0xFF {
        case SQLITE_FULL: return MomentStoreError.diskFull
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN: return MomentStoreError.notWritable
        case SQLITE_BUSY, SQLITE_LOCKED: return MomentStoreError.busy
        case SQLITE_IOERR where sqlite3_system_errno(handle) == ENOSPC: return MomentStoreError.diskFull
        case SQLITE_IOERR where [EROFS, EACCES, EPERM].contains(sqlite3_system_errno(handle)):
            return MomentStoreError.notWritable
        default: break
        }
        guard code & 0xFF == SQLITE_CORRUPT || code & 0xFF == SQLITE_NOTADB else { return error }
        // Only now, when SQLite has met damage, is the file checked (never on a normal start): the
        // first problems quick_check finds go into the detail the person can pass on.
        // Once per connection: the check's own errors come back here and must not check again.
        var alreadyKnown = false
        if case .damaged? = refusesWrites { alreadyKnown = true }
        // SQLite's words without the statement: the detail is for a person to pass on.
        var detail = "SQLite error \(code): \(error.message)"
        refusesWrites = .damaged(detail: detail)
        if !alreadyKnown, code & 0xFF == SQLITE_CORRUPT, let statement = try? prepare("PRAGMA quick_check(3)") {
            var findings: [String] = []
            while (try? statement.step()) == true, let line = statement.text(0) { findings.append(line) }
            if !findings.isEmpty && findings != ["ok"] {
                detail += "; quick_check: " + findings.joined(separator: "; ")
            }
        }
        let damaged = MomentStoreError.damaged(detail: detail)
        refusesWrites = damaged
        return damaged
    }
}
