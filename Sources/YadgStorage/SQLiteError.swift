import CSQLite

/// A SQLite result code, as a Swift value (swift-system style). Made only inside this module, from
/// what SQLite returned, so no caller can invent one.
public struct SQLiteResultCode: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code of an extended one (`SQLITE_BUSY_SNAPSHOT` → `.busy`).
    public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

    public static let ok = SQLiteResultCode(rawValue: 0)
    public static let error = SQLiteResultCode(rawValue: 1)
    public static let `internal` = SQLiteResultCode(rawValue: 2)
    public static let permission = SQLiteResultCode(rawValue: 3)
    public static let abort = SQLiteResultCode(rawValue: 4)
    public static let busy = SQLiteResultCode(rawValue: 5)
    public static let locked = SQLiteResultCode(rawValue: 6)
    public static let noMemory = SQLiteResultCode(rawValue: 7)
    public static let readOnly = SQLiteResultCode(rawValue: 8)
    public static let interrupt = SQLiteResultCode(rawValue: 9)
    public static let ioError = SQLiteResultCode(rawValue: 10)
    public static let corrupt = SQLiteResultCode(rawValue: 11)
    public static let full = SQLiteResultCode(rawValue: 13)
    public static let cannotOpen = SQLiteResultCode(rawValue: 14)
    public static let schema = SQLiteResultCode(rawValue: 17)
    public static let constraint = SQLiteResultCode(rawValue: 19)
    public static let mismatch = SQLiteResultCode(rawValue: 20)
    public static let misuse = SQLiteResultCode(rawValue: 21)
    public static let notADatabase = SQLiteResultCode(rawValue: 26)
    public static let row = SQLiteResultCode(rawValue: 100)
    public static let done = SQLiteResultCode(rawValue: 101)

    /// SQLite's own English description of the code.
    /// The corresponding C function is `sqlite3_errstr`.
    public var description: String { String(cString: sqlite3_errstr(rawValue)) }
}

/// A failed SQLite call. Modelled on GRDB's `DatabaseError`.
///
/// Its description names the code, SQLite's message and the SQL text, and **never bound values**:
/// those are the person's moments, and errors end up on screens and in bug reports.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    public let code: SQLiteResultCode
    public let message: String
    public let sql: String?

    public init(code: SQLiteResultCode, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        var text = "SQLite error \(code.rawValue): \(message)"
        if let sql { text += " (while running: \(sql))" }
        return text
    }
}
