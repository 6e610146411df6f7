import Synchronization
import YadgAI
import YadgCore
import YadgHTTP
import YadgStorage
import YadgSync
import YadgTerminal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The backend's side of the app: the outbox's worker, and what its events look like on screen and
/// in `--json`.
extension App {
    /// The worker that sends the outbox, when a backend is configured and this run may use the
    /// network. Its events go to `report`.
    func syncWorker(report: @escaping @Sendable (SyncEvent) -> Void) -> SyncWorker? {
        guard let queue = syncQueue, let client = backendClient, !session.dataDeleted else { return nil }
        return SyncWorker(queue: queue, store: store, client: client, report: report)
    }

    /// The backend, when one is configured and this run may use the network.
    var backendClient: BackendClient? {
        guard let url = settings.backendURL, !settings.networkOff,
            let userID = (try? store.stateValue(.anonymousUserId)) ?? nil, !userID.isEmpty
        else { return nil }
        return BackendClient(
            baseURL: url, userID: userID, transport: CurlTransport(), timeout: min(settings.timeout, 10))
    }

    /// Who writes Journey summaries: the backend's timeline when a backend is configured (its days'
    /// summaries), else the AI provider.
    var summaryWriter: (any DaySummaryWriter)? { summaryWriter(orProvider: provider) }

    /// The same, with the provider already built (it reads its prompts from the config folder).
    func summaryWriter(orProvider provider: @autoclosure () -> HTTPPraiseProvider?) -> (any DaySummaryWriter)? {
        guard settings.backendURL != nil else { return provider() }
        return backendClient.map(TimelineSummaries.init(client:))
    }

    var syncPrinter: SyncPrinter { SyncPrinter(json: json, style: style, copy: copy, session: session) }

    /// Said when the backend keeps praise or summaries for a paid plan: the offline praise stays,
    /// and one gentle line mentions /premium, once a session, never again.
    func planLimitNotice(_ post: @escaping @Sendable (String) -> Void) -> @Sendable () -> Void {
        guard settings.backendURL != nil else { return {} }  // a person's own provider has no plan
        let printer = syncPrinter
        return { if let text = printer.planLimitNotice() { post(text) } }
    }

    /// The lock that lets one process send at a time (nil without a data folder: tests in memory).
    var syncLock: SyncLock? { environment.paths.map { SyncLock(dataDirectory: $0.dataDirectory) } }

    /// Pipes and one-shot runs, after the work: each waiting change is tried once, up to the praise
    /// deadline; what is left stays queued for next time. Moments of this run that did not reach the
    /// server get the one quiet line the praise would have had. Blocks the calling thread.
    ///
    /// `reportingEarlierChanges`: whether what happens to changes of earlier runs is printed too. A
    /// pipe is a stream of events and says it; a one-shot command prints one answer (`yadg settings
    /// --json` is one JSON document), so it speaks only of the moments it logged itself.
    func syncBeforeExit(logged: [Moment], reportingEarlierChanges: Bool = true) {
        let (printer, output, store) = (syncPrinter, self.output, self.store)
        let latest = logged.last?.id
        let loggedNow = Set(logged.map(\.id))
        let report: @Sendable (SyncEvent) -> Void = { event in
            guard reportingEarlierChanges || event.momentID.map(loggedNow.contains) == true else { return }
            output.out(printer.text(for: event, latest: latest))
        }
        guard let worker = syncWorker(report: report) else { return }
        // Real time, whatever clock the moments use (`YADG_NOW` fixes that one, not the network's).
        let deadline = Date().addingTimeInterval(praiseWait)
        // Another yadg sending right now takes these too, or leaves them for the next run.
        guard let held = syncLock?.acquire(waiting: 1) else { return }
        defer { syncLock?.release(held) }
        _ = waitFor { await worker.drain(until: deadline, waitingForRetries: false) }
        guard !json else { return }
        for moment in logged where (try? store.moment(id: moment.id))??.isSynced == false {
            output.out(printer.failure(for: moment, latest: latest))
        }
    }

