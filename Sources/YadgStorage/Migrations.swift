import YadgCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The schema, as an ordered list of migrations recorded in `PRAGMA user_version`.
///
/// Append new migrations; never edit a shipped one. Each runs in its own write transaction
/// together with the version bump, so a crash leaves the database at a whole version.
enum Migrations {
    /// One step: SQL, optionally followed by Swift that fills in derived data.
    struct Step: Sendable {
        let sql: String
        var backfill: (@Sendable (SQLiteConnection) throws -> Void)? = nil
    }

    static let all: [Step] = [
        Step(sql: sql1),
        Step(sql: sql2, backfill: fillLocalDays),
        Step(sql: sql3),
        Step(sql: sql4),
        Step(sql: sql5),
        Step(sql: sql6),
        Step(sql: sql7),
        Step(sql: sql8),
        Step(sql: sql9),
        Step(sql: sql10),
        Step(sql: sql11),
    ]

    static let sql1 =
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

    // 2: the local day of each moment (computed in Swift, in the moment's own zone), indexes for
    // the look-back views, and cached day summaries for the Journey.
    static let sql2 = """
        ALTER TABLE moments ADD COLUMN local_day TEXT NOT NULL DEFAULT '';
        CREATE INDEX moments_day ON moments(local_day, happened_at) WHERE archived_at IS NULL;
        CREATE INDEX moments_action ON moments(action) WHERE archived_at IS NULL;
        CREATE INDEX moments_favorite ON moments(is_favorite) WHERE archived_at IS NULL AND is_favorite = 1;
        CREATE TABLE day_summaries (
            day         TEXT PRIMARY KEY NOT NULL,  -- local day, 2026-11-19
            text        TEXT NOT NULL,
            fingerprint TEXT NOT NULL               -- the moments it was written for
        );
        """

    // 3: running counts per local day and per kind of win, kept by triggers in the same
    // transaction as every write, so /stats sums a few hundred rows instead of scanning all.
    // Only moments that are not archived count.
    static let sql3 = """
        CREATE TABLE day_counts (local_day TEXT PRIMARY KEY NOT NULL, moments INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE action_counts (action TEXT PRIMARY KEY NOT NULL, moments INTEGER NOT NULL) WITHOUT ROWID;
        INSERT INTO day_counts SELECT local_day, count(*) FROM moments WHERE archived_at IS NULL GROUP BY local_day;
        INSERT INTO action_counts SELECT action, count(*) FROM moments WHERE archived_at IS NULL GROUP BY action;
        CREATE TRIGGER moments_count_insert AFTER INSERT ON moments WHEN NEW.archived_at IS NULL BEGIN
            INSERT INTO day_counts VALUES (NEW.local_day, 1)
                ON CONFLICT(local_day) DO UPDATE SET moments = moments + 1;
            INSERT INTO action_counts VALUES (NEW.action, 1)
                ON CONFLICT(action) DO UPDATE SET moments = moments + 1;
        END;
        CREATE TRIGGER moments_count_delete AFTER DELETE ON moments WHEN OLD.archived_at IS NULL BEGIN
            UPDATE day_counts SET moments = moments - 1 WHERE local_day = OLD.local_day;
            UPDATE action_counts SET moments = moments - 1 WHERE action = OLD.action;
        END;
        CREATE TRIGGER moments_count_update_old AFTER UPDATE ON moments WHEN OLD.archived_at IS NULL BEGIN
            UPDATE day_counts SET moments = moments - 1 WHERE local_day = OLD.local_day;
            UPDATE action_counts SET moments = moments - 1 WHERE action = OLD.action;
        END;
        CREATE TRIGGER moments_count_update_new AFTER UPDATE ON moments WHEN NEW.archived_at IS NULL BEGIN
            INSERT INTO day_counts VALUES (NEW.local_day, 1)
                ON CONFLICT(local_day) DO UPDATE SET moments = moments + 1;
            INSERT INTO action_counts VALUES (NEW.action, 1)
                ON CONFLICT(action) DO UPDATE SET moments = moments + 1;
        END;
        """

    // 4: the crisis flag. A moment whose text the crisis check caught is never sent anywhere and
    // its day gets no summary. Moments stored before this version are checked again when read
    // for anything that could leave the machine, so the default of 0 is safe.
    static let sql4 = """
        ALTER TABLE moments ADD COLUMN is_crisis INTEGER NOT NULL DEFAULT 0;
        """

