#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the conversation does with each reading of a line (``LineMeaning``).
extension Shell {
    /// The stage's inputs at this line: the crisis phrases, moods, the parser at now, and whether
    /// the line before logged a moment.
    var lineContext: LineContext {
        let talk = self.talk
        let (parser, now, zoneWhenNeeded) = (context.parser, context.clock.now(), context.zoneWhenNeeded)
        return LineContext(
            crisis: resources.crisis, moods: resources.moods, talk: talk,
            parse: { parser.parse($0, now: now, timeZone: zoneWhenNeeded.value) },
            afterMoment: context.state.afterMoment, crisisChecked: true)
    }

    /// `reading`: what the crisis reading made of the line (the shell reads it first).
    func respond(to meaning: LineMeaning, _ line: String, reading: CrisisCheck.Reading?) -> ShellReply {
        let words = context.copy[ConversationCopy.self]
        // A line answered as not a win may be kept by the next one (`keep it`), and by no other.
        let unkept = context.state.unkept
        context.state.unkept = nil
        switch meaning {
        case .blank:
            return context.mode == .conversation ? ShellReply(lines: [nextHomePhrase()]) : ShellReply()
        case .crisis:
            return handleHeavy(line, reading?.sensitivity ?? resources.crisis.read(line).sensitivity)
        case .command:
            return runCommandLine(line)
        case .leave:
            guard context.mode == .conversation else { return refused(line, words.leaveInPipe) }
            return runSaid(SlashCommand(QuitCommand.self))
        case .help:
            guard context.mode == .conversation else { return refused(line, words.helpInPipe) }
            return runSaid(SlashCommand(HelpCommand.self))
        case .inWords(let kind, let command):
            context.state.keepsTalkingAboutLast = kind.keepsTalkingAboutLast
            return runSaid(command)
        case .onMoment(let kind, let target, let command):
            context.state.keepsTalkingAboutLast = kind.keepsTalkingAboutLast
            switch context.references(target, for: command) {
            case .failure(let early): return early.reply
            case .success(let numbers):
                var reply = ShellReply()
                // The moment's number first (`#3`, read by every row command), then what the line
                // said to do with it (`/when #3 saturday`).
                let said = command.arguments.text
                for n in numbers {
                    let done = runSaid(SlashCommand(command.type, said.isEmpty ? String(n) : "#\(n) " + said))
                    reply.lines += done.lines
                    reply.events += done.events
                    reply.effects += done.effects
                    reply.failure = reply.failure ?? done.failure
                }
                return reply
            }
        case .fix(let old, let new, let target):
            context.state.keepsTalkingAboutLast = true
            switch context.fixed(old: old, new: new, target) {
            case .failure(let early): return early.reply
            case .success(let command): return runSaid(command)
            }
        case .howTo(let topic):
            context.state.keepsTalkingAboutLast = true
            return context.howTo(topic)
        case .notAWin(let kind):
            context.state.unkept = line
            return context.notAWin(kind, line)
        case .keep:
            guard let unkept else { return ShellReply(lines: [StyledLine(words.nothingToKeep)]) }
            return context.log(unkept, kept: true)
        case .question(let question):
            context.state.keepsTalkingAboutLast = true
            return context.answer(question)
        case .smallTalk(let talk):
            context.state.keepsTalkingAboutLast = true
            return context.answerSmallTalk(talk)
        case .plan(let parsed):
            let reply = context.log(line, reading: reading, parsed: parsed)
            // A to-do (`need to call mom`) is not a win yet, but the person may keep it all the same.
            if reply.events == [.notLogged(input: line, reason: .future)] { context.state.unkept = line }
            return reply
        case .moment(let parsed):
            return context.log(line, reading: reading, parsed: parsed)
        }
    }

    /// Runs the command a line said in words stands for, reported as that command in `--json`.
    private func runSaid(_ command: SlashCommand) -> ShellReply {
        context.state.guidedLog = nil
        var reply = run(command)
        if reply.events.isEmpty && reply.failure == nil {
            reply.events = [.command(name: command.name, output: reply.lines.plainText)]
        }
        return reply
    }

    /// `exit` or `help` in a pipe: not logged, and said why (`--literal` logs it).
    private func refused(_ line: String, _ message: String) -> ShellReply {
        let text = Copy.fill(message, ["line": TerminalSanitizer.clean(line)])
        return ShellReply(
            lines: [StyledLine(text)], events: [.notLogged(input: line, reason: .conversationWord)],
            failure: .init(text))
    }
}
