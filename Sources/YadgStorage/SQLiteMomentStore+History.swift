import Synchronization
import YadgCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The look-back queries. Each reads only what its view shows, through the partial indexes of
/// migration 2 (`WHERE archived_at IS NULL` in every query is what lets SQLite use them).
extension SQLiteMomentStore {
    public func insert(_ moments: [Moment]) throws -> Int {
        try locked {
            try connection.writeTransaction {
                var inserted = 0
                for moment in moments where try insertRow(moment) != nil {
                    inserted += 1
                    try queueCreate(moment)
                }
                return inserted
            }
        }
    }

    public func moments(containing words: [String], tagged tags: [String], limit: Int) throws -> [Moment] {
        try locked {
            // Sealed words are searched once opened, every moment of them (<doc:PrivacyAndSecurity>).
            if try holdsSealedRows() { return try sealedMoments(containing: words, tagged: tags, limit: limit) }
            func like(_ text: String) -> String {
                text.replacing("\\", with: "\\\\").replacing("%", with: "\\%").replacing("_", with: "\\_")
            }
            // A tag is one line of `tags`, or the mood.
            let conditions =
                words.map { _ in "text LIKE ? ESCAPE '\\'" }
                + tags.map { _ in "(mood = ? OR (tags != '' AND char(10) || tags || char(10) LIKE ? ESCAPE '\\'))" }
            let select = try connection.prepare(
                "SELECT \(Self.columns) FROM moments WHERE archived_at IS NULL"
                    + conditions.map { " AND " + $0 }.joined() + " ORDER BY happened_at DESC, ref DESC LIMIT ?")
            var index: Int32 = 1
            for word in words {
                try select.bind("%\(like(word))%", at: index)
                index += 1
            }
            for tag in tags {
                try select.bind(tag, at: index)
                try select.bind("%\n\(like(tag))\n%", at: index + 1)
                index += 2
            }
            try select.bind(limit, at: index)
            return try rows(select)
        }
    }

    /// The tags in use in the database at `path`, opened read-only (no migration, nothing
    /// written); none when it does not exist yet or cannot be read. For the shells' Tab.
    public static func tagsInUse(readingOnly path: String, limit: Int) -> [String] {
        guard FileManager.default.fileExists(atPath: path),
            let connection = try? SQLiteConnection(path: path, readOnly: true)
        else { return [] }
        return (try? tagsInUse(on: connection, limit: limit)) ?? []
    }

    public func tagsInUse(limit: Int) throws -> [String] {
        try locked {
            if let sealed = try sealedTagsInUse() { return Self.mostUsed(sealed, limit: limit) }
            return try Self.tagsInUse(on: connection, limit: limit)
        }
    }

    private static func tagsInUse(on connection: SQLiteConnection, limit: Int) throws -> [String] {
        // Through the partial index: only the moments that have tags are read.
        let select = try connection.prepare("SELECT tags FROM moments WHERE archived_at IS NULL AND tags != ''")
        var counts: [String: Int] = [:]
        while try select.step() {
            for tag in (select.text(0) ?? "").split(separator: "\n") { counts[String(tag), default: 0] += 1 }
        }
        return mostUsed(counts, limit: limit)
    }

