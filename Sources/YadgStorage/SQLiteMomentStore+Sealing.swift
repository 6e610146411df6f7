import CSQLite
import YadgCore
import YadgSealing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The store's side of a locked journal (<doc:PrivacyAndSecurity>): rows sealed as they are
/// written, with only the public key, and opened as they are read, with the keys the passphrase
/// opened.
final class JournalSealing: @unchecked Sendable {
    /// The journal's public key as the current write transaction read it (nil: not locked).
    var publicKey: [UInt8]?
    /// The lock state was read in the current write transaction (reset at each commit or rollback,
    /// so a journal locked or unlocked by another yadg is seen by the next transaction here).
    var checkedInTransaction = false
    /// This run's key, made at its first sealed write, and whether its box is stored in the
    /// current transaction.
    var runKey: (key: DataKey, box: [UInt8], publicKey: [UInt8])?
    var runKeyStored = false
    /// The secret key, once a passphrase opened it, and the run keys it opened.
    var secret: JournalSecretKey?
    var opened: [Int64: DataKey] = [:]
    /// Where a script's passphrase comes from (a file, a command): asked once, at the first read
    /// that needs it. Never the terminal (the conversation asks there itself, between lines).
    var passphraseSource: (@Sendable () -> Passphrase?)?
    var sourceAnswer: SourceAnswer = .notAsked
    /// The tags in use in a sealed journal (read once, for Tab), and those logged since.
    var tagsInUse: [String: Int]?

    enum SourceAnswer { case notAsked, opened, gaveNothing, refused }
}

/// Whether a journal is locked, and whether this run holds its key.
public enum JournalLockState: Sendable, Equatable {
    case notLocked
    case locked(open: Bool)

    public var isLocked: Bool { self != .notLocked }
}

/// What a passphrase did to a locked journal.
public enum UnlockOutcome: Sendable, Equatable {
    case opened
    case wrongPassphrase
    /// The key record is not one yadg writes (or does not match itself): nothing opens.
    case damaged
    /// Argon2id could not have the memory it needs.
    case noMemory
    case notLocked
}

extension SQLiteMomentStore {
    static let sealedColumn: Int32 = 22
    static let sealedKeyColumn: Int32 = 23

    /// What a moment's box is sealed for: its own id, so a box moved to another row does not open.
    static func momentContext(_ id: UUID) -> [UInt8] { Array("yadg.moment.v1:\(id.lowercasedText)".utf8) }
    static func summaryContext(_ table: String, _ key: String) -> [UInt8] { Array("yadg.\(table).v1:\(key)".utf8) }
    static func outboxContext(_ id: UUID) -> [UInt8] { Array("yadg.outbox.v1:\(id.lowercasedText)".utf8) }

    // MARK: Hooks

    /// Every commit and rollback ends a transaction: the next write reads the lock state again,
    /// and stores the run key's box again if that transaction's was rolled back.
    func watchTransactions() {
        let context = Unmanaged.passUnretained(sealing).toOpaque()
        sqlite3_commit_hook(
            connection.handle,
            { context in
                let sealing = Unmanaged<JournalSealing>.fromOpaque(context!).takeUnretainedValue()
                sealing.checkedInTransaction = false
                sealing.runKeyStored = false
                return 0
            }, context)
        sqlite3_rollback_hook(
            connection.handle,
            { context in
                let sealing = Unmanaged<JournalSealing>.fromOpaque(context!).takeUnretainedValue()
                sealing.checkedInTransaction = false
                sealing.runKeyStored = false
            }, context)
    }

    // MARK: Writing (inside the caller's transaction)

    /// The run's key when the journal is locked, its box stored in this transaction; nil when the
    /// journal is not locked. Read once per transaction, under its write lock: a journal locked by
    /// another yadg a moment ago gets no plain row from this one.
    func writingKey() throws -> DataKey? {
        if !sealing.checkedInTransaction {
            sealing.publicKey = try storedKeyRecord()?.publicKey
            sealing.checkedInTransaction = true
            sealing.runKeyStored = false
        }
        guard let publicKey = sealing.publicKey else { return nil }
        if sealing.runKey?.publicKey != publicKey {
            let (key, box) = DataKey.make(sealingTo: publicKey)
            sealing.runKey = (key, box, publicKey)
            sealing.runKeyStored = false
        }
        guard let run = sealing.runKey else { return nil }
        if !sealing.runKeyStored {
            let insert = try connection.cached(
                "INSERT INTO sealed_keys (id, box) VALUES (?, ?) ON CONFLICT(id) DO NOTHING")
            try insert.bind([.integer(Int(run.key.id)), .blob(run.box)])
            try insert.step()
            if connection.changes == 0, try storedBox(run.key.id) != run.box {
                // Another run's key has this id (one chance in 2⁶³): this run takes a new one.
                sealing.runKey = nil
                return try writingKey()
            }
            sealing.runKeyStored = true
        }
        return run.key
    }

