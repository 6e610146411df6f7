import Foundation
import YadgAI
import YadgCore
import YadgStorage
import YadgTerminal

/// The three ways a run talks to a person: the conversation, piped lines, one-shot commands.
struct Session {
    let shell: Shell
    let store: SQLiteMomentStore
    let style: TerminalStyle
    let json: Bool
    let clock: any WallClock
    let zone: TimeZone
    let settings: AISettings
    let configDirectory: String
    let copy: Copy
    /// `TERM=dumb`: converse with a plain prompt and the terminal's own line editing.
    var dumbTerminal = false

    /// A coordinator that prints praise straight to stdout (pipes and one-shot commands).
    private func printingCoordinator() -> PraiseCoordinator? {
        guard let provider = AIWiring.provider(settings, store: store, configDirectory: configDirectory) else {
            return nil
        }
        let (json, style, copy) = (self.json, self.style, self.copy)
        return PraiseCoordinator(provider: provider, store: store, zone: zone, clock: clock) {
            moment, outcome, labelled in
            if json {
                Output.out(PraiseCoordinator.json(moment, outcome) + "\n")
            } else {
                let lines = PraiseCoordinator.lines(moment, outcome, labelled: labelled, copy: copy)
                if !lines.isEmpty { Output.out(style.render(lines)) }
            }
        }
    }

    /// How long a one-shot `yadg journey` spends writing AI summaries for next time, after it printed.
    static let oneShotSummaryWait = 2.0

    /// How long to wait for outstanding praise at the end: the provider's deadline, and a little.
    private var praiseWait: Double { settings.timeout + 1 }

    /// `yadg log took a walk`, `yadg moments`: one command, then exit (1 when it could not be done).
    func runCommand(_ words: [String], copy: Copy) -> Int32 {
        switch words.first {
        case "export": return exportCommand(Array(words.dropFirst()))
        case "import":
            guard let path = words.dropFirst().first else {
                Output.err(copy.importNeedsFile + "\n")
                return 2
            }
            switch LookBackIO.importFile(path, store: store, copy: copy, crisis: shell.resources.crisis) {
            case .success(let message):
                Output.out(message + "\n")
                return 0
            case .failure(let failure):
                Output.err("yadg: " + failure.message + "\n")
                return 1
            }
        default: break
        }
        let command: SlashCommand
        do {
            command = try SlashCommand.parse(words.joined(separator: " "))
        } catch {
            Output.err("yadg: " + subcommandError(error, words: words) + "\n")
            return 2
        }
        // The command table decides what runs as `yadg <name>`; /did, /undo and the row commands
        // need the conversation around them.
        guard CommandTable.spec(named: command.name.rawValue)?.asSubcommand == true else {
            Output.err("yadg: " + Copy.fill(copy.commandOnlyInConversation, ["name": command.name.rawValue]) + "\n")
            return 2
        }
        // The Journey shows what is cached (or the offline line) at once; AI summaries for the
        // stale days are written for next time, within a short bound.
        let reply = shell.run(command)
        show(reply)
        if reply.summaryRequests.contains(where: { !$0.moments.isEmpty }),
            let writer = AIWiring.provider(settings, store: store, configDirectory: configDirectory)
        {
            LookBackIO.writeSummariesAndWait(
                reply.summaryRequests, writer: writer, store: store, seconds: Self.oneShotSummaryWait)
        }
        if !reply.praiseRequests.isEmpty, let coordinator = printingCoordinator() {
            reply.praiseRequests.forEach(coordinator.request(for:))
            coordinator.waitForAll(seconds: praiseWait)
        }
        guard let failure = reply.failure else { return 0 }
        Output.err("yadg: " + TerminalSanitizer.clean(failure) + "\n")
        return reply.isUsageError ? 2 : 1
    }

    /// `yadg took a walk`: said as a command line (no slash), with the way to log it.
    private func subcommandError(_ error: SlashCommand.ParseError, words: [String]) -> String {
        switch error {
        case .unknown(let name, let suggestion?):
            return Copy.fill(
                copy.unknownSubcommandWithSuggestion,
                ["name": name, "suggestion": String(suggestion.drop(while: { $0 == "/" }))])
        case .unknown(let name, nil):
            return TerminalSanitizer.clean(
                Copy.fill(copy.unknownSubcommand, ["name": name, "words": words.joined(separator: " ")]))
        case .takesNoArguments:
            return shell.reply(to: error).failure ?? ""
        }
    }

