#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Moment {
    /// The calendar day the moment happened on, in the zone it was logged in: "2026-11-19".
    /// Views count and group by it, so a moment stays on its day when the person travels.
    public var localDay: LocalDay {
        let zone = Zone(identifier: tz) ?? .utc
        let f = CivilTime.fields(of: happenedAt, in: zone)
        return LocalDay(number: CivilTime.daysFromCivil(year: f.year, month: f.month, day: f.day))
    }
}

/// Totals for `/stats`, read with counts rather than by loading moments.
public struct MomentTotals: Sendable, Equatable {
    public var moments: Int
    public var daysWithMoments: Int
    public var favorites: Int
    /// Moments per local day ("2026-11-19"), for the requested recent days only.
    public var perDay: [String: Int]
    /// Moments per kind of win (action), most common first.
    public var actions: [(String, Int)]
    /// Moments per mood, most common first (only moments that have one).
    public var moods: [(String, Int)]

    public init(
        moments: Int, daysWithMoments: Int, favorites: Int, perDay: [String: Int], actions: [(String, Int)],
        moods: [(String, Int)] = []
    ) {
        self.moods = moods
        self.moments = moments
        self.daysWithMoments = daysWithMoments
        self.favorites = favorites
        self.perDay = perDay
        self.actions = actions
    }

    public static func == (a: MomentTotals, b: MomentTotals) -> Bool {
        a.moments == b.moments && a.daysWithMoments == b.daysWithMoments && a.favorites == b.favorites
            && a.perDay == b.perDay && a.actions.map { "\($0.0)=\($0.1)" } == b.actions.map { "\($0.0)=\($0.1)" }
            && a.moods.map { "\($0.0)=\($0.1)" } == b.moods.map { "\($0.0)=\($0.1)" }
    }
}

/// A day's (or a week's) summary for the Journey, cached until its moments change.
public struct DaySummary: Sendable, Equatable {
    public var day: LocalDay
    public var text: String
    /// Identifies the moments it was written for; a different fingerprint means rewrite.
    public var fingerprint: String

    public init(day: LocalDay, text: String, fingerprint: String) {
        self.day = day
        self.text = text
        self.fingerprint = fingerprint
    }
}

/// The read side the look-back views need, each answered with indexes and limits so that a view
/// reads only what it shows, whatever the size of the history.
public protocol MomentHistory: MomentStore {
    /// Saves many moments in one transaction (import); existing ids are skipped. Returns how many
    /// were new.
    func insert(_ moments: [Moment]) throws -> Int
    /// Moments whose text contains every word (case-insensitive) and that carry every tag (a tag
    /// or the mood, lowercase), newest first.
    func moments(containing words: [String], tagged tags: [String], limit: Int) throws -> [Moment]
    /// The tags of moments that are not archived, most used first (for Tab).
    func tagsInUse(limit: Int) throws -> [String]
    /// Local days that have moments, newest first, strictly before `before` when given.
    func days(before: LocalDay?, limit: Int) throws -> [LocalDay]
    /// Local days with moments in `[from, to]` (inclusive), for the calendar.
    func days(from: LocalDay, to: LocalDay) throws -> [LocalDay]
    /// The moments of the given local days, newest first.
    func moments(onDays days: [LocalDay]) throws -> [Moment]
    /// The first `limit` moments of each given day, in the order they happened, and how many
    /// each day holds: a view showing a few moments of many days reads only those.
    func moments(onDays days: [LocalDay], firstOfEach limit: Int) throws -> (moments: [Moment], counts: [LocalDay: Int])
    /// Counts for `/stats`; `perDay` covers days on or after `recentFrom` (every day when nil).
    func totals(recentFrom: LocalDay?) throws -> MomentTotals
    /// Every moment, archived ones included, in the order they were saved (export; an import into
    /// an empty home gives each the same reference again).
    func allMoments() throws -> [Moment]
    func daySummary(for day: LocalDay) throws -> DaySummary?
    func saveDaySummary(_ summary: DaySummary) throws
    /// A week's summary, kept under its Monday.
    func weekSummary(for monday: LocalDay) throws -> DaySummary?
    func saveWeekSummary(_ summary: DaySummary) throws
    /// The favourites that are not archived, newest first (`/moments favs`).
    func favoriteMoments(limit: Int) throws -> [Moment]
    /// The ids of moments the backend has (synced, or given a server id): Delete my data archives
    /// them there. Read from what stays readable, so a locked journal needs no passphrase for it.
    func idsOnServer() throws -> [UUID]
}

extension MomentHistory {
    public func idsOnServer() throws -> [UUID] {
        try allMoments().filter { $0.isSynced || $0.serverId != nil }.map(\.id)
    }

    /// Read from every moment; the SQLite store reads its partial index of favourites instead.
    public func favoriteMoments(limit: Int) throws -> [Moment] {
        let favourites = try allMoments().filter { $0.isFavorite && $0.archivedAt == nil }
        return Array(favourites.sorted { $0.happenedAt > $1.happenedAt }.prefix(limit))
    }
}