    /// A row's values as written: with the journal locked, the person's words go into one box
    /// (`sealed`, `sealed_key`) and their columns are left empty. True when sealed.
    @discardableResult
    func seal(_ values: inout [SQLiteValue], of moment: Moment) throws -> Bool {
        guard let key = try writingKey() else { return false }
        values[Int(Self.sealedColumn)] = .blob(
            key.seal(SealedFields.encode(moment), context: Self.momentContext(moment.id)))
        values[Int(Self.sealedKeyColumn)] = .integer(Int(key.id))
        for (column, empty) in SealedFields.emptied { values[column] = empty }
        if sealing.tagsInUse != nil, moment.archivedAt == nil {
            for tag in moment.tags { sealing.tagsInUse?[tag, default: 0] += 1 }
        }
        return true
    }

    /// The moods of sealed moments that are not archived, counted as they change (their column is
    /// empty, so /stats reads these counts).
    func countSealedMood(_ mood: String?, by change: Int) throws {
        guard let mood, change != 0 else { return }
        let upsert = try connection.cached(
            "INSERT INTO mood_counts VALUES (?, ?) ON CONFLICT(mood) DO UPDATE SET moments = moments + excluded.moments"
        )
        try upsert.bind([.text(mood), .integer(change)])
        try upsert.step()
    }

    /// What a sealed row adds to the counts the triggers do not keep (its kind of win, its mood).
    func countSealed(_ moment: Moment, by change: Int) throws {
        guard moment.archivedAt == nil else { return }
        try countSealedMood(moment.mood, by: change)
        let upsert = try connection.cached(Self.addActionCounts)
        try upsert.bind([.text(moment.action), .integer(change)])
        try upsert.step()
    }

    /// A summary's text and fingerprint as stored: sealed together when the journal is locked.
    func summaryValues(_ summary: DaySummary, table: String) throws -> [SQLiteValue] {
        guard let key = try writingKey() else {
            return [.text(summary.day.text), .text(summary.text), .text(summary.fingerprint), .null, .null]
        }
        var bytes: [UInt8] = [SealedFields.version]
        SealedFields.append(summary.text, to: &bytes)
        SealedFields.append(summary.fingerprint, to: &bytes)
        let box = key.seal(bytes, context: Self.summaryContext(table, summary.day.text))
        return [.text(summary.day.text), .text(""), .text(""), .blob(box), .integer(Int(key.id))]
    }

    /// An outbox change's fields as stored: sealed when the journal is locked (an edit carries
    /// the new text).
    func outboxValues(_ id: UUID, fields: String?) throws -> (
        fields: SQLiteValue, sealed: SQLiteValue, key: SQLiteValue
    ) {
        guard let fields, let key = try writingKey() else { return (.optional(fields), .null, .null) }
        return (.null, .blob(key.seal(Array(fields.utf8), context: Self.outboxContext(id))), .integer(Int(key.id)))
    }

    // MARK: Reading

    /// The moment in `row` (selected with ``columns``), its sealed words opened.
    func moment(from row: SQLiteStatement) throws -> Moment? {
        guard let plain = Self.moment(from: row) else { return nil }
        guard let sealed = row.blob(Self.sealedColumn) else { return plain }
        let key = try readingKey(Int64(row.integer(Self.sealedKeyColumn)), reference: plain.ref)
        guard let bytes = key.open(sealed, context: Self.momentContext(plain.id)),
            let opened = SealedFields.decode(bytes, into: plain)
        else { throw MomentStoreError.sealDamaged(reference: plain.ref) }
        return opened
    }

    /// A summary's text and fingerprint, opened when sealed.
    func openSummary(table: String, key: String, row: SQLiteStatement) throws -> (text: String, fingerprint: String) {
        guard let sealed = row.blob(2) else { return (row.text(0) ?? "", row.text(1) ?? "") }
        let dataKey = try readingKey(Int64(row.integer(3)), reference: nil)
        guard let bytes = dataKey.open(sealed, context: Self.summaryContext(table, key)),
            bytes.first == SealedFields.version
        else { throw MomentStoreError.sealDamaged(reference: nil) }
        var reader = SealedFields.Reader(bytes: bytes, offset: 1)
        guard let text = reader.next() ?? nil, let fingerprint = reader.next() ?? nil else {
            throw MomentStoreError.sealDamaged(reference: nil)
        }
        return (text, fingerprint)
    }

