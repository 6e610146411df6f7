import YadgAI
import YadgCore
import YadgHTTP
import YadgStorage
import YadgTerminal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The conversation on a terminal: onboarding once, Home, then lines until Ctrl-D or /quit. AI
/// praise and Journey summaries arrive in the background and are printed above the line being
/// typed.
extension App {
    /// `terminal`: where the lines come from and go, the walkthrough and the width (the process's
    /// terminal; a test gives a script).
    public func converse(historyPath: String, on terminal: any ConversationTerminal = SystemTerminal()) -> Int32 {
        var typedAhead = ""
        let onboarding = terminal.makeOnboarding(style: style, copy: copy)
        if (try? store.stateValue(.hasSeenOnboarding)) != "1" {
            let finished = onboarding.present()
            // Lost only when the store refuses writes, which the first line logged says: the
            // walkthrough is then shown once more at the next start, and nothing else changes.
            try? store.setState([.hasSeenOnboarding: "1"])
            if !finished { return 0 }
            typedAhead = onboarding.typedAhead
            // The first run: a model already running here is offered (a search of 150 ms).
            if offerLocalModelIfRunning(asking: onboarding) { reloadAISettings() }
        } else if (try? store.stateValue(.localModelLookAgain)) == "1" {
            // None answered at the first run: one more look, at this start only. (Lost, the next
            // start looks once more: 150 ms, and the same offer.)
            try? store.setState([.localModelLookAgain: "0"])
            if offerLocalModelIfRunning(asking: onboarding) { reloadAISettings() }
        }
        askForAIConsentIfNeeded(asking: onboarding)
        // Every paragraph wraps at word boundaries to the terminal's width as it is when printed.
        let style = self.style
        let fitted: @Sendable ([StyledLine]) -> String = {
            style.render($0.wrapped(to: terminal.columns))
        }
        let home = shell.home()
        output.out(fitted(home) + "\n")
        let outbox = LinesForTheEditor()
        let copy = self.copy
        let latest = LatestMoment()
        let wake = SyncWake()
        let backgroundSync = startBackgroundSync(
            post: { if !$0.isEmpty { outbox.post($0) } }, latest: latest, wake: wake)
        defer {
            backgroundSync?.cancel()
            wake.signal()
            // Photos opened for a viewer go with the conversation (App+Photos).
            scrubOpenedPhotos()
        }
        checkIntegrityInTheBackground(post: { outbox.post(fitted([StyledLine($0, .secondary)])) })
        let folder = LogFolder(store: store) { [copy, environment] problem in
            let said: String
            switch problem {
            case .logRemoved: said = copy[StorageCopy.self].logRemovedNoticed
            case .damaged:
                let path = environment.paths?.database ?? "moments.db"
                said = String(problem.openingMessage(copy, path: path).dropFirst("yadg: ".count))
            default: return  // the next line says it, as it is refused
            }
            outbox.post(fitted([StyledLine(said, .secondary)]))
        }
        var (coordinator, summaryWriter) = praiseWriters(fitted: fitted, outbox: outbox, folder: folder)
        // A model on this machine may need seconds to load: it loads while the person types.
        if settings.isOnThisMachine { coordinator?.warmUp() }
        // Praise, summaries and the model's answers arrive in the background, above the prompt.
        let policy = EffectPolicy(
            summaries: .inTheBackground, modelAnswers: .inTheBackground,
            requestPraise: { moment in
                // The prompt's quiet sign of life until the answer (or its fallback) arrives.
                if coordinator?.request(for: moment) == true { outbox.beginWaiting() }
            },
            summaryWriter: { summaryWriter }, post: { outbox.post($0) }, render: fitted,
            beginWaiting: { outbox.beginWaiting() }, endWaiting: { outbox.endWaiting() },
            beforeDeletingData: {
                // Nothing may reach the server after its moments were archived.
                guard let backgroundSync else { return }
                backgroundSync.cancel()
                wake.signal()
                _ = waitFor(seconds: 5) { await backgroundSync.value }
            },
            aiChosen: {
                // It applies from the next line.
                self.reloadAISettings()
                (coordinator, summaryWriter) = self.praiseWriters(fitted: fitted, outbox: outbox, folder: folder)
                if self.settings.isOnThisMachine { coordinator?.warmUp() }
            })
        let prompt = style.usesColor ? "\u{1}" + style.start(.primary) + "\u{1}›\u{1}" + style.reset + "\u{1} " : "› "
        let store = self.store
        let resources = shell.resources
        let completion = Completion(
            commands: CommandTable.conversationNames, moods: resources.moods,
            tagsInUse: { (try? store.tagsInUse(limit: 200)) ?? [] })
        // A locked journal's conversation keeps what is typed in memory only: no file is read or written.
        let sealed = store as? SQLiteMomentStore
        let lockedAtStart = sealed?.lockState.isLocked == true
        if lockedAtStart { forgetHistoryFile() }
        let reader = terminal.makeReader(
            ReaderSetup(
                prompt: prompt, historyPath: lockedAtStart ? nil : historyPath,
                complete: completion.candidates(before:), outbox: outbox,
                motion: Motion.detect(style: style, environment: environment.variables), dumb: dumbTerminal))
        let editor = reader as? EditLineReader
        editor?.remembers = { !Self.isLockLine($0) }
        // Locked meanwhile (here or in another yadg): lines from then on stay in memory.
        editor?.savesHistory = { sealed?.lockState.isLocked != true }
        // Ctrl-C leaves /did and every other step-by-step question, and says what was kept.
        editor?.onInterrupt = { [shell, style] in
            shell.letQuestionGo().map { style.render(StyledLine($0, .secondary)) }
        }
        editor?.breathe(
            home[1].text, rowsAbove: ScreenRows.below(1, of: home, width: terminal.columns) + 2)
        // What was typed during the walkthrough comes back as the first line, ready to edit; keys
        // typed after it go on from it (the suggestion of a first win gives way to them instead).
        editor?.typingReplacesPrefill = typedAhead.isEmpty
        var prefill =
            !typedAhead.isEmpty ? typedAhead : shell.isFirstLogPending ? copy[HomeCopy.self].firstLogPrefill : nil
        while let line = reader.readLine(prefill: prefill) {
            prefill = nil
            shell.width = terminal.columns
            var handled = shell.handle(line)
            // What needs the passphrase asks for it once, then the line is handled again.
            let opening = openedToRetry(handled)
            handled = opening.retry ? shell.handle(line) : opening.reply
            let reply = resolve(handled, policy)
            // The moment this line logged is the latest before the sync can answer for it: a fast
            // server's praise for it is then shown unlabelled, as the card's second half.
            for case .requestPraise(let moment) in handled.effects { latest.set(moment.id) }
            // What the line changed is committed: the background sync sends it now, and the file
            // alone holds it soon after.
            wake.signal()
            folder?.foldSoon()
            guard !reply.lines.isEmpty else { continue }
            let blankAfter = !(reply.events.isEmpty && reply.lines.count == 1)
            reader.write(fitted(reply.lines) + (blankAfter ? "\n" : ""))
            if let editor { ScreenRows.placeOfflinePraise(of: reply, in: editor, blankAfter: blankAfter) }
            if reply.quit { return 0 }
            followUp(handled, shown: reply, policy)
            if handled.quit { return 0 }
        }
        if let kept = shell.letQuestionGo() { output.out(style.render(StyledLine(kept, .secondary)) + "\n") }
        output.out(style.render(StyledLine(copy[HomeCopy.self].goodbye, .secondary)) + "\n")
        return 0
    }

