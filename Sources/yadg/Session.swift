import Foundation
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

    /// `yadg log took a walk`, `yadg moments`: one command, then exit (1 when it could not be done).
    func runCommand(_ words: [String], copy: Copy) -> Int32 {
        let command: SlashCommand
        do {
            command = try SlashCommand.parse(words.joined(separator: " "))
        } catch {
            let reply = shell.handle("/" + words.joined(separator: " "))
            Output.err("yadg: " + (reply.failure ?? "") + "\n")
            return 2
        }
        let reply = shell.run(command)
        show(reply)
        guard let failure = reply.failure else { return 0 }
        Output.err("yadg: " + TerminalSanitizer.clean(failure) + "\n")
        return 1
    }

    /// Piped lines: each is a moment or a command; results as they are committed. Lines that were
    /// not logged get one line each on stderr, and the exit status is 1.
    func readPipe() -> Int32 {
        var status: Int32 = 0
        var lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            let reply = shell.handle(line)
            show(reply)
            if let failure = reply.failure {
                status = 1
                Output.err("yadg: line \(lineNumber): \(TerminalSanitizer.clean(failure))\n")
            }
            if reply.quit { break }
        }
        return status
    }

    /// The conversation on a terminal: onboarding once, Home, then lines until Ctrl-D or /quit.
    func converse(historyPath: String, copy: Copy) -> Int32 {
        if (try? store.stateValue(.hasSeenOnboarding)) != "1" {
            let finished = OnboardingPresenter(style: style, copy: copy).present()
            try? store.setState([.hasSeenOnboarding: "1"])
            if !finished { return 0 }
        }
        Output.out(style.render(shell.home()) + "\n")
        let prompt = style.usesColor ? "\u{1}" + style.start(.primary) + "\u{1}›\u{1}" + style.reset + "\u{1} " : "› "
        let reader = EditLineReader(
            prompt: prompt, historyPath: historyPath, completions: CommandTable.conversationNames)
        var prefill = shell.isFirstLogPending ? copy.firstLogPrefill : nil
        while let line = reader.readLine(prefill: prefill) {
            prefill = nil
            let reply = shell.handle(line)
            guard !reply.lines.isEmpty else { continue }
            reader.write(style.render(reply.lines) + (reply.events.isEmpty && reply.lines.count == 1 ? "" : "\n"))
            if reply.quit { return 0 }
        }
        Output.out(style.render(StyledLine(copy.goodbye, .secondary)) + "\n")
        return 0
    }

    /// Prints a reply as text (pipes: results only, not-logged lines go to stderr) or JSON events.
    private func show(_ reply: ShellReply) {
        if json {
            let events =
                reply.events.isEmpty && !reply.lines.isEmpty && reply.failure == nil
                ? [ShellEvent.command(name: "", output: reply.lines.plainText)] : reply.events
            for line in JSONEvents.lines(for: events, now: clock.now(), zone: zone) { Output.out(line + "\n") }
            return
        }
        let notLogged = reply.events.contains { if case .notLogged = $0 { true } else { false } }
        if notLogged || (reply.failure != nil && reply.events.isEmpty) { return }
        if !reply.lines.isEmpty { Output.out(style.render(reply.lines)) }
    }
}