    /// Piped lines: each is a moment or a command; results as they are committed. Lines that were
    /// not logged get one line each on stderr, and the exit status is 1.
    func readPipe() -> Int32 {
        var status: Int32 = 0
        var lineNumber = 0
        let coordinator = printingCoordinator()
        defer { coordinator?.waitForAll(seconds: praiseWait) }
        let reader = WaitingLinesReader()
        while let waiting = reader.nextLines(limit: Self.linesPerCommit) {
            for group in Self.runsOfMoments(waiting) {
                var rest = group[...]
                while !rest.isEmpty {
                    let replies = handle(rest)
                    rest = rest.dropFirst(replies.count)
                    for handled in replies {
                        lineNumber += 1
                        var reply = withFreshSummaries(handled)
                        if let format = reply.export { reply = exportReply(format) }
                        show(reply)
                        reply.praiseRequests.forEach { coordinator?.request(for: $0) }
                        if let failure = reply.failure {
                            status = 1
                            Output.err("yadg: line \(lineNumber): \(TerminalSanitizer.clean(failure))\n")
                        }
                        if reply.quit { return status }
                    }
                }
            }
        }
        return status
    }

    /// At most this many waiting lines share one commit…
    static let linesPerCommit = 512
    /// …and a commit waits at most this long for the lines before it, so acknowledgements keep flowing.
    static let commitEvery: UInt64 = 20_000_000  // ns

    /// Waiting lines split so that each command stands alone and the lines between commands (moments,
    /// and the answers of `/did`) form runs that can be committed together.
    static func runsOfMoments(_ lines: [String]) -> [[String]] {
        var runs: [[String]] = []
        var run: [String] = []
        for line in lines {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("/") {
                if !run.isEmpty { runs.append(run) }
                runs.append([line])
                run = []
            } else {
                run.append(line)
            }
        }
        if !run.isEmpty { runs.append(run) }
        return runs
    }

    /// Handles the first of `lines` in one transaction (group commit), as many as fit in
    /// ``commitEvery``; returns their replies, shown only after the commit. If the commit fails,
    /// every moment in it is reported as not logged.
    private func handle(_ lines: ArraySlice<String>) -> [ShellReply] {
        guard lines.count > 1, store.writeRefusal == nil, let first = lines.first else {
            return lines.prefix(1).map(shell.handle)
        }
        var replies: [ShellReply] = []
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.commitEvery
        do {
            try store.batch {
                for line in lines {
                    replies.append(shell.handle(line))
                    if DispatchTime.now().uptimeNanoseconds > deadline { break }
                }
            }
            return replies
        } catch {
            guard !replies.isEmpty else { return [shell.handle(first)] }
            let message = shell.message(for: error)
            return zip(lines, replies).map { line, reply in
                guard reply.events.contains(where: { if case .logged = $0 { true } else { false } }) else {
                    return reply
                }
                return ShellReply(
                    lines: [StyledLine(message)], events: [.notLogged(input: line, reason: .saveFailed)],
                    failure: message)
            }
        }
    }

    /// The conversation on a terminal: onboarding once, Home, then lines until Ctrl-D or /quit.
    func converse(historyPath: String, copy: Copy) -> Int32 {
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
        Output.out(fitted(shell.home()) + "\n")
        let outbox = Outbox()
        let coordinator = AIWiring.provider(settings, store: store, configDirectory: configDirectory).map { provider in
            let (style, copy) = (self.style, self.copy)
            return PraiseCoordinator(provider: provider, store: store, zone: zone, clock: clock) {
                moment, outcome, labelled in
                let lines = PraiseCoordinator.lines(moment, outcome, labelled: labelled, copy: copy)
                if !lines.isEmpty { outbox.post(fitted(lines)) }
            }
        }
        let prompt = style.usesColor ? "\u{1}" + style.start(.primary) + "\u{1}›\u{1}" + style.reset + "\u{1} " : "› "
        let reader: any ConversationReader =
            dumbTerminal
            ? DumbTerminalReader(prompt: "› ", outbox: outbox)
            : EditLineReader(
                prompt: prompt, historyPath: historyPath, completions: CommandTable.conversationNames, outbox: outbox)
        // What was typed during the walkthrough comes back as the first line, ready to edit.
        var prefill = !typedAhead.isEmpty ? typedAhead : shell.isFirstLogPending ? copy.firstLogPrefill : nil
        while let line = reader.readLine(prefill: prefill) {
            prefill = nil
            shell.width = EditLineReader.currentColumns
            var reply = shell.handle(line)
            if let format = reply.export { reply = exportReply(format) }
            guard !reply.lines.isEmpty else { continue }
            reader.write(fitted(reply.lines) + (reply.events.isEmpty && reply.lines.count == 1 ? "" : "\n"))
            reply.praiseRequests.forEach { coordinator?.request(for: $0) }
            if !reply.summaryRequests.isEmpty, let writer = coordinator?.provider as? any DaySummaryWriter {
                let (store, requests) = (self.store, reply.summaryRequests)
                Task.detached {
                    await LookBackIO.writeSummaries(requests, writer: writer, store: store) { day, text in
                        let line = StyledLine("  \(day.day.long): \"\(text)\"", .secondary)
                        outbox.post(fitted([line]))
                    }
                }
            }
            if reply.quit { return 0 }
        }
        Output.out(style.render(StyledLine(copy.goodbye, .secondary)) + "\n")
        return 0
    }