    /// `/lock …` and `/unlock …` lines: never remembered in history.
    static func isLockLine(_ line: String) -> Bool {
        let first = line.trimmedWhitespace.prefix { !$0.isWhitespace }.lowercased()
        return first == "/lock" || first == "/unlock"
    }

    /// Who writes the praise and the Journey's summaries, built once per AI choice (a provider reads
    /// its prompts from the config folder). Each praise stored is folded into the file soon after.
    private func praiseWriters(
        fitted: @escaping @Sendable ([StyledLine]) -> String, outbox: LinesForTheEditor, folder: LogFolder?
    ) -> (PraiseCoordinator?, (any DaySummaryWriter)?) {
        let provider = settings.backendURL == nil ? self.provider : nil
        let copy = self.copy
        let verdictSink: (@Sendable (String) -> Void)? =
            showsAIVerdicts ? { @Sendable line in outbox.post(fitted([StyledLine(line, .dim)])) } : nil
        let coordinator = provider.map { provider in
            PraiseCoordinator(
                provider: provider, store: store, zone: shell.context.zoneWhenNeeded, clock: clock,
                words: TimeWords(copy),
                inFlight: settings.requestsInFlight, debug: verdictSink,
                crisis: shell.resources.crisisWhenNeeded
            ) { moment, outcome, labelled in
                let lines = MomentCard.aiPraise(for: moment, outcome, labelled: labelled, copy: copy)
                defer { outbox.endWaiting() }
                if case .praise = outcome { folder?.foldSoon() }
                guard !lines.isEmpty else { return }
                // The latest moment's praise may fade in where its offline line is.
                if case .praise = outcome, !labelled, lines.count == 1 {
                    outbox.postReplacing(moment.id.uuidString, text: lines[0].text, otherwise: fitted(lines))
                } else {
                    outbox.post(fitted(lines))
                }
            }
        }
        return (coordinator, summaryWriter(orProvider: provider))
    }

