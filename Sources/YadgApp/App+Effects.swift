import Synchronization
import YadgAI
import YadgCore
import YadgHTTP
import YadgResources
import YadgStorage
import YadgSync
import YadgTerminal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a mode carries out what a reply's effects leave to the application (<doc:CommandsAndEffects>):
/// the choices that differ between the conversation, pipes and one-shot commands, and where what
/// arrives later goes. Every effect is run in one of two places, ``App/resolve(_:_:)`` before the
/// reply is shown and ``App/followUp(_:shown:_:)`` after, each one switch over every effect.
struct EffectPolicy {
    /// Journey and week summaries for stale days and weeks.
    enum Summaries {
        /// Written before the page is shown again, which then holds them (pipes).
        case beforeShowing
        /// Written in the background, each said above the prompt as it arrives (the conversation).
        case inTheBackground
        /// The page is shown at once from what is cached; one round is written for next time,
        /// within a short bound, and the rest said to wait (one-shot commands).
        case oneRoundForNextTime
    }

    /// The model's answer to an open question about one's moments.
    enum ModelAnswers {
        /// Waited for, within the praise deadline, and shown with the reply (pipes, one-shot).
        case beforeShowing
        /// The local answer is shown; the model's line follows when it comes (the conversation).
        case inTheBackground
    }

    var summaries: Summaries
    var modelAnswers: ModelAnswers
    /// Where the mode sends a moment to be praised by the AI (pipes and one-shot runs collect
    /// them; the conversation asks at once).
    var requestPraise: (Moment) -> Void = { _ in }
    /// Who writes summaries now (the conversation's changes with `/settings ai`).
    var summaryWriter: () -> (any DaySummaryWriter)?
    /// Text that arrives after the reply: above the prompt in the conversation, else printed.
    var post: @Sendable (String) -> Void
    /// Lines rendered as the mode shows them (the conversation wraps to the terminal's width).
    var render: @Sendable ([StyledLine]) -> String
    /// The prompt's quiet sign that an answer is on its way (the conversation only).
    var beginWaiting: @Sendable () -> Void = {}
    var endWaiting: @Sendable () -> Void = {}
    /// Before Delete my data archives the moments: nothing may reach the server after (the
    /// conversation stops its background sync).
    var beforeDeletingData: () -> Void = {}
    /// An AI choice was written (by the line, or by the list it answered): the conversation takes
    /// it up from the next line.
    var aiChosen: () -> Void = {}
}

extension App {
    /// Pipes: every effect that changes what is shown is carried out before the reply is shown,
    /// summaries and the model's answer included; praise is asked for once the batch's cards are out.
    func pipePolicy(requestPraise: @escaping (Moment) -> Void) -> EffectPolicy {
        let (output, style) = (self.output, self.style)
        return EffectPolicy(
            summaries: .beforeShowing, modelAnswers: .beforeShowing, requestPraise: requestPraise,
            summaryWriter: { self.summaryWriter }, post: { output.out($0) }, render: { style.render($0) })
    }

    /// One-shot commands: the reply is shown at once; summaries are written for next time, within
    /// a short bound.
    func oneShotPolicy(requestPraise: @escaping (Moment) -> Void) -> EffectPolicy {
        let (output, style) = (self.output, self.style)
        return EffectPolicy(
            summaries: .oneRoundForNextTime, modelAnswers: .beforeShowing, requestPraise: requestPraise,
            summaryWriter: { self.summaryWriter }, post: { output.out($0) }, render: { style.render($0) })
    }
}

