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
        let (parser, now, zoneWhenNeeded) = (context.parser, context.clock.now(), context.zoneWhenNeeded)
        return LineContext(
            crisis: resources.crisis, moods: resources.moods,
            parse: { parser.parse($0, now: now, timeZone: zoneWhenNeeded.value) },
            afterMoment: context.state.afterMoment, crisisChecked: true)
    }

    /// `reading`: what the crisis reading made of the line (the shell reads it first).
    func respond(to meaning: LineMeaning, _ line: String, reading: CrisisCheck.Reading?) -> ShellReply {
        let words = context.copy[ConversationCopy.self]
        switch meaning {
        case .blank:
            return context.mode == .conversation ? ShellReply(lines: [nextHomePhrase()]) : ShellReply()
        case .crisis:
            return handleHeavy(line, reading?.sensitivity ?? resources.crisis.read(line).sensitivity)
        case .command:
            return runCommandLine(line)
        case .leave:
            guard context.mode == .conversation else { return refused(line, words.leaveInPipe) }
            return runSaid("/quit")
        case .help:
            guard context.mode == .conversation else { return refused(line, words.helpInPipe) }
            return runSaid("/help")
        case .inWords(let kind, let command):
            context.state.keepsTalkingAboutLast = ["when", "favorite", "tag", "note", "mood", "show"].contains(kind)
            return runSaid(command)
        case .favorites:
            context.state.keepsTalkingAboutLast = true
            return context.favoritesAnswer()
        case .question(let question):
            context.state.keepsTalkingAboutLast = true
            return context.answer(question)
        case .smallTalk(let talk):
            context.state.keepsTalkingAboutLast = true
            return context.answerSmallTalk(talk)
        case .plan(let parsed), .moment(let parsed):
            return context.log(line, reading: reading, parsed: parsed)
        }
    }

    /// Runs the command a line said in words stands for, reported as that command in `--json`.
    private func runSaid(_ line: String) -> ShellReply {
        guard let command = try? SlashCommand.parse(line) else {
            return reply(to: .unknown(name: line, suggestion: nil))
        }
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
            lines: [StyledLine(text)], events: [.notLogged(input: line, reason: .conversationWord)], failure: text)
    }

}

extension CommandContext {
    /// A short warm answer, never the same one twice in a row; the first also says what to type.
    /// "Nice to have you back" is only for someone who has been here before (moments saved before
    /// this conversation began).
    mutating func answerSmallTalk(_ talk: SmallTalk) -> ShellReply {
        let words = copy[ConversationCopy.self]
        var variants = words.answers[talk] ?? []
        if talk == .greeting, let last = (try? store.lastSubmittedMoment()) ?? nil, last.submittedAt < startedAt {
            variants += words.greetingAgain
        }
        guard !variants.isEmpty else { return ShellReply() }
        var index = Int.random(in: 0..<variants.count, using: &rng)
        if variants.count > 1, index == state.lastSmallTalk[talk] { index = (index + 1) % variants.count }
        state.lastSmallTalk[talk] = index
        var lines = [StyledLine(variants[index], .primary)]
        if !state.hasAnsweredSmallTalk {
            state.hasAnsweredSmallTalk = true
            lines.append(StyledLine(words.firstHint, .dim))
        }
        return ShellReply(lines: lines, events: [.smallTalk(lines.plainText)])
    }
}

/// The conversation's own words: small talk, and words for the conversation said in a pipe.
public struct ConversationCopy: CopySection {
    public static let key = "conversation"
    public let answers: [SmallTalk: [String]]
    public let firstHint, leaveInPipe, helpInPipe, openQuestion: String
    /// Greetings for someone coming back (never on an empty home).
    public let greetingAgain: [String]

    public init(_ words: CopyWords) throws {
        greetingAgain = try words.list("greetingAgain")
        answers = [
            .greeting: try words.list("greeting"), .thanks: try words.list("thanks"), .ack: try words.list("ack"),
            .howAreYou: try words.list("howAreYou"),
        ]
        firstHint = try words.text("firstHint")
        leaveInPipe = try words.text("leaveInPipe")
        helpInPipe = try words.text("helpInPipe")
        openQuestion = try words.text("openQuestion")
    }
}
