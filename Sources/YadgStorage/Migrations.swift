/// The schema, as an ordered list of migrations recorded in `PRAGMA user_version`.
///
/// Append new migrations; never edit a shipped one. Each runs in its own write transaction
/// together with the version bump, so a crash leaves the database at a whole version.
enum Migrations {
    static let all: [String] = [
        // 1: moments (the app's data model) and the small state table.
        """
        CREATE TABLE moments (
            id             TEXT PRIMARY KEY NOT NULL,  -- client UUID
            server_id      TEXT,
            text           TEXT NOT NULL,
            submitted_at   TEXT NOT NULL,             -- UTC ISO-8601 with milliseconds
            happened_at    TEXT NOT NULL,
            tz             TEXT NOT NULL,             -- IANA zone it was logged in
            time_ago       INTEGER NOT NULL,          -- seconds between happened_at and submitted_at
            offline_praise TEXT NOT NULL,
            ai_praise      TEXT,
            action         TEXT NOT NULL,
            tags           TEXT NOT NULL DEFAULT '',  -- newline-separated
            is_favorite    INTEGER NOT NULL DEFAULT 0,
            is_synced      INTEGER NOT NULL DEFAULT 0,
            sync_error     TEXT,
            mood           TEXT,
            note           TEXT,
            photos         TEXT NOT NULL DEFAULT '',  -- newline-separated paths in the data folder
            archived_at    TEXT
        );
        CREATE INDEX moments_happened ON moments(happened_at);
        CREATE INDEX moments_submitted ON moments(submitted_at);
        CREATE TABLE state (
            key   TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        );
        """
    ]

    /// Brings the database up to the latest version. Returns the version it found.
    @discardableResult
    static func run(on connection: SQLiteConnection) throws -> Int {
        let found = Int(try connection.scalarText("PRAGMA user_version") ?? "0") ?? 0
        for (index, sql) in all.enumerated() where index + 1 > found {
            try connection.writeTransaction {
                // Re-read inside the write lock: another process may have migrated meanwhile.
                let current = Int(try connection.scalarText("PRAGMA user_version") ?? "0") ?? 0
                guard current < index + 1 else { return }
                try connection.execute(sql)
                try connection.execute("PRAGMA user_version = \(index + 1)")
            }
        }
        return found
    }

    static var latestVersion: Int { all.count }
}
