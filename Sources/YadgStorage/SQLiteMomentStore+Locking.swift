import YadgCore
import YadgSealing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `/lock` did.
public enum LockOutcome: Sendable, Equatable {
    /// Sealed: how many moments and photos.
    case locked(moments: Int, photos: Int)
    case alreadyLocked
    /// Argon2id could not have the memory it needs: nothing changed.
    case noMemory
}

/// Locking a journal, changing its passphrase and taking the lock away (<doc:PrivacyAndSecurity>).
/// Each is one transaction: a kill leaves the journal as it was or as it was to be, never a mix.
extension SQLiteMomentStore {
    /// `/lock`: a new key pair, its secret sealed under `passphrase`, and every row of the journal
    /// sealed to it in one transaction (moments, summaries, the outbox's texts; photos are sealed
    /// into new files first). Then the old plain pages are scrubbed (``finishLocking(photos:)``).
    /// This run keeps the key: the person just typed the passphrase.
    public func lock(with passphrase: Passphrase, photos: PhotoShelf?) throws -> LockOutcome {
        if lockState.isLocked { return .alreadyLocked }
        guard let (record, secret) = JournalKeys.create(passphrase: passphrase) else { return .noMemory }
        let outcome: LockOutcome = try locked {
            var moments = try allRows().map(\.moment)
            // Photos first, each sealed into a file of its own: the rows then name those files.
            var sealedPhotos = 0
            if let photos {
                for index in moments.indices where !moments[index].photos.isEmpty {
                    moments[index].photos = try moments[index].photos.map { name in
                        guard let sealed = try photos.sealedCopy(of: name, to: record.publicKey) else { return name }
                        sealedPhotos += 1
                        return sealed
                    }
                }
            }
            return try connection.writeTransaction {
                // Another yadg may have locked it meanwhile: its lock stands, nothing is done twice.
                guard try storedKeyRecord() == nil else { return .alreadyLocked }
                let insert = try connection.prepare(
                    "INSERT INTO journal_key (id, public_key, salt, ops_limit, mem_limit, algorithm, wrapped_secret, unfinished) "
                        + "VALUES (1, ?, ?, ?, ?, ?, ?, 1)")
                try insert.bind(Self.values(of: record))
                try insert.step()
                sealing.checkedInTransaction = false  // the next write reads the lock just made
                for moment in moments {
                    try sealRow(moment)
                    try countSealed(moment, by: 1)  // the update trigger took its kind off as a plain row
                }
                try sealSummaries()
                try sealOutbox()
                return .locked(moments: moments.count, photos: sealedPhotos)
            }
        }
        guard case .locked = outcome else { return outcome }
        locked {
            sealing.secret = secret
            sealing.sourceAnswer = .opened
        }
        try finishLocking(photos: photos)
        return outcome
    }

    /// `/lock --change`: the same secret key sealed under a new passphrase (a new salt and
    /// derivation). No row is touched: everything sealed before opens as it did.
    public func changePassphrase(current: Passphrase, new: Passphrase) throws -> UnlockOutcome {
        guard let record = locked({ try? storedKeyRecord() }) else { return .notLocked }
        let secret: JournalSecretKey
        switch JournalKeys.open(record, passphrase: current) {
        case .opened(let opened): secret = opened
        case .wrongPassphrase: return .wrongPassphrase
        case .damaged: return .damaged
        case .noMemory: return .noMemory
        }
        guard let rewrapped = JournalKeys.wrap(secret, under: new) else { return .noMemory }
        return try locked {
            try connection.writeTransaction {
                // Changed elsewhere meanwhile: this change is not made over it.
                guard try storedKeyRecord() == record else { return .wrongPassphrase }
                let update = try connection.prepare(
                    "UPDATE journal_key SET salt = ?, ops_limit = ?, mem_limit = ?, algorithm = ?, wrapped_secret = ? WHERE id = 1"
                )
                try update.bind(Array(Self.values(of: rewrapped).dropFirst()))
                try update.step()
                sealing.secret = secret
                return .opened
            }
        }
    }