    /// An outbox change's fields, opened when sealed.
    func openOutboxFields(_ id: UUID, fields: String?, sealed: [UInt8]?, keyID: Int) throws -> String? {
        guard let sealed else { return fields }
        let key = try readingKey(Int64(keyID), reference: nil)
        guard let bytes = key.open(sealed, context: Self.outboxContext(id)) else {
            throw MomentStoreError.sealDamaged(reference: nil)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the key `id` can be had now without asking anyone (this run's, or one opened).
    func holdsKey(_ id: Int64) -> Bool {
        sealing.runKey?.key.id == id || sealing.opened[id] != nil
    }

    /// The key a row was sealed under: this run's, one opened before, or opened now with the
    /// secret key (which a script's passphrase may open at this first need). Throws
    /// ``MomentStoreError/locked`` when no passphrase opened the journal.
    func readingKey(_ id: Int64, reference: Int?) throws -> DataKey {
        if let run = sealing.runKey, run.key.id == id { return run.key }
        if let key = sealing.opened[id] { return key }
        let secret = try secretKey()
        guard let box = try storedBox(id) else { throw MomentStoreError.sealDamaged(reference: reference) }
        guard let key = DataKey.open(id: id, sealedBox: box, with: secret) else {
            // Locked anew by another yadg (a new key pair): this passphrase is no longer the one.
            if try storedKeyRecord()?.publicKey != secret.publicKey {
                forgetKeys()
                throw MomentStoreError.locked
            }
            throw MomentStoreError.sealDamaged(reference: reference)
        }
        sealing.opened[id] = key
        return key
    }

    /// The secret key: held, or opened now from a script's passphrase source, once.
    private func secretKey() throws -> JournalSecretKey {
        if let secret = sealing.secret { return secret }
        switch sealing.sourceAnswer {
        case .refused: throw MomentStoreError.wrongPassphrase
        case .gaveNothing, .opened: throw MomentStoreError.locked
        case .notAsked: break
        }
        guard let source = sealing.passphraseSource else { throw MomentStoreError.locked }
        guard let passphrase = source(), let record = try storedKeyRecord() else {
            sealing.sourceAnswer = .gaveNothing
            throw MomentStoreError.locked
        }
        switch JournalKeys.open(record, passphrase: passphrase) {
        case .opened(let secret):
            sealing.sourceAnswer = .opened
            sealing.secret = secret
            return secret
        case .wrongPassphrase, .damaged, .noMemory:
            sealing.sourceAnswer = .refused
            throw MomentStoreError.wrongPassphrase
        }
    }

    private func storedBox(_ id: Int64) throws -> [UInt8]? {
        let select = try connection.cached("SELECT box FROM sealed_keys WHERE id = ?")
        defer { select.reset() }
        try select.bind(Int(id), at: 1)
        return try select.step() ? select.blob(0) : nil
    }

    /// The journal's key record, nil when it is not locked.
    func storedKeyRecord() throws -> JournalKeyRecord? {
        let select = try connection.cached(
            "SELECT public_key, salt, ops_limit, mem_limit, algorithm, wrapped_secret FROM journal_key WHERE id = 1")
        defer { select.reset() }
        guard try select.step() else { return nil }
        return JournalKeyRecord(
            publicKey: select.blob(0) ?? [], salt: select.blob(1) ?? [], opsLimit: UInt64(max(0, select.integer(2))),
            memLimit: select.integer(3), algorithm: Int32(truncatingIfNeeded: select.integer(4)),
            wrappedSecret: select.blob(5) ?? [])
    }

    /// Forgets the secret key and every key it opened (`/lock` on an opened journal).
    func forgetKeys() {
        sealing.secret = nil
        sealing.opened = [:]
        sealing.tagsInUse = nil
    }

    // MARK: For the application

    /// Whether the journal is locked, and whether this run holds its key.
    public var lockState: JournalLockState {
        locked {
            guard let record = try? storedKeyRecord() else { return .notLocked }
            return .locked(open: sealing.secret?.publicKey == record.publicKey)
        }
    }

    /// A script's passphrase (a file, a command), asked for at the first read that needs it.
    public func setPassphraseSource(_ source: (@Sendable () -> Passphrase?)?) {
        locked { sealing.passphraseSource = source }
    }

    /// Opens the journal for this run with `passphrase`: one Argon2id derivation, done without
    /// holding the store (writes go on meanwhile), then one check in constant time.
    public func open(with passphrase: Passphrase) -> UnlockOutcome {
        guard let record = locked({ try? storedKeyRecord() }) else { return .notLocked }
        switch JournalKeys.open(record, passphrase: passphrase) {
        case .opened(let secret):
            locked {
                sealing.secret = secret
                sealing.sourceAnswer = .opened
            }
            return .opened
        case .wrongPassphrase: return .wrongPassphrase
        case .damaged: return .damaged
        case .noMemory: return .noMemory
        }
    }

    /// Closes the journal again for this run: reading asks for the passphrase anew, even for what
    /// this run wrote (its key goes too; what it writes from now on is sealed under a new one).
    public func close() {
        locked {
            forgetKeys()
            sealing.runKey = nil
        }
    }

    /// The public key every writer seals to, when the journal is locked (a photo kept now is sealed to it).
    public var sealingPublicKey: [UInt8]? {
        locked { try? storedKeyRecord()?.publicKey }
    }

    /// The secret key, to open a sealed photo: held, or opened now from a script's passphrase;
    /// ``MomentStoreError/locked`` when neither.
    public func secretKeyForReading() throws -> JournalSecretKey {
        try locked { try secretKey() }
    }

    /// The secret key, when this run holds it.
    public var openedSecretKey: JournalSecretKey? {
        locked { sealing.secret }
    }
}

extension SQLiteMomentStore {
    /// The stored moment with this id, opened, and whether its row is sealed (inside the caller's lock).
    func storedRow(id: UUID) throws -> (moment: Moment, sealed: Bool)? {
        let select = try connection.cached("SELECT \(Self.columns) FROM moments WHERE id = ?")
        defer { select.reset() }
        try select.bind(id.lowercasedText, at: 1)
        guard try select.step(), let moment = try moment(from: select) else { return nil }
        return (moment, select.blob(Self.sealedColumn) != nil)
    }

    /// A late AI praise for a sealed row: opened (it is this run's moment, sealed under this run's
    /// key), changed and sealed again. False when the row is not sealed (the caller's plain update).
    func setSealedAIPraise(_ praise: String, for id: UUID) throws -> Bool {
        guard let stored = try storedRow(id: id), stored.sealed else { return false }
        // A moment edited into crisis language meanwhile keeps no praise.
        guard stored.moment.sensitivity == .ordinary else { return true }
        var moment = stored.moment
        moment.aiPraise = praise
        try rewriteSealed(moment)
        return true
    }

    /// Writes a sealed row's box again with `moment`'s words (its readable columns untouched).
    func rewriteSealed(_ moment: Moment) throws {
        var values = Self.values(of: moment)
        guard try seal(&values, of: moment) else { return }
        let update = try connection.cached("UPDATE moments SET sealed = ?, sealed_key = ? WHERE id = ?")
        try update.bind([
            values[Int(Self.sealedColumn)], values[Int(Self.sealedKeyColumn)], .text(moment.id.lowercasedText),
        ])
        try update.step()
    }
}

/// The look-back queries a sealed journal answers in Swift, once its rows are opened: a search
/// reads every moment (SQL cannot look inside a box), Tab's tags are gathered once, and moods come
/// from their counts.
extension SQLiteMomentStore {
    /// Whether any row may be sealed: a run key is stored (none are once the lock is removed).
    func holdsSealedRows() throws -> Bool {
        try connection.scalarText("SELECT 1 FROM sealed_keys LIMIT 1") != nil
    }

    /// `/find` over sealed moments: every moment that is not archived is opened, newest first, and
    /// matched as SQL's LIKE would (ASCII letters in any case).
    func sealedMoments(containing words: [String], tagged tags: [String], limit: Int) throws -> [Moment] {
        let select = try connection.prepare(
            "SELECT \(Self.columns) FROM moments WHERE archived_at IS NULL ORDER BY happened_at DESC, ref DESC")
        let words = words.map(Self.foldedASCII)
        let tags = tags.map { ($0, Self.foldedASCII($0)) }
        var found: [Moment] = []
        while found.count < limit, try select.step() {
            guard let moment = try moment(from: select) else { continue }
            let text = Self.foldedASCII(moment.text)
            guard words.allSatisfy({ text.firstRange(of: $0) != nil }) else { continue }
            let own = moment.tags.map(Self.foldedASCII)
            guard tags.allSatisfy({ tag in moment.mood == tag.0 || own.contains(tag.1) }) else { continue }
            found.append(moment)
        }
        return found
    }

    /// UTF-8 with ASCII letters lowered, as SQLite's LIKE compares.
    static func foldedASCII(_ text: String) -> [UInt8] {
        text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }

    /// The tags in use when rows are sealed: gathered from every moment once this run holds the key,
    /// then kept up to date as moments are written; nil when nothing is sealed, empty while locked.
    func sealedTagsInUse() throws -> [String: Int]? {
        guard try holdsSealedRows() else { return nil }
        if let known = sealing.tagsInUse { return known }
        var counts: [String: Int] = [:]
        let select = try connection.prepare("SELECT \(Self.columns) FROM moments WHERE archived_at IS NULL")
        do {
            while try select.step() {
                for tag in try moment(from: select)?.tags ?? [] { counts[tag, default: 0] += 1 }
            }
        } catch MomentStoreError.locked, MomentStoreError.wrongPassphrase {
            return [:]  // Tab offers no tags until the journal is opened
        }
        sealing.tagsInUse = counts
        return counts
    }

    /// `moods` (of plain rows) with those of sealed rows added, most common first.
    func withSealedMoods(_ moods: [(String, Int)]) throws -> [(String, Int)] {
        let select = try connection.prepare("SELECT mood, moments FROM mood_counts WHERE moments > 0")
        var all = Dictionary(moods, uniquingKeysWith: +)
        var any = false
        while try select.step() {
            all[select.text(0) ?? "", default: 0] += select.integer(1)
            any = true
        }
        guard any else { return moods }
        return all.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }
}

/// Sync with a sealed journal: what is sent is opened first, and what the server answers is sealed.
extension SQLiteMomentStore {
    /// Whether the moment's row can be read for sending now, without asking for a passphrase it
    /// does not have (a create of an earlier run waits for a run that opened the journal).
    func sendable(_ id: UUID) throws -> Bool {
        let select = try connection.cached("SELECT sealed_key FROM moments WHERE id = ? AND sealed IS NOT NULL")
        defer { select.reset() }
        try select.bind(id.lowercasedText, at: 1)
        guard try select.step() else { return true }
        let key = Int64(select.integer(0))
        if holdsKey(key) { return true }
        return (try? readingKey(key, reference: nil)) != nil
    }

    /// The server's praise, tags and kind of win, kept in a sealed row's box (its columns stay empty).
    func keepServerAnswerSealed(_ server: ServerMoment?, tags: String?, for id: UUID) throws {
        guard let server, let stored = try storedRow(id: id), stored.sealed else { return }
        var moment = stored.moment
        if let praise = server.praise, moment.sensitivity == .ordinary { moment.aiPraise = praise }
        if let tags { moment.tags = tags.isEmpty ? [] : tags.split(separator: "\n").map(String.init) }
        if let action = server.action, action != moment.action {
            try countSealed(stored.moment, by: -1)
            moment.action = action
            try countSealed(moment, by: 1)
        }
        try rewriteSealed(moment)
    }
}

extension SQLiteMomentStore {
    /// From the readable columns alone: Delete my data needs no passphrase (it may be forgotten).
    public func idsOnServer() throws -> [UUID] {
        try locked {
            let select = try connection.prepare(
                "SELECT id FROM moments WHERE is_synced = 1 OR server_id IS NOT NULL ORDER BY ref")
            var ids: [UUID] = []
            while try select.step() { if let id = select.text(0).flatMap(UUID.init(uuidString:)) { ids.append(id) } }
            return ids
        }
    }
}

extension SQLiteMomentStore {
    /// Moments whose waiting changes this run cannot open to send (logged by an earlier run while
    /// the journal was locked): they wait for a run that has the passphrase.
    public func changesWaitingForKey() -> Int {
        locked {
            guard
                let select = try? connection.prepare(
                    "SELECT DISTINCT o.moment_id FROM sync_outbox AS o LEFT JOIN moments AS m ON m.id = o.moment_id "
                        + "WHERE o.op != 'delete' AND (o.sealed IS NOT NULL OR m.sealed IS NOT NULL)")
            else { return 0 }
            var ids: [UUID] = []
            while (try? select.step()) == true {
                if let id = select.text(0).flatMap(UUID.init(uuidString:)) { ids.append(id) }
            }
            return ids.filter { id in
                let fields = try? connection.prepare(
                    "SELECT sealed, sealed_key FROM sync_outbox WHERE moment_id = ? AND sealed IS NOT NULL")
                try? fields?.bind(id.lowercasedText, at: 1)
                var opens = (try? sendable(id)) == true
                while opens, (try? fields?.step()) == true, let fields {
                    opens = (try? readingKey(Int64(fields.integer(1)), reference: nil)) != nil
                }
                return !opens
            }.count
        }
    }
}
