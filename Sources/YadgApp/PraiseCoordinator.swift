import Dispatch
import Synchronization
import YadgCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Asks the AI provider for praise in the background, so the prompt is back at once. At most
/// `inFlight` requests are out at a time (a model on this machine answers one at a time, and a
/// burst of twenty only times out); the rest wait their turn, and each one's deadline starts when
/// it is sent. Accepted praise is stored with its moment, then handed to `deliver` (the
/// conversation's outbox, or stdout in pipes). Errors end in an outcome, never a crash.
final class PraiseCoordinator: Sendable {
    let provider: any PraiseProvider
    let store: any MomentHistory
    /// The shell's zone, made when the first request needs it.
    let zone: Lazy<Zone>
    let clock: any WallClock
    /// The words of the "when" sent with a moment, from the same copy as the prompts.
    let words: TimeWords
    /// Called on a background thread with the moment, the outcome, and whether it needs a label
    /// (it is not the latest moment, other praise is still on its way, or `alwaysLabelled`).
    let deliver: @Sendable (Moment, PraiseOutcome, Bool) -> Void
    /// Pipes label every line: a late praise is never mistaken for another moment's.
    let alwaysLabelled: Bool
    /// `YADG_AI_DEBUG=1`: each raw reply and its verdict, for a person setting up a model.
    let debug: (@Sendable (String) -> Void)?
    /// The crisis reader: crisis words in a model's reply are refused, whoever wrote them.
    let crisis: Lazy<CrisisCheck>?
    private let group = DispatchGroup()
    /// The latest moment asked about, the moments whose line is still to come, free slots, and
    /// the requests waiting for one.
    private let progress: Mutex<(latest: UUID?, open: [Moment], free: Int, waiting: [(Moment, PraiseRequest)])>

    init(
        provider: any PraiseProvider, store: any MomentHistory, zone: Lazy<Zone>, clock: any WallClock,
        words: TimeWords,
        inFlight: Int = 3, alwaysLabelled: Bool = false, debug: (@Sendable (String) -> Void)? = nil,
        crisis: Lazy<CrisisCheck>? = nil, deliver: @escaping @Sendable (Moment, PraiseOutcome, Bool) -> Void
    ) {
        self.crisis = crisis
        self.provider = provider
        self.store = store
        self.zone = zone
        self.clock = clock
        self.words = words
        self.alwaysLabelled = alwaysLabelled
        self.debug = debug
        self.deliver = deliver
        progress = Mutex((nil, [], max(1, inFlight), []))
    }

    /// Gets the model ready in the background (a model on this machine loads on its first request).
    func warmUp() {
        Task.detached { [provider] in await provider.warmUp() }
    }

    /// Asks for a moment's praise; false when nothing is asked (crisis language never leaves).
    @discardableResult
    func request(for moment: Moment) -> Bool {
        guard let request = PraiseRequest(moment: moment, now: clock.now(), zone: zone.value, words: words) else {
            return false
        }
        group.enter()
        let sendNow = progress.withLock { state -> Bool in
            state.latest = moment.id
            state.open.append(moment)
            guard state.free > 0 else {
                state.waiting.append((moment, request))
                return false
            }
            state.free -= 1
            return true
        }
        if sendNow { send(request, for: moment) }
        return true
    }

    private func send(_ request: PraiseRequest, for moment: Moment) {
        Task.detached { [self] in
            let outcome: PraiseOutcome
            do {
                let drafts = try await provider.drafts(for: request)
                // The person's own words may be said back (`finally`, `doctor`).
                let (verdict, each) = PraiseReplyValidator.best(
                    of: drafts.candidates, opening: drafts.opening, moment: moment.text, examples: drafts.examples,
                    crisis: crisis?.value)
                if let debug {
                    for (raw, verdict) in zip(drafts.candidates, each) {
                        debug(
                            Self.debugLine(
                                moment: moment.text, raw: (drafts.opening.map { $0 + " + " } ?? "") + raw, verdict))
                    }
                }
                switch verdict {
                case .success(let text):
                    // Not stored (the store refuses writes): the praise is still shown now, and the
                    // moment keeps its offline praise in lists and exports, as without a provider.
                    // The store's trouble, if it lasts, is said when the next moment is logged.
                    try? store.setAIPraise(text, for: moment.id)
                    outcome = .praise(text)
                case .failure(let refusal):
                    outcome = .refused(refusal)
                }
            } catch let error as PraiseProviderError {
                outcome = .failed(error)
            } catch {
                outcome = .failed(.transport)
            }
            finish(moment, outcome)
            // The slot goes to the next waiting moment, if any.
            let next = progress.withLock { state -> (Moment, PraiseRequest)? in
                guard !state.waiting.isEmpty else {
                    state.free += 1
                    return nil
                }
                return state.waiting.removeFirst()
            }
            if let (moment, request) = next { send(request, for: moment) }
        }
    }