    /// With a provider that writes summaries, fetches the stale Journey days first and renders the
    /// same page again with them (one-shot commands and pipes wait; the conversation does not).
    private func withFreshSummaries(_ reply: ShellReply) -> ShellReply {
        guard let page = reply.journeyPage, reply.summaryRequests.contains(where: { !$0.moments.isEmpty }),
            let writer = AIWiring.provider(settings, store: store, configDirectory: configDirectory)
        else { return reply }
        LookBackIO.writeSummariesAndWait(reply.summaryRequests, writer: writer, store: store)
        return shell.journey(page: page)
    }

    /// `/export json`: writes the file in the current folder and says where.
    private func exportReply(_ format: ExportFormat) -> ShellReply {
        let path = LookBackIO.defaultExportPath(format, today: LocalDay(number: TimeWords.dayNumber(clock.now(), zone)))
        switch LookBackIO.export(format, to: path, store: store, zone: zone, copy: copy) {
        case .success(let count):
            return ShellReply(lines: [
                StyledLine(Copy.fill(copy.exportDone, ["count": String(count), "path": path]), .primary)
            ])
        case .failure(let failure):
            return ShellReply(lines: [StyledLine(failure.message)], failure: failure.message)
        }
    }

    /// `yadg export [--format json|csv|md] [--output FILE]`: stdout unless a file is named.
    private func exportCommand(_ arguments: [String]) -> Int32 {
        var format = ExportFormat.json
        var path: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch argument {
            case "--format", "-f":
                guard let chosen = ExportFormat(rawValue: value == "markdown" ? "md" : value.lowercased()) else {
                    Output.err("yadg: " + Copy.fill(copy.exportUnknownFormat, ["format": value]) + "\n")
                    return 2
                }
                format = chosen
                index += 2
            case "--output", "-o":
                path = value
                index += 2
            default:
                if let chosen = ExportFormat(rawValue: argument.lowercased()) {
                    format = chosen
                    index += 1
                } else {
                    Output.err("yadg: " + Copy.fill(copy.exportUnknownFormat, ["format": argument]) + "\n")
                    return 2
                }
            }
        }
        switch LookBackIO.export(format, to: path, store: store, zone: zone, copy: copy) {
        case .success(let count):
            if let path { Output.out(Copy.fill(copy.exportDone, ["count": String(count), "path": path]) + "\n") }
            return 0
        case .failure(let failure):
            Output.err("yadg: " + failure.message + "\n")
            return 1
        }
    }

    /// Once, on a terminal: may a provider that was only detected (not chosen) be used?
    private func askForAIConsentIfNeeded() {
        guard settings.provider != .none, !settings.explicit, (try? store.stateValue(.aiConsent)) == nil else { return }
        let name = settings.provider.rawValue
        let yes = OnboardingPresenter(style: style, copy: copy)
            .askYesNo(Copy.fill(copy.aiConsentQuestion, ["provider": name]))
        try? store.setState([.aiConsent: yes ? "yes" : "no"])
        let answer = yes ? Copy.fill(copy.aiConsentYes, ["provider": name]) : copy.aiConsentNo
        Output.out(style.render([StyledLine(answer, .dim), StyledLine("")]))
    }

    /// Prints a reply as text (pipes: results only, not-logged lines go to stderr) or JSON events.
    private func show(_ reply: ShellReply) {
        if json {
            let events =
                reply.events.isEmpty && !reply.lines.isEmpty && reply.failure == nil
                ? [ShellEvent.command(name: "", output: reply.lines.plainText)] : reply.events
            for line in JSONEvents.lines(for: events, now: clock.now(), zone: zone) { Output.out(line + "\n") }
            // A command that could not run (an unknown /command, say) is an event too.
            if reply.events.isEmpty, let failure = reply.failure {
                Output.out(
                    JSONText.object([("event", JSONText.quote("error")), ("message", JSONText.quote(failure))]) + "\n")
            }
            return
        }
        let notLogged = reply.events.contains { if case .notLogged = $0 { true } else { false } }
        if notLogged || (reply.failure != nil && reply.events.isEmpty) { return }
        if !reply.lines.isEmpty { Output.out(style.render(reply.lines)) }
    }
}