/// Carrying out the effects of a reply: before it is shown, what changes what is shown (files
/// written or read, phrases parsed, and where the mode waits, summaries and the model's answer);
/// after, what the mode leaves to the background or to the end of the run.
extension App {
    /// The reply to show once its effects have been carried out.
    func resolve(_ reply: ShellReply, _ policy: EffectPolicy) -> ShellReply {
        var shown = reply
        for effect in reply.effects {
            switch effect {
            case .export(let format, let path, let withDeleted):
                shown = export(format, to: path, withDeleted: withDeleted)
            case .importFile(let path):
                shown = importFile(path)
            case .parsePhrases(let now, let zone):
                parsePhrases(now: now, zone: zone)
            case .sync(let statusOnly, let pull):
                shown = sync(statusOnly: statusOnly, pull: pull)
            case .writeSummaries(let targets, let view) where policy.summaries == .beforeShowing:
                guard let writer = policy.summaryWriter() else { continue }
                LookBackIO.writeSummariesAndWait(
                    targets, writer: writer, store: store, words: TimeWords(copy), inFlight: settings.requestsInFlight,
                    crisis: shell.resources.crisisWhenNeeded, planLimited: planLimitNotice(policy.post))
                shown = shell.lookBack(view)
            case .checkEntitlement(let check):
                shown = checkEntitlement(check)
            case .openLink:
                shown = openLinks(in: reply)
            case .offerAIChoices(let pick):
                shown = offerAIChoices(pick: pick)
            case .chooseAI:
                shown = chooseAI(in: reply)
            case .setOnThisDayAtHome(let on):
                guard let paths = environment.paths else { continue }
                do {
                    try SettingsFile(path: paths.settings).write(onThisDayAtHome: on)
                } catch {
                    shown = .failed(
                        Copy.fill(copy[SettingsCopy.self].onThisDaySaveFailed, ["reason": "\(error)"]))
                }
            case .deleteMyData:
                policy.beforeDeletingData()
                shown = deleteMyData()
            case .keepPhoto(let source, let id):
                shown = keepPhoto(source, for: id)
            case .lock(let request):
                shown = lock(request)
            case .openPhotos(let id):
                shown = openPhotos(of: id)
            case .printCompletionScript(let shell):
                // A script, printed byte for byte: no wrapping, no style, no event around it.
                output.out(EmbeddedResources.text("Resources/completion.\(shell.rawValue)") ?? "")
            case .answerWithModel(let request) where policy.modelAnswers == .beforeShowing:
                // Waits for the model's line, within the praise deadline.
                let answer = modelAnswerLines(request)
                shown.lines += answer
                shown.events += answer.map { ShellEvent.modelAnswer($0.text) }
            case .writeSummaries, .requestPraise, .quit, .answerWithModel:
                continue
            }
        }
        return shown
    }

    /// What a reply's effects do once it is shown (`shown`: as ``resolve(_:_:)`` made it): an AI
    /// choice taken up, praise asked for, and summaries and the model's answer written in the
    /// background or for next time, as the mode's policy says.
    func followUp(_ reply: ShellReply, shown: ShellReply, _ policy: EffectPolicy) {
        if shown.failure == nil, shown.effects.contains(where: { if case .chooseAI = $0 { true } else { false } }) {
            policy.aiChosen()
        }
        for effect in reply.effects {
            switch effect {
            case .requestPraise(let moment):
                policy.requestPraise(moment)
            case .writeSummaries(let days, _):
                writeSummariesLater(days, policy)
            case .answerWithModel(let request) where policy.modelAnswers == .inTheBackground:
                answerInTheBackground(request, policy)
            case .answerWithModel, .quit, .export, .importFile, .parsePhrases, .sync, .checkEntitlement, .openLink,
                .offerAIChoices, .chooseAI, .setOnThisDayAtHome, .deleteMyData, .keepPhoto, .printCompletionScript,
                .lock, .openPhotos:
                continue
            }
        }
    }

    /// Summaries the page was shown without: in the background (each said as it arrives), or one
    /// round for next time within a short bound.
    private func writeSummariesLater(_ days: [SummaryTarget], _ policy: EffectPolicy) {
        switch policy.summaries {
        case .beforeShowing:
            return  // written before the page was shown (``resolve(_:_:)``)
        case .inTheBackground:
            guard let writer = policy.summaryWriter() else { return }
            let (store, copy, post, render) = (self.store, self.copy, policy.post, policy.render)
            let limited = planLimitNotice(post)
            let inFlight = settings.requestsInFlight
            let crisis = shell.resources.crisisWhenNeeded
            Task.detached {
                await LookBackIO.writeSummaries(
                    days, writer: writer, store: store, words: TimeWords(copy), inFlight: inFlight, crisis: crisis,
                    arrived: { target, text in
                        let line = Copy.fill(
                            copy[JourneyCopy.self].summaryArrived, ["day": target.label(copy), "summary": text])
                        post(render([StyledLine("  " + line, .secondary)]))
                    }, planLimited: limited)
            }
        case .oneRoundForNextTime:
            guard let writer = policy.summaryWriter() else { return }
            // Only one round is asked for: what the short wait can take. The rest wait for the
            // next look back, and the person is told so.
            let asked = Array(days.prefix(settings.requestsInFlight))
            LookBackIO.writeSummariesAndWait(
                asked, writer: writer, store: store, words: TimeWords(copy), inFlight: settings.requestsInFlight,
                seconds: Self.oneShotSummaryWait, crisis: shell.resources.crisisWhenNeeded,
                planLimited: planLimitNotice(policy.post))
            if days.count > asked.count, !json {
                let later = Copy.fill(
                    copy[JourneyCopy.self].summariesLater, ["count": String(days.count - asked.count)])
                policy.post(style.render(StyledLine(later, .dim)) + "\n")
            }
        }
    }