    /// At the first run, when no provider was chosen (`provider = none` is a choice): a model server already running on this
    /// machine is looked for (at most 150 ms) and offered with the model it reports. When none
    /// answered, the next start looks once more (``StateKey/localModelLookAgain``). Yes writes the
    /// choice to yadg's settings file, as `/settings ai` would; either answer is the one consent
    /// question, never asked again. True when a choice was written.
    private func offerLocalModelIfRunning(asking onboarding: any Onboarding) -> Bool {
        guard settings.isUnset || !settings.explicit, !settings.networkOff,
            (try? store.stateValue(.aiConsent)) == nil
        else { return false }
        let candidates = LocalModelFinder.candidates(environment: environment.variables)
        let finder = LocalModelFinder(candidates: candidates, transport: CurlTransport())
        guard let server = (waitFor(seconds: 1) { await finder.find() } ?? []).first else {
            // Lost, no start looks again unasked: `/settings ai` still finds the server.
            if (try? store.stateValue(.localModelLookAgain)) == nil { try? store.setState([.localModelLookAgain: "1"]) }
            return false
        }
        let words = copy[OnboardingCopy.self]
        let yes = onboarding.askYesNo(
            Copy.fill(words.localModelQuestion, ["name": server.name, "model": server.model]))
        // Lost, the question is asked again at the next start: never a yes taken for granted.
        try? store.setState([.aiConsent: yes ? "yes" : "no"])
        var wrote = false
        if yes, let paths = environment.paths {
            // Reported: a choice that could not be written is answered as a no (nothing is used).
            wrote = (try? SettingsFile(path: paths.settings).write(.local(server))) != nil
        }
        let answer =
            yes && wrote
            ? Copy.fill(words.localModelYes, ["name": server.name, "model": server.model]) : words.consentNo
        output.out(style.render([StyledLine(answer, .dim), StyledLine("")]))
        return wrote
    }

    /// SQLite's `quick_check`, off the main path: in the background as the conversation starts,
    /// at most once a day (never delaying the prompt). Damage found stops every write, and is said
    /// as an open says it.
    private func checkIntegrityInTheBackground(post: @escaping @Sendable (String) -> Void) {
        guard let store = store as? SQLiteMomentStore, store.writeRefusal == nil, let paths = environment.paths else {
            return
        }
        // The day by UTC: enough for "once a day", and the start need not load the time zone.
        let today = String(Int(shell.context.clock.now().timeIntervalSince1970 / 86_400))
        let (copy, database) = (self.copy, paths.database)
        Task.detached(priority: .background) {
            // Even the state read is off the way to the prompt.
            guard (try? store.stateValue(.integrityCheckedOn)) != today else { return }
            guard let detail = store.checkIntegrity(path: database) else {
                // Lost, the check runs again at the next start, in the background as now.
                try? store.setState([.integrityCheckedOn: today])
                return
            }
            let said = MomentStoreError.damaged(detail: detail).openingMessage(copy, path: database)
            post(String(said.dropFirst("yadg: ".count)))
        }
    }

    /// Once, on a terminal: may a provider that was only detected (not chosen) be used? An Ollama
    /// found only by `OLLAMA_HOST` is asked first (at most a second): a server that is not running
    /// is not offered, and the question waits for a start when it answers.
    private func askForAIConsentIfNeeded(asking onboarding: any Onboarding) {
        guard settings.provider != .none, !settings.explicit, (try? store.stateValue(.aiConsent)) == nil else { return }
        if settings.provider == .ollama {
            let base = settings.baseURL
            let finder = LocalModelFinder(
                candidates: [.init(kind: "ollama", baseURL: base, name: "Ollama")], transport: CurlTransport())
            guard !(waitFor(seconds: 1) { await finder.find() } ?? []).isEmpty else { return }
        }
        let name = settings.provider.rawValue
        let yes = onboarding.askYesNo(Copy.fill(copy[OnboardingCopy.self].consentQuestion, ["provider": name]))
        // Lost, the question is asked again at the next start: never a yes taken for granted.
        try? store.setState([.aiConsent: yes ? "yes" : "no"])
        let answer =
            yes
            ? Copy.fill(copy[OnboardingCopy.self].consentYes, ["provider": name]) : copy[OnboardingCopy.self].consentNo
        output.out(style.render([StyledLine(answer, .dim), StyledLine("")]))
    }
}