    /// `/unlock --remove`: every row opened and written plain again in one transaction, and the
    /// keys removed with it. Photos are opened into files first (a kill before the commit leaves
    /// them to be scrubbed at the next start, the journal still locked).
    public func removeLock(with passphrase: Passphrase, photos: PhotoShelf?) throws -> (UnlockOutcome, moments: Int) {
        let opening = open(with: passphrase)
        guard opening == .opened else { return (opening, 0) }
        return try locked {
            guard let secret = sealing.secret else { return (.wrongPassphrase, 0) }
            try connection.writeTransaction { try markUnfinished() }
            var rows = try allRows()
            var sealedFiles: [String] = []
            if let photos {
                for index in rows.indices where !rows[index].moment.photos.isEmpty {
                    rows[index].moment.photos = try rows[index].moment.photos.map { name in
                        guard let plain = try photos.openedCopy(of: name, with: secret) else { return name }
                        sealedFiles.append(name)
                        return plain
                    }
                }
            }
            let count = try connection.writeTransaction {
                let publicKey = try storedKeyRecord()?.publicKey
                guard publicKey == secret.publicKey else { throw MomentStoreError.locked }
                try connection.execute("DELETE FROM journal_key")
                sealing.checkedInTransaction = false
                sealing.publicKey = nil
                for row in rows where row.sealed {
                    try writePlain(row.moment)
                    // The update trigger counted its kind again as a plain row; its mood is plain now.
                    try countSealed(row.moment, by: -1)
                }
                try openSummaries()
                try openOutbox()
                try connection.execute("DELETE FROM sealed_keys; DELETE FROM mood_counts")
                return rows.count
            }
            forgetKeys()
            sealing.runKey = nil
            photos?.remove(sealedFiles)
            return (.opened, count)
        }
    }

    /// Whether /lock (or /unlock --remove) stopped before its old plain pages or files were gone.
    public var lockIsUnfinished: Bool {
        locked { (try? connection.scalarText("SELECT unfinished FROM journal_key WHERE id = 1")) == "1" }
    }

    /// The last step of /lock, and of a /lock or /unlock --remove that a kill interrupted: plain
    /// photo files are removed, and the database is rebuilt (`VACUUM`) and its log folded in and
    /// emptied, so no page of the file or its log holds what was written before it was sealed.
    /// Another yadg reading at that moment may keep the log from emptying: then it is done at a
    /// later start.
    public func finishLocking(photos: PhotoShelf?) throws {
        try locked {
            guard try connection.scalarText("SELECT unfinished FROM journal_key WHERE id = 1") == "1" else { return }
            photos?.removePlainFiles()
            try connection.execute("VACUUM")
            guard try foldAndEmptyLog() else { return }
            try connection.writeTransaction { try connection.execute("UPDATE journal_key SET unfinished = 0") }
            _ = try foldAndEmptyLog()
        }
    }

    /// `PRAGMA wal_checkpoint(TRUNCATE)`: true when the whole log was folded in and emptied.
    private func foldAndEmptyLog() throws -> Bool {
        let check = try connection.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
        guard try check.step() else { return true }
        return check.integer(0) == 0
    }

    private func markUnfinished() throws {
        try connection.execute("UPDATE journal_key SET unfinished = 1")
    }

    /// Every moment, opened, and whether its row is sealed.
    private func allRows() throws -> [(moment: Moment, sealed: Bool)] {
        let select = try connection.prepare("SELECT \(Self.columns) FROM moments ORDER BY ref")
        var rows: [(Moment, Bool)] = []
        while try select.step() {
            if let moment = try moment(from: select) { rows.append((moment, select.blob(Self.sealedColumn) != nil)) }
        }
        return rows
    }