    /// Like praise: the local answer was shown; the model's line follows when it comes (the
    /// provider keeps its own deadline).
    private func answerInTheBackground(_ request: QuestionRequest, _ policy: EffectPolicy) {
        guard let writer = answerWriter else { return }
        policy.beginWaiting()
        let crisis = shell.resources.crisisWhenNeeded
        let (post, render, endWaiting) = (policy.post, policy.render, policy.endWaiting)
        Task.detached {
            defer { endWaiting() }
            let lines = await App.modelAnswerLines(request, writer: writer, crisis: crisis.value)
            if !lines.isEmpty { post(render(lines)) }
        }
    }

    /// The model's answer to an open question, validated like praise (never-shown rules), as a
    /// `✨` line; nothing when there is no provider or no acceptable reply (the local answer stands).
    func modelAnswerLines(_ request: QuestionRequest) -> [StyledLine] {
        guard let writer = answerWriter else { return [] }
        let crisis = shell.resources.crisis
        return waitFor(seconds: praiseWait) { await Self.modelAnswerLines(request, writer: writer, crisis: crisis) }
            ?? []
    }

    static func modelAnswerLines(
        _ request: QuestionRequest, writer: any QuestionAnswerWriter, crisis: CrisisCheck?
    ) async -> [StyledLine] {
        let reply = try? await writer.answer(for: request)
        guard let text = reply.flatMap({ PraiseReplyValidator.accept($0, crisis: crisis) }) else { return [] }
        return [StyledLine("✨ " + text, .secondary)]
    }