    /// Delivers a moment's one line, unless it was already given (a reply that comes after the
    /// wait at the end of a pipe gave up on it).
    private func finish(_ moment: Moment, _ outcome: PraiseOutcome) {
        let labelled = progress.withLock { state -> Bool? in
            guard let index = state.open.firstIndex(where: { $0.id == moment.id }) else { return nil }
            state.open.remove(at: index)
            return alwaysLabelled || state.latest != moment.id || !state.open.isEmpty
        }
        guard let labelled else { return }
        deliver(moment, outcome, labelled)
        group.leave()
    }

    /// Waits for outstanding praise, at most `seconds` in all (end of piped input, one-shot
    /// commands). Moments still waiting for a slot then are not sent, and those still on their way
    /// are given up: each gets its fallback line, so the end of a pipe is bounded however slow the
    /// model, and every moment gets exactly one line.
    func waitForAll(seconds: Double) {
        guard group.wait(timeout: .now() + seconds) == .timedOut else { return }
        // In the order they were asked for.
        let unanswered = progress.withLock { state -> [Moment] in
            state.waiting = []
            return state.open
        }
        for moment in unanswered { finish(moment, .failed(.timedOut)) }
    }

    /// The end of a pipe that asked for praise: waits while answers keep coming, each within
    /// `perAnswer` seconds of the one before, so a model answering one request at a time is waited
    /// for at its own pace (at most `perAnswer` times the queue). When a whole `perAnswer` passes
    /// with no answer, the rest is given up as ``waitForAll(seconds:)`` does. `showing` hears how
    /// many still wait, each time that falls.
    func waitForQueue(perAnswer: Double, showing: ((Int) -> Void)? = nil) {
        var remaining = progress.withLock { $0.open.count }
        var lastAnswer = DispatchTime.now()
        showing?(remaining)
        // Looked at four times a second, so the count shown follows the answers as they come.
        while remaining > 0 {
            if group.wait(timeout: .now() + 0.25) == .success { return }
            let now = progress.withLock { $0.open.count }
            if now < remaining {
                remaining = now
                lastAnswer = DispatchTime.now()
                showing?(remaining)
            } else if DispatchTime.now().uptimeNanoseconds - lastAnswer.uptimeNanoseconds > UInt64(perAnswer * 1e9) {
                break
            }
        }
        waitForAll(seconds: 0)
    }

    /// `--json` events: praise, or praise_failed with a reason.
    /// `ai: "took a walk" → "You took…" → shown` (or `refused: advice`), sanitised, on one line.
    static func debugLine(moment: String, raw: String, _ verdict: Result<String, ReplyJudgement.Refusal>) -> String {
        func quoted(_ text: String) -> String {
            "\"" + TerminalSanitizer.clean(text).replacing("\n", with: " ⏎ ").prefix(300) + "\""
        }
        let said: String
        switch verdict {
        case .success: said = "shown"
        case .failure(let refusal): said = "refused: " + refusal.rawValue
        }
        return "yadg ai: " + quoted(moment) + " → " + quoted(raw) + " → " + said
    }

    static func json(_ moment: Moment, _ outcome: PraiseOutcome) -> String {
        let id = JSONText.quote(moment.id.lowercasedText)
        switch outcome {
        case .praise(let text):
            return JSONText.object([("event", JSONText.quote("praise")), ("id", id), ("praise", JSONText.quote(text))])
        case .failed(let error):
            return JSONText.object([
                ("event", JSONText.quote("praise_failed")), ("id", id), ("reason", JSONText.quote(error.reason)),
            ])
        case .refused(let refusal):
            // Why the reply was not shown: `advice`, `judgement`, `echo`…
            return JSONText.object([
                ("event", JSONText.quote("praise_failed")), ("id", id), ("reason", JSONText.quote("refused")),
                ("category", JSONText.quote(refusal.rawValue)),
            ])
        }
    }
}
