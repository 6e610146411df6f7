import Synchronization
import YadgCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The outbox for the backend (migration 7). Changes are queued inside the transaction that makes
/// them, so a change the person was told about is always either on the server or in the queue.
extension SQLiteMomentStore: SyncQueue {
    // MARK: Queueing (inside the caller's transaction)

    /// A new moment is created on the server, unless the crisis reading keeps it here (a crisis, a
    /// concern, a recovery milestone: never sent) or it is archived already (an imported one).
    func queueCreate(_ moment: Moment) throws {
        guard syncs, !moment.staysOnThisMachine, moment.archivedAt == nil else { return }
        try queue(moment.id, .create, fields: nil)
    }

    /// The operations that bring the server from `before` to `after`.
    func queueChanges(from before: Moment, to after: Moment) throws {
        guard syncs else { return }
        if after.staysOnThisMachine {
            // Its words never leave the machine: a copy the server holds from before is archived.
            if !before.staysOnThisMachine || before.archivedAt == nil && after.archivedAt != nil {
                try queue(after.id, .delete, fields: nil)
            }
            return
        }
        if before.isFavorite != after.isFavorite {
            try queue(after.id, .update, fields: JSONText.object([("isFavorite", after.isFavorite ? "true" : "false")]))
        }
        if before.text != after.text {
            try queue(after.id, .update, fields: JSONText.object([("text", JSONText.quote(after.text))]))
        }
        if before.archivedAt == nil, after.archivedAt != nil {
            try queue(after.id, .delete, fields: nil)
        } else if before.archivedAt != nil, after.archivedAt == nil {
            // `/undo`: the contract has no restore, so the archive mark is cleared by a partial update.
            try queue(after.id, .update, fields: JSONText.object([("archivedAt", "null")]))
        }
    }

    private func queue(_ id: UUID, _ kind: SyncOperation.Kind, fields: String?) throws {
        let insert = try connection.cached(
            "INSERT INTO sync_outbox (moment_id, op, fields, sealed, sealed_key) VALUES (?, ?, ?, ?, ?)")
        // An edit's new text is sealed like the moment when the journal is locked.
        let stored = try outboxValues(id, fields: fields)
        try insert.bind([.text(id.lowercasedText), .text(kind.rawValue), stored.fields, stored.sealed, stored.key])
        try insert.step()
        let unsynced = try connection.cached("UPDATE moments SET is_synced = 0 WHERE id = ?")
        try unsynced.bind(id.lowercasedText, at: 1)
        try unsynced.step()
    }

    /// Moments the server already has (a pull): added where this machine lacks them, as synced, and
    /// queued for nothing. Returns how many were new.
    public func insertSynced(_ moments: [Moment]) throws -> Int {
        try locked {
            try connection.writeTransaction {
                var added = 0
                for moment in moments where try insertRow(moment) != nil { added += 1 }
                return added
            }
        }
    }

    // MARK: SyncQueue

    public func dueOperations(now: Date, includingHeld: Bool, limit: Int) throws -> [SyncOperation] {
        try locked {
            // The first waiting operation of each moment, if it is due.
            let select = try connection.prepare(
                """
                SELECT seq, moment_id, op, fields, attempts, sealed, sealed_key FROM sync_outbox AS o
                WHERE seq = (SELECT min(seq) FROM sync_outbox WHERE moment_id = o.moment_id)
                  AND (next_attempt_at <= ? OR (? AND next_attempt_at IS NULL))
                ORDER BY seq LIMIT ?
                """)
            try select.bind([.real(now.timeIntervalSince1970), .integer(includingHeld ? 1 : 0), .integer(limit)])
            var operations: [SyncOperation] = []
            while try select.step() {
                guard let id = select.text(1).flatMap(UUID.init(uuidString:)),
                    let kind = select.text(2).flatMap(SyncOperation.Kind.init(rawValue:)),
                    // What is sealed is sent once a key opens it: until then it waits, untried.
                    let fields = try? Optional(
                        openOutboxFields(
                            id, fields: select.text(3), sealed: select.blob(5), keyID: select.integer(6))),
                    kind == .delete || (try? sendable(id)) == true
                else { continue }
                operations.append(
                    SyncOperation(
                        sequence: Int64(select.integer(0)), momentID: id, kind: kind, fields: fields,
                        attempts: select.integer(4)))
            }
            return operations
        }
    }

