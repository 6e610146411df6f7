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
            switch context.references(target) {
            case .failure(let early): return early.reply
            case .success(let numbers):
                var reply = ShellReply()
                for n in numbers {
                    let done = runSaid(SlashCommand(command.type, String(n)))
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
            lines: [StyledLine(text)], events: [.notLogged(input: line, reason: .conversationWord)], failure: text)
    }

}

extension CommandContext {
    /// A how-to or app question's answer from copy (`howTo`), ending where the person can act.
    func howTo(_ topic: String) -> ShellReply {
        let answers = copy[HowToCopy.self].answers
        let text = Copy.fill(
            answers[topic] ?? copy[ConversationCopy.self].openQuestion,
            ["folder": facts.dataDirectory.isEmpty ? "yadg's data folder" : facts.dataDirectory, "version": facts.version])
        return ShellReply(lines: [StyledLine(text, .primary)], events: [.answer(text, [])])
    }

    /// Something that did not happen, a to-do, a hard day, a feeling, a call for help: a kind line
    /// (never praise, never a judgement, nothing asked), then how to keep it anyway. Not logged, so
    /// a pipe says why (`not_a_win`), as it does for a plan.
    mutating func notAWin(_ kind: String, _ line: String) -> ShellReply {
        let variants = copy[NotAWinCopy.self].lines[kind] ?? copy[NotAWinCopy.self].lines["negated"] ?? []
        let text = variants.isEmpty ? "" : variants[Int.random(in: 0..<variants.count, using: &rng)]
        var lines = [StyledLine(text, .primary)]
        if kind != "help" { lines.append(StyledLine(copy[ConversationCopy.self].keepHint, .dim)) }
        return ShellReply(lines: lines, events: [.notLogged(input: line, reason: .notAWin)], failure: text)
    }

    /// The numbers of the moments a target names, found in the store: the moment before the last,
    /// the last two, the later of two alike, the latest holding some words (or, when several do,
    /// a question back with them listed).
    func references(_ target: MomentTarget) -> Result<[Int], EarlyReply> {
        let words = copy[ConversationCopy.self]
        if let reference = target.reference {
            return moment(reference: reference, command: "delete").map { [$0.ref] }
        }
        let recent = ((try? store.moments(happenedFrom: nil, before: nil, limit: 200)) ?? [])
            .filter { $0.archivedAt == nil && $0.ref > 0 }
            .sorted { ($0.submittedAt, $0.ref) > ($1.submittedAt, $1.ref) }
        switch target {
        case .beforeLast:
            guard recent.count >= 2 else { return .failure(EarlyReply(.failed(words.noneBefore))) }
            return .success([recent[1].ref])
        case .lastTwo:
            guard recent.count >= 2 else { return .failure(EarlyReply(.failed(words.noneBefore))) }
            return .success([recent[0].ref, recent[1].ref])
        case .duplicate:
            guard recent.count >= 2, recent[0].text.lowercased() == recent[1].text.lowercased() else {
                return .failure(EarlyReply(.failed(words.notSame)))
            }
            return .success([recent[0].ref])
        case .words(let asked):
            let question = MomentQuestion(.last, words: asked.map(MomentQuestion.stem), text: "")
            let found = recent.filter { question.matches($0.text) }
            let said = asked.joined(separator: " ")
            guard let latest = found.first else {
                return .failure(EarlyReply(.failed(Copy.fill(words.notFound, ["words": said]))))
            }
            guard found.count == 1 else {
                var lines = MomentsByDayView.render(
                    Array(found.prefix(10)), now: clock.now(), zone: zone, copy: copy, extras: extrasShown, width: width,
                    marksUnsynced: syncs)
                let example = "/delete \(latest.ref)"
                lines[0] = StyledLine(Copy.fill(words.whichOne, ["words": said, "command": example]), .title)
                return .failure(EarlyReply(ShellReply(lines: lines, events: [.answer(lines[0].text, found)])))
            }
            return .success([latest.ref])
        case .last, .number:
            return .success([])
        }
    }