    // 5: short, stable references (1, 2, 3, … in the order moments were saved), so a number
    // names the same moment in every list, card and session.
    static let sql5 = """
        ALTER TABLE moments ADD COLUMN ref INTEGER NOT NULL DEFAULT 0;
        UPDATE moments SET ref = numbered.n FROM
            (SELECT id, row_number() OVER (ORDER BY submitted_at, id) AS n FROM moments) AS numbered
            WHERE moments.id = numbered.id;
        CREATE UNIQUE INDEX moments_ref ON moments(ref);
        """

    // 6: how exactly the time was said, so a view shows "in 2020" rather than a clock time nobody
    // said. Moments stored before cannot tell a day from a clock time, so they keep 'clock': they
    // look exactly as they did.
    static let sql6 = """
        ALTER TABLE moments ADD COLUMN time_precision TEXT NOT NULL DEFAULT 'exact';
        ALTER TABLE moments ADD COLUMN time_said TEXT;
        UPDATE moments SET time_precision = 'clock' WHERE time_ago > 0;
        """

    // 7: the outbox for the backend. Each change that must reach the server is a row, written in
    // the same transaction as the change; rows of one moment are sent in `seq` order.
    // `next_attempt_at` is seconds since 1970 (0: now; NULL: held until the person asks again).
    static let sql7 = """
        CREATE TABLE sync_outbox (
            seq INTEGER PRIMARY KEY,
            moment_id TEXT NOT NULL,
            op TEXT NOT NULL CHECK (op IN ('create', 'update', 'delete')),
            fields TEXT,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at REAL DEFAULT 0,
            last_error TEXT
        );
        CREATE INDEX sync_outbox_moment ON sync_outbox(moment_id, seq);
        """

    static func fillLocalDays(_ connection: SQLiteConnection) throws {
        let select = try connection.prepare("SELECT id, happened_at, tz FROM moments")
        let update = try connection.prepare("UPDATE moments SET local_day = ? WHERE id = ?")
        while try select.step() {
            guard let id = select.text(0), let happened = select.text(1).flatMap({ CivilTime.parse($0) }) else {
                continue
            }
            let moment = Moment(
                id: UUID(), text: "", submittedAt: happened, happenedAt: happened, tz: select.text(2) ?? "UTC",
                offlinePraise: "", action: "")
            update.reset()
            try update.bind(moment.localDay.text, at: 1)
            try update.bind(id, at: 2)
            try update.step()
        }
    }

    /// Brings the database up to the latest version. Returns the version it found. `allAtOnce`:
    /// every step in one transaction (a new database, created whole before its log exists).
    @discardableResult
    static func run(on connection: SQLiteConnection, allAtOnce: Bool = false) throws -> Int {
        let found = Int(try connection.scalarText("PRAGMA user_version") ?? "0") ?? 0
        func migrate(from first: Int) throws {
            // Re-read inside the write lock: another process may have migrated meanwhile.
            let current = Int(try connection.scalarText("PRAGMA user_version") ?? "0") ?? 0
            for (index, step) in all.enumerated() where index + 1 > max(first, current) {
                try connection.execute(step.sql)
                try step.backfill?(connection)
                try connection.execute("PRAGMA user_version = \(index + 1)")
                if !allAtOnce { return }
            }
        }
        if allAtOnce {
            try connection.writeTransaction { try migrate(from: found) }
            return found
        }
        for index in all.indices where index + 1 > found {
            try connection.writeTransaction { try migrate(from: index) }
        }
        return found
    }

    static var latestVersion: Int { all.count }

    // 8: moods and tags (the columns were there from the start; `#words` fill them now). Partial
    // indexes, so /stats counts moods and Tab lists the tags in use by reading only the moments
    // that have them.
    static let sql8 = """
        CREATE INDEX moments_mood ON moments(mood) WHERE archived_at IS NULL AND mood IS NOT NULL;
        CREATE INDEX moments_tagged ON moments(tags) WHERE archived_at IS NULL AND tags != '';
        """

    // 9: week summaries (/week, /journey weeks), cached like a day's under the week's Monday.
    static let sql9 = """
        CREATE TABLE week_summaries (
            week        TEXT PRIMARY KEY NOT NULL,  -- the week's Monday, 2026-11-16
            text        TEXT NOT NULL,
            fingerprint TEXT NOT NULL               -- the moments it was written for
        );
        """

    // 10: a piped line's insert does only what a view needs. The running counts of an insert are
    // written by the store (once per key per commit in a batch; `SQLiteMomentStore.countInserted`)
    // rather than by a trigger, which ran two upserts per row and made SQLite keep a statement
    // journal for every insert; updates and deletes, one row at a time, keep their triggers. No
    // query reads moments by kind (`action_counts` answers /stats), so its index goes.
    static let sql10 = """
        DROP TRIGGER moments_count_insert;
        DROP INDEX moments_action;
        """
}
