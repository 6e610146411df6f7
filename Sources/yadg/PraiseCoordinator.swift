import Foundation
import YadgAI
import YadgCore
import YadgStorage

/// Asks the AI provider for praise in the background, one detached task per moment, so the
/// prompt is back at once. Accepted praise is stored with its moment, then handed to `deliver`
/// (the conversation's outbox, or stdout in pipes). Errors end in an outcome, never a crash.
final class PraiseCoordinator: @unchecked Sendable {
    enum Outcome {
        case praise(String)
        case failed(PraiseProviderError)
    }

    let provider: any PraiseProvider
    let store: SQLiteMomentStore
    let zone: TimeZone
    let clock: any WallClock
    /// Called on a background thread with the moment, the outcome, and whether it needs a label
    /// (it is not the latest moment, or other praise is still on its way).
    let deliver: @Sendable (Moment, Outcome, Bool) -> Void
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var latest: UUID?
    private var pending = 0

    init(
        provider: any PraiseProvider, store: SQLiteMomentStore, zone: TimeZone, clock: any WallClock,
        deliver: @escaping @Sendable (Moment, Outcome, Bool) -> Void
    ) {
        self.provider = provider
        self.store = store
        self.zone = zone
        self.clock = clock
        self.deliver = deliver
    }

    func request(for moment: Moment) {
        guard let request = PraiseRequest(moment: moment, now: clock.now(), zone: zone) else { return }
        lock.withLock {
            latest = moment.id
            pending += 1
        }
        group.enter()
        Task.detached { [self] in
            let outcome: Outcome
            do {
                let raw = try await provider.praise(for: request)
                if let text = PraiseReplyValidator.accept(raw) {
                    try? store.setAIPraise(text, for: moment.id)
                    outcome = .praise(text)
                } else {
                    outcome = .failed(.invalidReply)
                }
            } catch let error as PraiseProviderError {
                outcome = .failed(error)
            } catch {
                outcome = .failed(.transport)
            }
            let labelled = lock.withLock {
                pending -= 1
                return latest != moment.id || pending > 0
            }
            deliver(moment, outcome, labelled)
            group.leave()
        }
    }

    /// Waits for outstanding praise, at most `seconds` (end of piped input, one-shot commands).
    func waitForAll(seconds: Double) {
        _ = group.wait(timeout: .now() + seconds)
    }

    /// The lines for an outcome: `✨ …`, or the one dim line on failure (none when cancelled).
    static func lines(_ moment: Moment, _ outcome: Outcome, labelled: Bool, copy: Copy) -> [StyledLine] {
        let label = labelled ? Copy.fill(copy.aiPraiseLabel, ["text": String(moment.text.prefix(40))]) + " " : ""
        switch outcome {
        case .praise(let text):
            return [StyledLine("  ✨ " + label + text, .secondary)]
        case .failed(.cancelled):
            return []
        case .failed:
            return [StyledLine("  " + label + copy.aiPraiseFailed, .dim)]
        }
    }

    /// `--json` events: praise, or praise_failed with a reason.
    static func json(_ moment: Moment, _ outcome: Outcome) -> String {
        let id = JSONEvents.quote(moment.id.uuidString.lowercased())
        switch outcome {
        case .praise(let text):
            return JSONEvents.object([
                ("event", JSONEvents.quote("praise")), ("id", id), ("praise", JSONEvents.quote(text)),
            ])
        case .failed(let error):
            return JSONEvents.object([
                ("event", JSONEvents.quote("praise_failed")), ("id", id), ("reason", JSONEvents.quote(error.reason)),
            ])
        }
    }
}