    @discardableResult
    public func completed(_ operation: SyncOperation, server: ServerMoment?) throws -> Moment? {
        try locked {
            try connection.writeTransaction {
                let delete = try connection.prepare("DELETE FROM sync_outbox WHERE seq = ?")
                try delete.bind(Int(operation.sequence), at: 1)
                try delete.step()
                let id = operation.momentID.lowercasedText
                let waiting = try connection.prepare("SELECT count(*) FROM sync_outbox WHERE moment_id = ?")
                try waiting.bind(id, at: 1)
                let stillWaiting = try waiting.step() && waiting.integer(0) > 0
                // The server's tags join the person's own (`#words`), which it never received.
                let tags = try server?.tags.map { serverTags in
                    let own = try storedMoment(id: operation.momentID)?.tags ?? []
                    return (own + serverTags.filter { !own.contains($0) }).joined(separator: "\n")
                }
                // What the server said; its praise only where the crisis check found nothing. A sealed
                // row's words are changed in its box, never in its empty columns.
                let update = try connection.prepare(
                    """
                    UPDATE moments SET is_synced = ?, sync_error = NULL,
                        server_id = coalesce(?, server_id),
                        ai_praise = CASE WHEN sealed IS NULL AND is_crisis = 0 AND ? IS NOT NULL THEN ? ELSE ai_praise END,
                        tags = CASE WHEN sealed IS NULL THEN coalesce(?, tags) ELSE tags END,
                        action = CASE WHEN sealed IS NULL THEN coalesce(?, action) ELSE action END
                    WHERE id = ?
                    """)
                let praise = server?.praise
                try update.bind([
                    .integer(stillWaiting ? 0 : 1), .optional(server?.serverID), .optional(praise), .optional(praise),
                    .optional(tags), .optional(server?.action), .text(id),
                ])
                try update.step()
                try keepServerAnswerSealed(server, tags: tags, for: operation.momentID)
                return try storedMoment(id: operation.momentID)
            }
        }
    }

    public func failed(_ operation: SyncOperation, reason: String, retryAt: Date?) throws {
        try locked {
            try connection.writeTransaction {
                let update = try connection.prepare(
                    "UPDATE sync_outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE seq = ?")
                try update.bind([
                    retryAt.map { SQLiteValue.real($0.timeIntervalSince1970) } ?? .null, .text(reason),
                    .integer(Int(operation.sequence)),
                ])
                try update.step()
                let moment = try connection.prepare("UPDATE moments SET sync_error = ? WHERE id = ?")
                try moment.bind([.text(reason), .text(operation.momentID.lowercasedText)])
                try moment.step()
            }
        }
    }

    public func nextAttemptDate() throws -> Date? {
        try locked {
            try connection.scalarText("SELECT min(next_attempt_at) FROM sync_outbox WHERE next_attempt_at IS NOT NULL")
                .flatMap(Double.init).map { Date(timeIntervalSince1970: $0) }
        }
    }

    public func syncStatus() throws -> SyncStatus {
        try locked {
            func count(_ sql: String) throws -> Int { Int(try connection.scalarText(sql) ?? "0") ?? 0 }
            return SyncStatus(
                waiting: try count("SELECT count(DISTINCT moment_id) FROM sync_outbox"),
                held: try count("SELECT count(DISTINCT moment_id) FROM sync_outbox WHERE next_attempt_at IS NULL"),
                lastError: try connection.scalarText(
                    "SELECT last_error FROM sync_outbox WHERE last_error IS NOT NULL ORDER BY seq DESC LIMIT 1"))
        }
    }
}
