import CSQLite

/// A compiled statement, finalised when released. Parameters are bound by 1-based index.
public final class SQLiteStatement {
    let handle: OpaquePointer
    /// Unowned: the connection keeps its cached statements, and must not be kept alive by them.
    unowned let connection: SQLiteConnection
    let sql: String

    /// The corresponding C function is `sqlite3_prepare_v2`.
    init(connection: SQLiteConnection, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection.handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw connection.error(code, sql: sql) }
        handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds text, or NULL for nil. The corresponding C function is `sqlite3_bind_text`.
    public func bind(_ value: String?, at index: Int32) throws {
        let code: Int32
        if let value {
            // By byte length, never up to the first NUL: what was acknowledged is what is kept.
            var value = value
            code = value.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    guard let base = chars.baseAddress else {
                        return sqlite3_bind_text(handle, index, "", 0, yadg_sqlite_transient())
                    }
                    return sqlite3_bind_text(handle, index, base, Int32(chars.count), yadg_sqlite_transient())
                }
            }
        } else {
            code = sqlite3_bind_null(handle, index)
        }
        guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }

    /// The corresponding C function is `sqlite3_bind_int64`.
    public func bind(_ value: Int, at index: Int32) throws {
        let code = sqlite3_bind_int64(handle, index, Int64(value))
        guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }

    /// Binds bytes (a sealed box). The corresponding C function is `sqlite3_bind_blob`.
    public func bind(_ bytes: [UInt8], at index: Int32) throws {
        let code = bytes.withUnsafeBytes { raw in
            sqlite3_bind_blob(
                handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count),
                yadg_sqlite_transient())
        }
        guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }

    /// The corresponding C function is `sqlite3_bind_double`.
    public func bind(_ value: Double, at index: Int32) throws {
        let code = sqlite3_bind_double(handle, index, value)
        guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }

    /// Binds values to parameters 1, 2, … in order.
    public func bind(_ values: [SQLiteValue]) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .text(let text): try bind(text, at: index)
            case .integer(let number): try bind(number, at: index)
            case .real(let number): try bind(number, at: index)
            case .null: try bind(nil as String?, at: index)
            case .blob(let bytes): try bind(bytes, at: index)
            }
        }
    }

    /// Advances to the next row: true for a row, false when done.
    /// The corresponding C function is `sqlite3_step`.
    @discardableResult
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(code, sql: sql)
        }
    }

    /// Clears bindings and rewinds, so the statement can run again.
    /// The corresponding C functions are `sqlite3_reset` and `sqlite3_clear_bindings`.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The text of column `index` (0-based), or nil for NULL.
    /// The corresponding C function is `sqlite3_column_text`.
    public func text(_ index: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The corresponding C function is `sqlite3_column_int64`.
    public func integer(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

    /// The bytes of column `index`, or nil for NULL. The corresponding C function is `sqlite3_column_blob`.
    public func blob(_ index: Int32) -> [UInt8]? {
        guard sqlite3_column_type(handle, index) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}

/// A value to bind.
public enum SQLiteValue: Equatable, Sendable {
    case text(String)
    case integer(Int)
    case real(Double)
    case null
    /// Bytes: a sealed box.
    case blob([UInt8])

    public static func optional(_ text: String?) -> SQLiteValue { text.map(SQLiteValue.text) ?? .null }
}
