import CSQLite
import YadgCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which file a path named when it was opened: its device and inode.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// The file at `path` now; nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// The write-ahead log beside the database (<doc:Storage>, "A database that stands alone"): kept
/// as a file between runs, folded into the database at the end of every run and on a schedule,
/// and watched, so that a log removed under an open connection stops every write instead of
/// taking acknowledged moments with it.
extension SQLiteConnection {
    /// How long a write waits for another writer before it gives up (`busy_timeout`, in ms).
    static let busyWait: Int32 = 5000

    /// Keeps the log file and its index between runs (see `yadg_sqlite_persist_wal` in the CSQLite
    /// shim). The corresponding C function is `sqlite3_file_control`.
    func persistWriteAheadLog() {
        _ = yadg_sqlite_persist_wal(handle)
    }

    /// Copies every committed page of the log into the database file and syncs it, waiting for
    /// nobody: pages a reader in another process still needs stay in the log for the next fold.
    /// `emptying`: when no other connection is using the log, it is also emptied (truncated to
    /// nothing), so the next run starts from an empty log. True when the database file alone now
    /// holds every commit; false when another connection was busy (its own fold follows).
    /// The corresponding C function is `sqlite3_wal_checkpoint_v2`.
    @discardableResult
    func foldLog(emptying: Bool) throws -> Bool {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, Self.busyWait) }
        var pages: Int32 = 0
        var folded: Int32 = 0
        let mode = emptying ? SQLITE_CHECKPOINT_TRUNCATE : SQLITE_CHECKPOINT_PASSIVE
        let code = sqlite3_wal_checkpoint_v2(handle, "main", mode, &pages, &folded)
        // Busy: another connection writes, reads an older page or folds right now. What could be
        // copied without waiting was copied.
        if code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED { return false }
        guard code == SQLITE_OK else { throw error(code, sql: nil) }
        return pages == folded
    }

    /// Remembers which file this connection opened (see ``openedFile``).
    func rememberOpenedFile(_ path: String) {
        guard let identity = FileIdentity(path: path) else { return }
        openedFile = (path, identity, PrivateFiles.parentFolder(of: path) + "/.deleting")
    }

    /// Remembers which log file this connection writes to, once SQLite has opened it.
    func rememberOpenedLog() {
        guard let file = openedFile else { return }
        openedLog = FileIdentity(path: file.path + "-wal")
    }

    /// Throws ``MomentStoreError/deletedElsewhere`` (and refuses writes from then on) when the file
    /// at the path is no longer the one opened, or a deletion is under way beside it; and
    /// ``MomentStoreError/logRemoved`` when its log is no longer the one this connection writes
    /// to (removed by a cleanup, a sync client, a backup tool that restores files one by one): a
    /// commit into a removed log is acknowledged, then lost. Called with the write lock held, so a
    /// deletion (which takes it first) is either over or not begun. Two or three system calls.
    func checkStillThere() throws {
        guard let file = openedFile else { return }
        if FileIdentity(path: file.path) != file.identity || access(file.deletionMarker, F_OK) == 0 {
            refusesWrites = .deletedElsewhere
            throw MomentStoreError.deletedElsewhere
        }
        if let log = openedLog, FileIdentity(path: file.path + "-wal") != log {
            refusesWrites = .logRemoved
            throw MomentStoreError.logRemoved
        }
    }

    /// Rolls back the open transaction after `error`, and returns the error to report
    /// (``keepingWhatTheLogHeld(after:)``).
    func rollBack(after error: any Error) -> any Error {
        try? execute("ROLLBACK")
        return keepingWhatTheLogHeld(after: error)
    }

    /// The error to report after `error`. When the log was removed, what it held is still readable
    /// through this connection's open file: it is folded into the database now, so nothing
    /// committed before is lost with it. If that fold cannot finish, the database is said to be
    /// damaged, with why.
    func keepingWhatTheLogHeld(after error: any Error) -> any Error {
        guard case .logRemoved? = error as? MomentStoreError else { return error }
        let folded: Bool
        do {
            folded = try foldLog(emptying: false)
        } catch {
            folded = false
        }
        guard !folded else { return error }
        let log = (openedFile?.path.split(separator: "/").last).map { $0 + "-wal" } ?? "the log"
        let damaged = MomentStoreError.damaged(
            detail: "\(log) was removed while yadg had it open, and what it held could not all be folded back")
        refusesWrites = damaged
        return damaged
    }
}
