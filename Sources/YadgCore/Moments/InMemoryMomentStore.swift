import Foundation

/// A ``MomentStore`` in memory, for tests and previews. Behaves like the SQLite store.
public final class InMemoryMomentStore: MomentStore, @unchecked Sendable {
    private let lock = NSLock()
    private var byId: [UUID: Moment] = [:]
    private var order: [UUID] = []
    private var state: [StateKey: String] = [:]

    public init() {}

    public func insert(_ moment: Moment, state changes: [StateKey: String]) throws -> Bool {
        lock.withLock {
            guard byId[moment.id] == nil else { return false }
            byId[moment.id] = moment
            order.append(moment.id)
            state.merge(changes) { $1 }
            return true
        }
    }

    public func update(_ moment: Moment) throws {
        lock.withLock {
            if byId[moment.id] != nil { byId[moment.id] = moment }
        }
    }

    public func setAIPraise(_ praise: String, for id: UUID) throws {
        lock.withLock { byId[id]?.aiPraise = praise }
    }

    public func moment(id: UUID) throws -> Moment? {
        lock.withLock { byId[id] }
    }

    public func moments(happenedFrom start: Date?, before end: Date?, limit: Int) throws -> [Moment] {
        lock.withLock {
            let live = order.compactMap { byId[$0] }.filter { moment in
                moment.archivedAt == nil
                    && start.map { moment.happenedAt >= $0 } ?? true
                    && end.map { moment.happenedAt < $0 } ?? true
            }
            let sorted = live.sorted { ($0.happenedAt, $0.submittedAt) > ($1.happenedAt, $1.submittedAt) }
            return Array(sorted.prefix(limit))
        }
    }

    public func lastSubmittedMoment() throws -> Moment? {
        lock.withLock {
            order.compactMap { byId[$0] }.filter { $0.archivedAt == nil }.max { $0.submittedAt < $1.submittedAt }
        }
    }

    public func stateValue(_ key: StateKey) throws -> String? {
        lock.withLock { state[key] }
    }

    public func setState(_ values: [StateKey: String]) throws {
        lock.withLock { state.merge(values) { $1 } }
    }
}
