import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``MomentStore`` in memory, for tests and previews. Behaves like the SQLite store.
public final class InMemoryMomentStore: MomentHistory, @unchecked Sendable {
    private let lock = Mutex(())
    private var byId: [UUID: Moment] = [:]
    private var order: [UUID] = []
    private var state: [StateKey: String] = [:]
    private var summaries: [LocalDay: DaySummary] = [:]
    private var weekSummaries: [LocalDay: DaySummary] = [:]

    public init() {}

    /// As a transaction: a batch that throws leaves nothing of its writes behind.
    public func batch<T>(_ body: () throws -> T) throws -> T {
        let before = lock.withLock { _ in (byId, order, state, summaries, weekSummaries) }
        do {
            return try body()
        } catch {
            lock.withLock { _ in (byId, order, state, summaries, weekSummaries) = before }
            throw error
        }
    }

    public var writeRefusal: MomentStoreError? { nil }

    public func insert(_ moment: Moment, state changes: StateChanges) throws -> Bool {
        lock.withLock { _ in
            guard byId[moment.id] == nil else { return false }
            var moment = moment
            moment.ref = (byId.values.map(\.ref).max() ?? 0) + 1
            byId[moment.id] = moment
            order.append(moment.id)
            for (key, value) in changes { state[key] = value }
            return true
        }
    }

    public func update(_ moment: Moment) throws {
        lock.withLock { _ in
            if byId[moment.id] != nil { byId[moment.id] = moment }
        }
    }

    public func setAIPraise(_ praise: String, for id: UUID) throws {
        lock.withLock { _ in byId[id]?.aiPraise = praise }
    }

    public func moment(id: UUID) throws -> Moment? {
        lock.withLock { _ in byId[id] }
    }

    public func moment(ref: Int) throws -> Moment? {
        lock.withLock { _ in byId.values.first { $0.ref == ref } }
    }

    public func moments(happenedFrom start: Date?, before end: Date?, limit: Int) throws -> [Moment] {
        lock.withLock { _ in
            let inRange = live.filter { moment in
                start.map { moment.happenedAt >= $0 } ?? true && end.map { moment.happenedAt < $0 } ?? true
            }
            return Array(inRange.prefix(limit))
        }
    }

    public func lastSubmittedMoment() throws -> Moment? {
        lock.withLock { _ in
            order.compactMap { byId[$0] }.filter { $0.archivedAt == nil }.max {
                ($0.submittedAt, $0.ref) < ($1.submittedAt, $1.ref)
            }
        }
    }

    public func stateValue(_ key: StateKey) throws -> String? {
        lock.withLock { _ in state[key] }
    }

    public func setState(_ values: StateChanges) throws {
        lock.withLock { _ in for (key, value) in values { state[key] = value } }
    }

    // MARK: MomentHistory

    public func insert(_ moments: [Moment]) throws -> Int {
        try moments.reduce(0) { count, moment in count + (try insert(moment, state: [:]) ? 1 : 0) }
    }

    private var live: [Moment] {
        order.compactMap { byId[$0] }.filter { $0.archivedAt == nil }
            .sorted { ($0.happenedAt, $0.submittedAt, $0.ref) > ($1.happenedAt, $1.submittedAt, $1.ref) }
    }

    public func moments(containing words: [String], tagged tags: [String], limit: Int) throws -> [Moment] {
        lock.withLock { _ in
            Array(
                live.filter { m in
                    words.allSatisfy { m.text.lowercased().contains($0.lowercased()) }
                        && tags.allSatisfy { m.mood == $0 || m.tags.contains($0) }
                }.prefix(limit))
        }
    }

    public func tagsInUse(limit: Int) throws -> [String] {
        lock.withLock { _ in
            var counts: [String: Int] = [:]
            for tag in live.flatMap(\.tags) { counts[tag, default: 0] += 1 }
            return Array(counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key).prefix(limit))
        }
    }

    public func days(before: LocalDay?, limit: Int) throws -> [LocalDay] {
        lock.withLock { _ in
            var seen: [LocalDay] = []
            for day in live.map(\.localDay) where !seen.contains(day) && (before.map { day < $0 } ?? true) {
                seen.append(day)
            }
            return Array(seen.sorted(by: >).prefix(limit))
        }
    }

    public func days(from: LocalDay, to: LocalDay) throws -> [LocalDay] {
        lock.withLock { _ in Array(Set(live.map(\.localDay).filter { $0 >= from && $0 <= to })).sorted(by: >) }
    }

    public func moments(onDays days: [LocalDay]) throws -> [Moment] {
        lock.withLock { _ in live.filter { days.contains($0.localDay) } }
    }

    public func moments(onDays days: [LocalDay], firstOfEach limit: Int) throws -> (
        moments: [Moment], counts: [LocalDay: Int]
    ) {
        let all = Array(try moments(onDays: days).reversed())
        var counts: [LocalDay: Int] = [:]
        var first: [Moment] = []
        for day in days {
            let ofDay = all.filter { $0.localDay == day }
            if !ofDay.isEmpty { counts[day] = ofDay.count }
            first += ofDay.prefix(limit)
        }
        return (first, counts)
    }

    public func totals(recentFrom: LocalDay?) throws -> MomentTotals {
        lock.withLock { _ in
            let all = live
            var perDay: [String: Int] = [:]
            var actions: [String: Int] = [:]
            var moods: [String: Int] = [:]
            for m in all {
                if let mood = m.mood { moods[mood, default: 0] += 1 }
                if recentFrom.map({ m.localDay >= $0 }) ?? true { perDay[m.localDay.text, default: 0] += 1 }
                actions[m.action, default: 0] += 1
            }
            return MomentTotals(
                moments: all.count, daysWithMoments: Set(all.map(\.localDay)).count,
                favorites: all.filter(\.isFavorite).count, perDay: perDay,
                actions: actions.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) },
                moods: moods.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) })
        }
    }

    public func allMoments() throws -> [Moment] {
        lock.withLock { _ in order.compactMap { byId[$0] }.sorted { $0.ref < $1.ref } }
    }

    public func daySummary(for day: LocalDay) throws -> DaySummary? {
        lock.withLock { _ in summaries[day] }
    }

    public func saveDaySummary(_ summary: DaySummary) throws {
        lock.withLock { _ in summaries[summary.day] = summary }
    }

    public func weekSummary(for monday: LocalDay) throws -> DaySummary? {
        lock.withLock { _ in weekSummaries[monday] }
    }

    public func saveWeekSummary(_ summary: DaySummary) throws {
        lock.withLock { _ in weekSummaries[summary.day] = summary }
    }
}
