import Foundation
import Synchronization
import YadgCore

/// Asks the AI provider for praise in the background, one detached task per moment, so the
/// prompt is back at once. Accepted praise is stored with its moment, then handed to `deliver`
/// (the conversation's outbox, or stdout in pipes). Errors end in an outcome, never a crash.
final class PraiseCoordinator: Sendable {
    let provider: any PraiseProvider
    let store: any MomentHistory
    let zone: TimeZone
    let clock: any WallClock
    /// The words of the "when" sent with a moment, from the same copy as the prompts.
    let words: TimeWords
    /// Called on a background thread with the moment, the outcome, and whether it needs a label
    /// (it is not the latest moment, or other praise is still on its way).
    let deliver: @Sendable (Moment, PraiseOutcome, Bool) -> Void
    private let group = DispatchGroup()
    /// The latest moment asked about, and how many answers are still on their way.
    private let progress = Mutex<(latest: UUID?, pending: Int)>((nil, 0))

    init(
        provider: any PraiseProvider, store: any MomentHistory, zone: TimeZone, clock: any WallClock, words: TimeWords,
        deliver: @escaping @Sendable (Moment, PraiseOutcome, Bool) -> Void
    ) {
        self.provider = provider
        self.store = store
        self.zone = zone
        self.clock = clock
        self.words = words
        self.deliver = deliver
    }

    func request(for moment: Moment) {
        guard let request = PraiseRequest(moment: moment, now: clock.now(), zone: zone, words: words) else { return }
        progress.withLock {
            $0.latest = moment.id
            $0.pending += 1
        }
        group.enter()
        Task.detached { [self] in
            let outcome: PraiseOutcome
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
            let labelled = progress.withLock {
                $0.pending -= 1
                return $0.latest != moment.id || $0.pending > 0
            }
            deliver(moment, outcome, labelled)
            group.leave()
        }
    }

    /// Waits for outstanding praise, at most `seconds` (end of piped input, one-shot commands).
    func waitForAll(seconds: Double) {
        _ = group.wait(timeout: .now() + seconds)
    }

    /// `--json` events: praise, or praise_failed with a reason.
    static func json(_ moment: Moment, _ outcome: PraiseOutcome) -> String {
        let id = JSONText.quote(moment.id.uuidString.lowercased())
        switch outcome {
        case .praise(let text):
            return JSONText.object([("event", JSONText.quote("praise")), ("id", id), ("praise", JSONText.quote(text))])
        case .failed(let error):
            return JSONText.object([
                ("event", JSONText.quote("praise_failed")), ("id", id), ("reason", JSONText.quote(error.reason)),
            ])
        }
    }
}
