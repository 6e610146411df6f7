extension Migrations {
    // 11: a locked journal (<doc:PrivacyAndSecurity>). What a person wrote can be kept sealed:
    // a moment's words in one box per row (`sealed`), under the run key `sealed_key` names, whose
    // own box, sealed to the journal's public key, is in `sealed_keys`; the same for a summary and
    // for what an outbox change carries. `journal_key` holds the public key and the secret key
    // sealed under the passphrase (one row, only while locked; `unfinished` while old plain pages
    // may still be on disk after /lock). The kinds of win of sealed moments are counted by the
    // store (their `action` column is empty), so the update triggers count only plain rows; moods
    // of sealed moments are counted in `mood_counts`, so /stats needs no key.
    static let sql11 = """
        ALTER TABLE moments ADD COLUMN sealed BLOB;
        ALTER TABLE moments ADD COLUMN sealed_key INTEGER;
        ALTER TABLE day_summaries ADD COLUMN sealed BLOB;
        ALTER TABLE day_summaries ADD COLUMN sealed_key INTEGER;
        ALTER TABLE week_summaries ADD COLUMN sealed BLOB;
        ALTER TABLE week_summaries ADD COLUMN sealed_key INTEGER;
        ALTER TABLE sync_outbox ADD COLUMN sealed BLOB;
        ALTER TABLE sync_outbox ADD COLUMN sealed_key INTEGER;
        CREATE TABLE journal_key (
            id             INTEGER PRIMARY KEY CHECK (id = 1),
            public_key     BLOB NOT NULL,             -- X25519: every writer seals to it
            salt           BLOB NOT NULL,             -- Argon2id's, new with every passphrase
            ops_limit      INTEGER NOT NULL,
            mem_limit      INTEGER NOT NULL,
            algorithm      INTEGER NOT NULL,
            wrapped_secret BLOB NOT NULL,             -- nonce + the secret key, sealed under the passphrase
            unfinished     INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE sealed_keys (id INTEGER PRIMARY KEY, box BLOB NOT NULL);
        CREATE TABLE mood_counts (mood TEXT PRIMARY KEY NOT NULL, moments INTEGER NOT NULL) WITHOUT ROWID;
        DROP TRIGGER moments_count_delete;
        DROP TRIGGER moments_count_update_old;
        DROP TRIGGER moments_count_update_new;
        CREATE TRIGGER moments_count_delete AFTER DELETE ON moments WHEN OLD.archived_at IS NULL BEGIN
            UPDATE day_counts SET moments = moments - 1 WHERE local_day = OLD.local_day;
            UPDATE action_counts SET moments = moments - 1 WHERE action = OLD.action AND OLD.sealed IS NULL;
        END;
        CREATE TRIGGER moments_count_update_old AFTER UPDATE ON moments WHEN OLD.archived_at IS NULL BEGIN
            UPDATE day_counts SET moments = moments - 1 WHERE local_day = OLD.local_day;
            UPDATE action_counts SET moments = moments - 1 WHERE action = OLD.action AND OLD.sealed IS NULL;
        END;
        CREATE TRIGGER moments_count_update_new AFTER UPDATE ON moments WHEN NEW.archived_at IS NULL BEGIN
            INSERT INTO day_counts VALUES (NEW.local_day, 1)
                ON CONFLICT(local_day) DO UPDATE SET moments = moments + 1;
            INSERT INTO action_counts SELECT NEW.action, 1 WHERE NEW.sealed IS NULL
                ON CONFLICT(action) DO UPDATE SET moments = moments + 1;
        END;
        """
}