    /// A row sealed, its words' columns emptied (its readable columns as they are).
    private func sealRow(_ moment: Moment) throws {
        var values = Self.values(of: moment)
        guard try seal(&values, of: moment) else { return }
        let columns = SealedFields.emptied.map { Self.columnName($0.column) } + ["sealed", "sealed_key"]
        let update = try connection.cached(
            "UPDATE moments SET " + columns.map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?")
        try update.bind(
            SealedFields.emptied.map(\.value) + [
                values[Int(Self.sealedColumn)], values[Int(Self.sealedKeyColumn)], .text(moment.id.lowercasedText),
            ])
        try update.step()
    }

    /// A row written plain: its words back in their columns, no box.
    private func writePlain(_ moment: Moment) throws {
        let values = Self.values(of: moment)
        let columns = SealedFields.emptied.map(\.column)
        let update = try connection.cached(
            "UPDATE moments SET " + columns.map { "\(Self.columnName($0)) = ?" }.joined(separator: ", ")
                + ", sealed = NULL, sealed_key = NULL WHERE id = ?")
        try update.bind(columns.map { values[$0] } + [.text(moment.id.lowercasedText)])
        try update.step()
    }

    static func columnName(_ index: Int) -> String {
        columns.split(separator: ",")[index].trimmedWhitespace
    }

    private func sealSummaries() throws {
        for table in [("day_summaries", "day"), ("week_summaries", "week")] {
            let select = try connection.prepare(
                "SELECT \(table.1), text, fingerprint FROM \(table.0) WHERE sealed IS NULL")
            var summaries: [DaySummary] = []
            while try select.step() {
                guard let day = select.text(0).flatMap(LocalDay.init) else { continue }
                summaries.append(DaySummary(day: day, text: select.text(1) ?? "", fingerprint: select.text(2) ?? ""))
            }
            let update = try connection.prepare(
                "UPDATE \(table.0) SET text = ?, fingerprint = ?, sealed = ?, sealed_key = ? WHERE \(table.1) = ?")
            for summary in summaries {
                let values = try summaryValues(summary, table: table.0)
                update.reset()
                try update.bind(Array(values.dropFirst()) + [values[0]])
                try update.step()
            }
        }
    }

    private func openSummaries() throws {
        for table in [("day_summaries", "day"), ("week_summaries", "week")] {
            let select = try connection.prepare(
                "SELECT text, fingerprint, sealed, sealed_key, \(table.1) FROM \(table.0) WHERE sealed IS NOT NULL")
            var opened: [(String, String, String)] = []
            while try select.step() {
                let key = select.text(4) ?? ""
                let (text, fingerprint) = try openSummary(table: table.0, key: key, row: select)
                opened.append((text, fingerprint, key))
            }
            let update = try connection.prepare(
                "UPDATE \(table.0) SET text = ?, fingerprint = ?, sealed = NULL, sealed_key = NULL WHERE \(table.1) = ?"
            )
            for (text, fingerprint, key) in opened {
                update.reset()
                try update.bind([.text(text), .text(fingerprint), .text(key)])
                try update.step()
            }
        }
    }

    private func sealOutbox() throws {
        let select = try connection.prepare(
            "SELECT seq, moment_id, fields FROM sync_outbox WHERE fields IS NOT NULL AND sealed IS NULL")
        var waiting: [(Int, UUID, String)] = []
        while try select.step() {
            guard let id = select.text(1).flatMap(UUID.init(uuidString:)), let fields = select.text(2) else { continue }
            waiting.append((select.integer(0), id, fields))
        }
        let update = try connection.prepare(
            "UPDATE sync_outbox SET fields = ?, sealed = ?, sealed_key = ? WHERE seq = ?")
        for (seq, id, fields) in waiting {
            let stored = try outboxValues(id, fields: fields)
            update.reset()
            try update.bind([stored.fields, stored.sealed, stored.key, .integer(seq)])
            try update.step()
        }
    }

    private func openOutbox() throws {
        let select = try connection.prepare(
            "SELECT seq, moment_id, sealed, sealed_key FROM sync_outbox WHERE sealed IS NOT NULL")
        var opened: [(Int, String?)] = []
        while try select.step() {
            guard let id = select.text(1).flatMap(UUID.init(uuidString:)) else { continue }
            opened.append(
                (
                    select.integer(0),
                    try openOutboxFields(id, fields: nil, sealed: select.blob(2), keyID: select.integer(3))
                ))
        }
        let update = try connection.prepare(
            "UPDATE sync_outbox SET fields = ?, sealed = NULL, sealed_key = NULL WHERE seq = ?")
        for (seq, fields) in opened {
            update.reset()
            try update.bind([.optional(fields), .integer(seq)])
            try update.step()
        }
    }

    static func values(of record: JournalKeyRecord) -> [SQLiteValue] {
        [
            .blob(record.publicKey), .blob(record.salt), .integer(Int(record.opsLimit)), .integer(record.memLimit),
            .integer(Int(record.algorithm)), .blob(record.wrappedSecret),
        ]
    }
}