    static func mostUsed(_ counts: [String: Int], limit: Int) -> [String] {
        Array(counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key).prefix(limit))
    }

    public func days(before: LocalDay?, limit: Int) throws -> [LocalDay] {
        try locked {
            let select = try connection.prepare(
                "SELECT local_day FROM day_counts WHERE moments > 0 AND local_day < ? ORDER BY local_day DESC LIMIT ?")
            // Every day's text sorts before "~": no bound when `before` is nil.
            try select.bind(before?.text ?? "~", at: 1)
            try select.bind(limit, at: 2)
            return try days(select)
        }
    }

    public func days(from: LocalDay, to: LocalDay) throws -> [LocalDay] {
        try locked {
            let select = try connection.prepare(
                "SELECT local_day FROM day_counts WHERE moments > 0 AND local_day BETWEEN ? AND ? ORDER BY local_day DESC"
            )
            try select.bind(from.text, at: 1)
            try select.bind(to.text, at: 2)
            return try days(select)
        }
    }

    public func moments(onDays days: [LocalDay]) throws -> [Moment] {
        guard !days.isEmpty else { return [] }
        return try locked {
            let marks = days.map { _ in "?" }.joined(separator: ",")
            let select = try connection.prepare(
                "SELECT \(Self.columns) FROM moments WHERE archived_at IS NULL AND local_day IN (\(marks)) "
                    + "ORDER BY happened_at DESC, ref DESC")
            for (index, day) in days.enumerated() { try select.bind(day.text, at: Int32(index + 1)) }
            return try rows(select)
        }
    }

    /// Through the day index, `limit` rows a day in the order they happened (no sort), and the
    /// days' counts from `day_counts`: what it reads does not grow with what the days hold.
    public func moments(onDays days: [LocalDay], firstOfEach limit: Int) throws -> (
        moments: [Moment], counts: [LocalDay: Int]
    ) {
        guard !days.isEmpty else { return ([], [:]) }
        return try locked {
            let select = try connection.prepare(
                "SELECT \(Self.columns) FROM moments WHERE archived_at IS NULL AND local_day = ? "
                    + "ORDER BY happened_at, ref LIMIT ?")
            var moments: [Moment] = []
            for day in days {
                select.reset()
                try select.bind(day.text, at: 1)
                try select.bind(limit, at: 2)
                moments += try rows(select)
            }
            let marks = days.map { _ in "?" }.joined(separator: ",")
            let count = try connection.prepare(
                "SELECT local_day, moments FROM day_counts WHERE moments > 0 AND local_day IN (\(marks))")
            for (index, day) in days.enumerated() { try count.bind(day.text, at: Int32(index + 1)) }
            var counts: [LocalDay: Int] = [:]
            while try count.step() {
                if let day = count.text(0).flatMap(LocalDay.init) { counts[day] = count.integer(1) }
            }
            return (moments, counts)
        }
    }

    public func totals(recentFrom: LocalDay?) throws -> MomentTotals {
        try locked {
            func count(_ sql: String) throws -> Int { Int(try connection.scalarText(sql) ?? "0") ?? 0 }
            // Sums of the running counts (migration 3), not scans of every moment. Every moment
            // that counts has a kind (a crisis moment's is ""), so the kinds' few rows sum to the
            // total, where the days' rows grow with the years.
            let total = try count("SELECT coalesce(sum(moments), 0) FROM action_counts")
            let days = try count("SELECT count(*) FROM day_counts WHERE moments > 0")
            let favorites = try count(
                "SELECT count(*) FROM moments WHERE archived_at IS NULL AND is_favorite = 1")
            let perDaySelect = try connection.prepare(
                "SELECT local_day, moments FROM day_counts WHERE local_day >= ? AND moments > 0")
            try perDaySelect.bind(recentFrom?.text ?? "", at: 1)
            var perDay: [String: Int] = [:]
            while try perDaySelect.step() { perDay[perDaySelect.text(0) ?? ""] = perDaySelect.integer(1) }
            let actionSelect = try connection.prepare(
                "SELECT action, moments FROM action_counts WHERE moments > 0 ORDER BY moments DESC, action")
            var actions: [(String, Int)] = []
            while try actionSelect.step() { actions.append((actionSelect.text(0) ?? "", actionSelect.integer(1))) }
            let moodSelect = try connection.prepare(
                "SELECT mood, count(*) AS n FROM moments"
                    + " WHERE archived_at IS NULL AND mood IS NOT NULL GROUP BY mood ORDER BY n DESC, mood")
            var moods: [(String, Int)] = []
            while try moodSelect.step() { moods.append((moodSelect.text(0) ?? "", moodSelect.integer(1))) }
            // Sealed moments' moods are counted apart (their column is empty): no key needed.
            moods = try withSealedMoods(moods)
            return MomentTotals(
                moments: total, daysWithMoments: days, favorites: favorites, perDay: perDay, actions: actions,
                moods: moods)
        }
    }

    /// Every moment, or a throw: a row that cannot be read back stops it
    /// (``MomentStoreError/unreadableMoment(ref:detail:)``), since an export or the list Delete my
    /// data archives must never leave one out unsaid.
    public func allMoments() throws -> [Moment] {
        try locked {
            let select = try connection.prepare("SELECT \(Self.columns) FROM moments ORDER BY ref, submitted_at, id")
            var found: [Moment] = []
            while try select.step() {
                guard let moment = try moment(from: select) else { throw Self.unreadable(select) }
                found.append(moment)
            }
            return found
        }
    }

    /// Why a row does not read back as a moment, naming the field and its value (never the text).
    static func unreadable(_ row: SQLiteStatement) -> MomentStoreError {
        let fields: [(Int32, String)] = [(0, "id"), (3, "submitted_at"), (4, "happened_at")]
        let field = fields.first { column, _ in
            let value = row.text(column)
            return column == 0
                ? value.flatMap(UUID.init(uuidString:)) == nil : value.flatMap { CivilTime.parse($0) } == nil
        }
        let detail =
            field.map { column, name in "\(name) is \(row.text(column) ?? "empty")" } ?? "a field is unreadable"
        return .unreadableMoment(ref: row.integer(19), detail: detail)
    }

    public func daySummary(for day: LocalDay) throws -> DaySummary? {
        try summary(in: "day_summaries", key: "day", for: day)
    }

    public func saveDaySummary(_ summary: DaySummary) throws {
        try save(summary, in: "day_summaries", key: "day")
    }

    public func weekSummary(for monday: LocalDay) throws -> DaySummary? {
        try summary(in: "week_summaries", key: "week", for: monday)
    }

    public func saveWeekSummary(_ summary: DaySummary) throws {
        try save(summary, in: "week_summaries", key: "week")
    }

    /// `table` and `key` are one of the two names above, never input.
    private func summary(in table: String, key: String, for day: LocalDay) throws -> DaySummary? {
        try locked {
            let select = try connection.prepare(
                "SELECT text, fingerprint, sealed, sealed_key FROM \(table) WHERE \(key) = ?")
            try select.bind(day.text, at: 1)
            guard try select.step() else { return nil }
            let (text, fingerprint) = try openSummary(table: table, key: day.text, row: select)
            return DaySummary(day: day, text: text, fingerprint: fingerprint)
        }
    }

    private func save(_ summary: DaySummary, in table: String, key: String) throws {
        try locked {
            try connection.writeTransaction {
                let upsert = try connection.prepare(
                    "INSERT INTO \(table) (\(key), text, fingerprint, sealed, sealed_key) VALUES (?, ?, ?, ?, ?) "
                        + "ON CONFLICT(\(key)) DO UPDATE SET text = excluded.text, fingerprint = excluded.fingerprint, "
                        + "sealed = excluded.sealed, sealed_key = excluded.sealed_key")
                try upsert.bind(try summaryValues(summary, table: table))
                try upsert.step()
            }
        }
    }

    private func rows(_ select: SQLiteStatement) throws -> [Moment] {
        var found: [Moment] = []
        while try select.step() {
            if let moment = try moment(from: select) { found.append(moment) }
        }
        return found
    }

    private func days(_ select: SQLiteStatement) throws -> [LocalDay] {
        var found: [LocalDay] = []
        while try select.step() { if let day = select.text(0).flatMap(LocalDay.init) { found.append(day) } }
        return found
    }
}
