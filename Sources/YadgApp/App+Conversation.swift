import Foundation
import YadgAI
import YadgCore
import YadgTerminal

/// The conversation on a terminal: onboarding once, Home, then lines until Ctrl-D or /quit. AI
/// praise and Journey summaries arrive in the background and are printed above the line being
/// typed.
extension App {
    public func converse(historyPath: String) -> Int32 {
        var typedAhead = ""
        if (try? store.stateValue(.hasSeenOnboarding)) != "1" {
            let onboarding = OnboardingPresenter(style: style, copy: copy)
            let finished = onboarding.present()
            try? store.setState([.hasSeenOnboarding: "1"])
            if !finished { return 0 }
            typedAhead = onboarding.typedAhead
        }
        askForAIConsentIfNeeded()
        // Every paragraph wraps at word boundaries to the terminal's width as it is when printed.
        let style = self.style
        let fitted: @Sendable ([StyledLine]) -> String = {
            style.render($0.wrapped(to: EditLineReader.currentColumns))
        }
        output.out(fitted(shell.home()) + "\n")
        let outbox = Outbox()
        let copy = self.copy
        let latest = LatestMoment()
        let backgroundSync = startBackgroundSync(post: { if !$0.isEmpty { outbox.post($0) } }, latest: latest)
        defer { backgroundSync?.cancel() }
        var app = self
        var (coordinator, summaryWriter) = app.praiseWriters(fitted: fitted, outbox: outbox)
        let prompt = style.usesColor ? "\u{1}" + style.start(.primary) + "\u{1}›\u{1}" + style.reset + "\u{1} " : "› "
        let reader: any ConversationReader =
            dumbTerminal
            ? DumbTerminalReader(prompt: "› ", outbox: outbox)
            : EditLineReader(
                prompt: prompt, historyPath: historyPath, completions: CommandTable.conversationNames, outbox: outbox)
        // What was typed during the walkthrough comes back as the first line, ready to edit.
        var prefill =
            !typedAhead.isEmpty ? typedAhead : shell.isFirstLogPending ? copy[HomeCopy.self].firstLogPrefill : nil
        while let line = reader.readLine(prefill: prefill) {
            prefill = nil
            shell.width = EditLineReader.currentColumns
            let handled = shell.handle(line)
            if handled.effects.contains(.deleteMyData), let backgroundSync {
                // Nothing may reach the server after its moments were archived.
                backgroundSync.cancel()
                _ = waitFor(seconds: 5) { await backgroundSync.value }
            }
            let reply = app.resolve(handled, waitForSummaries: false)
            guard !reply.lines.isEmpty else { continue }
            reader.write(fitted(reply.lines) + (reply.events.isEmpty && reply.lines.count == 1 ? "" : "\n"))
            if reply.quit { return 0 }
            if reply.failure == nil, reply.effects.contains(where: { if case .chooseAI = $0 { true } else { false } }) {
                // An AI choice was written (by the line, or by the list it answered): it applies
                // from the next line.
                app = app.reloadingAISettings()
                (coordinator, summaryWriter) = app.praiseWriters(fitted: fitted, outbox: outbox)
            }
            for effect in handled.effects {
                switch effect {
                case .requestPraise(let moment):
                    latest.set(moment.id)
                    coordinator?.request(for: moment)
                case .writeSummaries(let days, _):
                    guard let writer = summaryWriter else { continue }
                    let store = self.store
                    let limited = planLimitNotice { outbox.post($0) }
                    Task.detached {
                        await LookBackIO.writeSummaries(
                            days, writer: writer, store: store, words: TimeWords(copy),
                            arrived: { day, text in
                                let line = Copy.fill(
                                    copy[JourneyCopy.self].summaryArrived,
                                    ["day": TimeWords(copy).monthDayYear(day.day), "summary": text])
                                outbox.post(fitted([StyledLine("  " + line, .secondary)]))
                            }, planLimited: limited)
                    }
                case .quit:
                    return 0
                case .export, .importFile, .parsePhrases, .sync, .checkEntitlement, .openLink, .offerAIChoices,
                    .chooseAI, .deleteMyData:
                    continue
                }
            }
        }
        output.out(style.render(StyledLine(copy[HomeCopy.self].goodbye, .secondary)) + "\n")
        return 0
    }

    /// Who writes the praise and the Journey's summaries, built once per AI choice (a provider reads
    /// its prompts from the config folder).
    private func praiseWriters(fitted: @escaping @Sendable ([StyledLine]) -> String, outbox: Outbox)
        -> (PraiseCoordinator?, (any DaySummaryWriter)?)
    {
        let provider = settings.backendURL == nil ? self.provider : nil
        let copy = self.copy
        let coordinator = provider.map { provider in
            PraiseCoordinator(provider: provider, store: store, zone: zone, clock: clock, words: TimeWords(copy)) {
                moment, outcome, labelled in
                let lines = MomentCard.aiPraise(for: moment, outcome, labelled: labelled, copy: copy)
                if !lines.isEmpty { outbox.post(fitted(lines)) }
            }
        }
        return (coordinator, summaryWriter(orProvider: provider))
    }

    /// The same app with the AI settings read again (after `/settings ai`), and Settings told.
    func reloadingAISettings() -> App {
        guard let paths = environment.paths else { return self }
        var app = self
        let loaded = AIWiring.load(
            environment: environment.variables, paths: paths, noAI: settings.networkOff, copy: copy,
            warn: { _ in })
        app.settings = loaded.settings
        shell.facts.ai = loaded.facts
        return app
    }

    /// Once, on a terminal: may a provider that was only detected (not chosen) be used?
    private func askForAIConsentIfNeeded() {
        guard settings.provider != .none, !settings.explicit, (try? store.stateValue(.aiConsent)) == nil else { return }
        let name = settings.provider.rawValue
        let yes = OnboardingPresenter(style: style, copy: copy)
            .askYesNo(Copy.fill(copy[OnboardingCopy.self].consentQuestion, ["provider": name]))
        try? store.setState([.aiConsent: yes ? "yes" : "no"])
        let answer =
            yes
            ? Copy.fill(copy[OnboardingCopy.self].consentYes, ["provider": name]) : copy[OnboardingCopy.self].consentNo
        output.out(style.render([StyledLine(answer, .dim), StyledLine("")]))
    }
}
