import CSQLite
import Foundation
import YadgStorage

/// The least work that leaves the same database a piped yadg leaves: the rows yadg stored (read
/// back from a home it filled, so every byte is the same), inserted with one prepared statement
/// into the same tables and indexes, under the same journal (WAL, `synchronous=FULL`, a durable
/// commit each batch, the log folded into the file as it passes the same size and at the end), in
/// commits of `rowsPerCommit`. It keeps no triggers: the running counts yadg
/// keeps are written as one upsert per key per commit, and the state rows once per commit. Nothing
/// is parsed, classified, praised or printed.
///
/// yadg commits at most `App.linesPerCommit` (512) waiting lines together; the floor uses that
/// largest size, so it is the lowest floor yadg could reach, never a flattering one.
struct StorageFloor {
    enum Value {
        case integer(Int64)
        case real(Double)
        case text(String)
        case null
    }

    /// The schema's tables and indexes (no triggers), in the order SQLite made them.
    let schema: [String]
    let userVersion: Int
    let columns: [String]
    let rows: [[Value]]
    let state: [(String, String)]
    let rowsPerCommit: Int

    /// Reads what the floor must write from the database of a home yadg filled.
    init(copying path: String, rowsPerCommit: Int = 512) {
        self.rowsPerCommit = rowsPerCommit
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db else {
            fatalError("yadg-bench: cannot open \(path)")
        }
        defer { sqlite3_close_v2(db) }
        schema = Self.query(
            db,
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND type IN ('table', 'index') ORDER BY rowid"
        ).compactMap {
            if case .text(let sql) = $0[0] { return sql }
            return nil
        }
        if case .integer(let version) = Self.query(db, "PRAGMA user_version")[0][0] {
            userVersion = Int(version)
        } else {
            userVersion = 0
        }
        columns = Self.query(db, "SELECT name FROM pragma_table_info('moments') ORDER BY cid").compactMap {
            if case .text(let name) = $0[0] { return name }
            return nil
        }
        rows = Self.query(db, "SELECT * FROM moments ORDER BY ref")
        state = Self.query(db, "SELECT key, value FROM state").compactMap {
            if case .text(let key) = $0[0], case .text(let value) = $0[1] { return (key, value) }
            return nil
        }
    }

    /// Writes everything into a new database at `path`; returns the wall time in milliseconds,
    /// from opening the file to the log folded in after the last durable commit.
    func write(to path: String) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        var db: OpaquePointer?
        sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard let db else { return .nan }
        defer { sqlite3_close_v2(db) }
        // As yadg makes a database: created whole in the file, then its log.
        exec(db, "PRAGMA synchronous = FULL")
        exec(
            db, "BEGIN IMMEDIATE; " + schema.joined(separator: "; ") + "; PRAGMA user_version = \(userVersion); COMMIT")
        exec(db, "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = \(SQLiteMomentStore.foldEveryPages)")

        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ",")
        let insert = prepare(db, "INSERT INTO moments (\(columns.joined(separator: ","))) VALUES (\(placeholders))")
        let dayCount = prepare(
            db,
            "INSERT INTO day_counts VALUES (?, ?) ON CONFLICT(local_day) DO UPDATE SET moments = moments + excluded.moments"
        )
        let actionCount = prepare(
            db,
            "INSERT INTO action_counts VALUES (?, ?) ON CONFLICT(action) DO UPDATE SET moments = moments + excluded.moments"
        )
        let setState = prepare(
            db, "INSERT INTO state VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
        defer { [insert, dayCount, actionCount, setState].forEach { sqlite3_finalize($0) } }
        let day = columns.firstIndex(of: "local_day")!
        let action = columns.firstIndex(of: "action")!

        for first in stride(from: 0, to: rows.count, by: rowsPerCommit) {
            exec(db, "BEGIN IMMEDIATE")
            var days: [String: Int] = [:]
            var actions: [String: Int] = [:]
            for row in rows[first..<min(first + rowsPerCommit, rows.count)] {
                for (index, value) in row.enumerated() { bind(insert, Int32(index + 1), value) }
                step(insert)
                if case .text(let text) = row[day] { days[text, default: 0] += 1 }
                if case .text(let text) = row[action] { actions[text, default: 0] += 1 }
            }
            for (key, count) in days { step(dayCount, .text(key), .integer(Int64(count))) }
            for (key, count) in actions { step(actionCount, .text(key), .integer(Int64(count))) }
            for (key, value) in state { step(setState, .text(key), .text(value)) }
            exec(db, "COMMIT")
        }
        // The end of a run folds the log into the file and empties it, as yadg's does.
        exec(db, "PRAGMA wal_checkpoint(TRUNCATE)")
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    // MARK: SQLite, plainly

    private func exec(_ db: OpaquePointer, _ sql: String) {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            fatalError("yadg-bench floor: \(String(cString: sqlite3_errmsg(db))) in \(sql)")
        }
    }

    private func prepare(_ db: OpaquePointer, _ sql: String) -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
            let statement
        else { fatalError("yadg-bench floor: \(String(cString: sqlite3_errmsg(db))) in \(sql)") }
        return statement
    }

    private func bind(_ statement: OpaquePointer, _ index: Int32, _ value: Value) {
        switch value {
        case .integer(let v): sqlite3_bind_int64(statement, index, v)
        case .real(let v): sqlite3_bind_double(statement, index, v)
        case .text(let v): sqlite3_bind_text(statement, index, v, -1, yadg_sqlite_transient())
        case .null: sqlite3_bind_null(statement, index)
        }
    }

    private func step(_ statement: OpaquePointer, _ values: Value...) {
        for (index, value) in values.enumerated() { bind(statement, Int32(index + 1), value) }
        guard sqlite3_step(statement) == SQLITE_DONE else {
            fatalError(
                "yadg-bench floor: step failed (\(sqlite3_errmsg(sqlite3_db_handle(statement)).map { String(cString: $0) } ?? ""))"
            )
        }
        sqlite3_reset(statement)
    }

    private static func query(_ db: OpaquePointer, _ sql: String) -> [[Value]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return [] }
        defer { sqlite3_finalize(statement) }
        var rows: [[Value]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    switch sqlite3_column_type(statement, column) {
                    case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
                    case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
                    case SQLITE_TEXT: .text(String(cString: sqlite3_column_text(statement, column)))
                    default: .null
                    }
                })
        }
        return rows
    }
}