    /// `/edit N …` with `old` replaced by `new` in the target's text (whole words, any case), or
    /// a reply saying the words are not there.
    func fixed(old: String, new: String, _ target: MomentTarget) -> Result<SlashCommand, EarlyReply> {
        let reference = target.reference ?? "last"
        switch moment(reference: reference, command: "edit") {
        case .failure(let early): return .failure(early)
        case .success(let moment):
            guard let range = Self.wholeWords(old, in: moment.text) else {
                let text = Copy.fill(
                    copy[ConversationCopy.self].fixNotFound,
                    ["old": old, "text": moment.text, "ref": String(moment.ref)])
                return .failure(EarlyReply(.failed(text)))
            }
            var text = moment.text
            text.replaceSubrange(range, with: new)
            return .success(SlashCommand(EditCommand.self, "\(moment.ref) " + text))
        }
    }

    /// Where `words` stand in `text` as whole words, in any case.
    static func wholeWords(_ words: String, in text: String) -> Range<String.Index>? {
        let wanted = Array(words.lowercased())
        let characters = Array(text)
        guard !wanted.isEmpty, wanted.count <= characters.count else { return nil }
        for start in 0...(characters.count - wanted.count) {
            let end = start + wanted.count
            guard (start..<end).allSatisfy({ Character(characters[$0].lowercased()) == wanted[$0 - start] }) else {
                continue
            }
            let before = start == 0 || !characters[start - 1].isLetter
            let after = end == characters.count || !characters[end].isLetter
            if before && after { return text.index(text.startIndex, offsetBy: start)..<text.index(text.startIndex, offsetBy: end) }
        }
        return nil
    }

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
    public let keepHint, nothingToKeep, notFound, whichOne, noneBefore, notSame, fixNotFound, keptInstead: String
    /// Greetings for someone coming back (never on an empty home).
    public let greetingAgain: [String]

    public init(_ words: CopyWords) throws {
        greetingAgain = try words.list("greetingAgain")
        answers = [
            .greeting: try words.list("greeting"), .thanks: try words.list("thanks"), .ack: try words.list("ack"),
            .howAreYou: try words.list("howAreYou"), .compliment: try words.list("compliment"),
        ]
        firstHint = try words.text("firstHint")
        leaveInPipe = try words.text("leaveInPipe")
        helpInPipe = try words.text("helpInPipe")
        openQuestion = try words.text("openQuestion")
        keepHint = try words.text("keepHint")
        nothingToKeep = try words.text("nothingToKeep")
        notFound = try words.text("notFound")
        whichOne = try words.text("whichOne")
        noneBefore = try words.text("noneBefore")
        notSame = try words.text("notSame")
        fixNotFound = try words.text("fixNotFound")
        keptInstead = try words.text("keptInstead")
    }
}

/// Kind lines for what did not happen (`notAWin` in `Resources/copy.json`), by kind.
public struct NotAWinCopy: CopySection {
    public static let key = "notAWin"
    public let lines: [String: [String]]

    public init(_ words: CopyWords) throws {
        var lines: [String: [String]] = [:]
        for kind in ["negated", "todo", "feeling", "hardday", "help"] { lines[kind] = try words.list(kind) }
        self.lines = lines
    }
}

/// Answers to how-to and app questions (`howTo` in `Resources/copy.json`), by topic; each ends
/// where the person can act.
public struct HowToCopy: CopySection {
    public static let key = "howTo"
    public let answers: [String: String]

    public init(_ words: CopyWords) throws {
        var answers: [String: String] = [:]
        for topic in Self.topics { answers[topic] = try words.text(topic) }
        self.answers = answers
    }

    /// Every topic the talk reader may name (`Resources/talk.json`), and the few the stage names.
    public static let topics = [
        "export", "delete", "edit", "find", "moments", "leave", "tag", "note", "fav", "time", "colors", "sync", "data",
        "privacy", "version", "ai", "about", "offline", "backup", "cost", "log", "help", "reminders", "scores", "judge",
        "shell", "typo", "merge", "untag",
    ]
}