    /// The conversation: sends in the background from the start (what earlier runs left, then each
    /// change as it is made, woken by `wake`), retrying on the backoff schedule; never in the way
    /// of typing.
    func startBackgroundSync(post: @escaping @Sendable (String) -> Void, latest: LatestMoment, wake: SyncWake)
        -> Task<Void, Never>?
    {
        let (printer, session) = (syncPrinter, self.session)
        guard let worker = syncWorker(report: { post(printer.text(for: $0, latest: latest.id)) }) else { return nil }
        let lock = syncLock
        let queue = syncQueue
        return Task.detached {
            while !Task.isCancelled && !session.dataDeleted {
                // Each round sends what is due while no other yadg is sending; a retry falls due in a
                // later round (the backoff is kept in the store), so the lock is never held waiting.
                if let held = lock?.acquire() {
                    await worker.drain(until: nil, waitingForRetries: false)
                    lock?.release(held)
                }
                // Asleep until a line may have changed the outbox or the next retry falls due (a
                // minute at most, for changes another yadg made).
                let retry = (try? queue?.nextAttemptDate())??.timeIntervalSinceNow ?? 60
                await wake.wait(atMost: min(60, max(0.05, retry)))
            }
        }
    }
}

/// How sync shows: the server's praise of a new moment as the card's second half (labelled unless
/// it is for the latest moment), and `synced` / `sync_failed` events in `--json`.
struct SyncPrinter: Sendable {
    let json: Bool
    let style: TerminalStyle
    let copy: Copy
    let session: SessionState

    /// The plan-limit line the first time in this session (an event in `--json`), then nil.
    func planLimitNotice() -> String? {
        guard session.mentionPlanLimitOnce() else { return nil }
        let text = copy[PremiumCopy.self].planLimitNotice
        if json {
            return JSONText.object([("event", JSONText.quote("plan_limit")), ("message", JSONText.quote(text))]) + "\n"
        }
        return style.render([StyledLine(text, .dim)])
    }

    func text(for event: SyncEvent, latest: UUID?) -> String {
        switch event {
        case .synced(let moment, let kind, let server):
            guard let moment else { return "" }
            let praise = kind == .create ? server?.praise : nil
            if json {
                var lines = [
                    JSONText.object([
                        ("event", JSONText.quote("synced")), ("id", JSONText.quote(moment.id.lowercasedText)),
                        ("serverId", moment.serverId.map(JSONText.quote) ?? "null"),
                    ])
                ]
                if let praise { lines.append(PraiseCoordinator.json(moment, .praise(praise))) }
                return lines.map { $0 + "\n" }.joined()
            }
            guard let praise else { return "" }
            return style.render(
                MomentCard.aiPraise(for: moment, .praise(praise), labelled: moment.id != latest, copy: copy))
        case .failed(let id, let problem, let willRetry):
            let notice = problem == .planLimit ? planLimitNotice() ?? "" : ""
            guard json else { return notice }
            return notice
                + JSONText.object([
                    ("event", JSONText.quote("sync_failed")), ("id", JSONText.quote(id.lowercasedText)),
                    ("reason", JSONText.quote(problem.code)), ("willRetry", willRetry ? "true" : "false"),
                ]) + "\n"
        }
    }

    /// The quiet line for a moment whose praise could not be had in this run.
    func failure(for moment: Moment, latest: UUID?) -> String {
        style.render(MomentCard.aiPraise(for: moment, .failed(.transport), labelled: moment.id != latest, copy: copy))
    }
}

/// The moment logged last in this conversation (praise for any other one is labelled).
final class LatestMoment: Sendable {
    private let value = Mutex<UUID?>(nil)
    var id: UUID? { value.withLock { $0 } }
    func set(_ id: UUID) { value.withLock { $0 = id } }
}

extension SyncEvent {
    /// The moment this event is about, when it names one.
    var momentID: UUID? {
        switch self {
        case .synced(let moment, _, _): moment?.id
        case .failed(let id, _, _): id
        }
    }
}