    /// `/export` writes a dated file in the current folder (never over one already there) and says
    /// its full path; `yadg export` writes to stdout unless `--output` names a file. A file named
    /// that already exists is replaced, and the reply says so.
    private func export(_ format: ExportFormat, to path: String?, withDeleted: Bool) -> ShellReply {
        let toStandardOutput = path == nil && shell.context.mode == .oneShot
        let home = environment.variables["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        let folder = FileManager.default.currentDirectoryPath
        let target: String? =
            toStandardOutput
            ? nil
            : path.map { LookBackIO.absolutePath($0, home: home, folder: folder) }
                ?? LookBackIO.freshExportPath(format, today: shell.context.today, folder: folder)
        let replacing = target.map { FileManager.default.fileExists(atPath: $0) } ?? false
        switch LookBackIO.export(
            format, to: target, withDeleted: withDeleted, store: store, zone: zone, copy: copy,
            extras: shell.context.extrasShown, output: output, outputIsTerminal: outputIsTerminal)
        {
        case .success(let count):
            guard let target else { return ShellReply() }
            let words = copy[ExportCopy.self]
            var said = Copy.fill(count == 1 ? words.doneOne : words.done, ["count": String(count), "path": target])
            if replacing { said += ". " + words.replaced }
            return ShellReply(lines: [StyledLine(said, .primary)])
        case .failure(.store(let error)):
            // The store's trouble in its own words (damaged, newer), never as an output error.
            return shell.context.storeFailure(error, reading: true)
        case .failure(.writing(let message)):
            // A local write that failed: exit 3, as for the moments' own file.
            return ShellReply.failed(message).failing(because: .data)
        }
    }

    /// `/photo`: a private copy in the data folder, then attached to the moment.
    private func keepPhoto(_ source: String, for id: UUID) -> ShellReply {
        guard let paths = environment.paths else { return .failed(copy[StorageCopy.self].saveFailed) }
        // A locked journal's photo is sealed to its public key as it is kept.
        let kept = PhotoShelf(dataDirectory: paths.dataDirectory).keep(
            source, home: environment.variables["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path,
            currentDirectory: FileManager.default.currentDirectoryPath,
            sealingTo: (store as? SQLiteMomentStore)?.sealingPublicKey)
        return shell.photoKept(kept, for: id)
    }

    private func importFile(_ path: String) -> ShellReply {
        switch LookBackIO.importFile(
            path, store: store, copy: copy, crisis: shell.resources.crisis,
            dataDirectory: environment.paths?.dataDirectory)
        {
        case .success(let message):
            return ShellReply(lines: message.split(separator: "\n").map { StyledLine(String($0)) })
        case .failure(let failure): return .failed(failure.message)
        }
    }

    /// `yadg sync`: sends everything waiting now (`--status`: only looks), then says how much waits.
    private func sync(statusOnly: Bool, pull: Bool) -> ShellReply {
        guard settings.backendURL != nil, let queue = syncQueue else {
            return .failed(copy[SyncCopy.self].notConfigured)
        }
        var pulledLines: [StyledLine] = []
        if pull {
            switch pullHistory(into: queue) {
            case .success(let (added, known)):
                pulledLines.append(
                    StyledLine(
                        Copy.fill(copy[SyncCopy.self].pulled, ["count": String(added), "known": String(known)]),
                        .primary))
            case .failure(let problem):
                return ShellReply.failed(Copy.fill(copy[SyncCopy.self].pullFailed, ["reason": problem.words(copy)]))
                    .failing(because: .server)
            }
        }
        // What an earlier run logged while the journal was locked is sent once it is opened.
        if !statusOnly { openForSync() }
        // What this run's sends came to: how many went, and the last reason one did not.
        let outcome = Mutex<(sent: Int, failed: SyncError?)>((0, nil))
        if !statusOnly,
            let worker = syncWorker(report: { [output, syncPrinter] event in
                output.out(syncPrinter.text(for: event, latest: nil))
                outcome.withLock {
                    switch event {
                    case .synced: $0.sent += 1
                    case .failed(_, let problem, _): $0.failed = problem
                    }
                }
            })
        {
            // One yadg sends at a time: wait a little for another to finish, else say so.
            let lock = syncLock
            let held = lock?.acquire(waiting: 5)
            if lock != nil && held == nil { return .failed(copy[SyncCopy.self].busy) }
            defer { if let held { lock?.release(held) } }
            _ = waitFor { await worker.drain(until: nil, waitingForRetries: false, everything: true) }
        }
        do {
            let status = try queue.syncStatus()
            var reply = ShellReply(
                lines: pulledLines + SyncStatusView.render(status, copy: copy) + syncWaitingForKey(),
                events: [.syncStatus(status)])
            // A change that could not be sent is a server's no (or its silence): exit 4, and why.
            let (sent, failed) = outcome.withLock { $0 }
            if let failed, status.waiting > 0 {
                let words = copy[SyncCopy.self]
                reply.failure = ShellReply.Failure(
                    Copy.fill(sent == 0 ? words.nothingSent : words.someNotSent, ["reason": failed.words(copy)]),
                    cause: .server)
            }
            return reply
        } catch {
            return shell.context.storeFailure(error)
        }
    }

    /// `yadg sync --pull`: every page of the server's moments; those this machine lacks are added
    /// (crisis language checked as on import). Returns how many were added and how many known.
    private func pullHistory(into queue: any SyncQueue) -> Result<(added: Int, known: Int), SyncError> {
        guard let client = backendClient else { return .failure(.off) }
        let crisis = shell.resources.crisis
        return waitFor { await client.pull(into: queue, checking: crisis.flagged) } ?? .failure(.cancelled)
    }

    /// `yadg parse`: every line of stdin, one JSON object each, written in large chunks.
    private func parsePhrases(now: Date, zone: Zone) {
        let parser = TimeExpressionParser()
        var buffer = ""
        while let line = readLine(strippingNewline: true) {
            buffer += ParsedPhrase.json(line, parser: parser, now: now, zone: zone) + "\n"
            if buffer.utf8.count > 64 * 1024 {
                output.out(buffer)
                buffer = ""
            }
        }
        output.out(buffer)
    }
}
