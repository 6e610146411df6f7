import Foundation

/// The conversation's logic: a line in, a reply out. It never reads stdin or writes stdout.
///
/// A line starting with `/` is a command; any other non-blank line is a moment, which is saved
/// (committed) before the reply that acknowledges it is returned.
public final class Shell {
    /// How the person reaches yadg; it changes a few replies (blank lines, hints).
    public enum Mode: Sendable { case conversation, piped }

    /// Longest moment text accepted, in characters.
    public static let maxTextLength = 1000
    /// How many recent offline praise lines are kept to avoid repeats.
    static let recentPraiseCount = 5

    let store: any MomentHistory
    let clock: any WallClock
    let zone: TimeZone
    public let resources: ShellResources
    let mode: Mode
    let parser = TimeExpressionParser()
    var rng: any RandomNumberGenerator
    /// Makes moment ids. Random in production even when praise choice is seeded: ids from a
    /// seeded generator would repeat across runs and collide with stored moments.
    let makeID: () -> UUID
    /// The step of `/did` in progress, if any.
    var guidedLog: GuidedLog?
    /// Terminal width for views; the executable keeps it current.
    public var width = 80
    /// Deleted moments, newest last, for `/undo`.
    var deleted: [Moment] = []
    /// The oldest day the Journey has shown, for `/journey more`.
    var journeyCursor: String?
    /// The recent praise lines as last saved by this shell (read from the store once).
    private var recentPraiseCache: [String]?
    private var homePhraseIndex: Int
    private var hasShownAfterCardHint = false

    public init(
        store: any MomentHistory, clock: any WallClock, timeZone: TimeZone, resources: ShellResources,
        rng: any RandomNumberGenerator, mode: Mode, makeID: @escaping () -> UUID = { UUID() }
    ) {
        self.makeID = makeID
        self.store = store
        self.clock = clock
        self.zone = timeZone
        self.resources = resources
        self.mode = mode
        self.rng = rng
        homePhraseIndex =
            resources.homePhrases.isEmpty ? 0 : Int.random(in: 0..<resources.homePhrases.count, using: &self.rng)
    }

    var copy: Copy { resources.copy }

    // MARK: Home

    /// True until the first moment is saved (in any mode); then the first-log hint never returns.
    public var isFirstLogPending: Bool {
        (try? store.stateValue(.hasCompletedFirstLog)) != "1"
    }

    /// Home: the title, a breathing phrase, the invitation, and the first-log hint while pending.
    public func home() -> [StyledLine] {
        var lines = [StyledLine(copy.homeTitle, .title), currentHomePhrase(), StyledLine("")]
        lines.append(StyledLine(copy.homeSubtitle))
        lines.append(StyledLine(copy.homeCommandsHint, .dim))
        if isFirstLogPending {
            lines.append(StyledLine(""))
            lines.append(StyledLine(copy.firstLogHint, .secondary))
        }
        return lines
    }

    /// The phrase Home shows now.
    public func currentHomePhrase() -> StyledLine {
        guard !resources.homePhrases.isEmpty else { return StyledLine("") }
        return StyledLine(resources.homePhrases[homePhraseIndex % resources.homePhrases.count], .secondary)
    }

    /// Moves Home to its next phrase (an empty line in the conversation).
    public func nextHomePhrase() -> StyledLine {
        homePhraseIndex += 1
        return currentHomePhrase()
    }

    // MARK: Lines

    /// Handles one line the person typed or piped.
    public func handle(_ line: String) -> ShellReply {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if let step = guidedLog, !trimmed.hasPrefix("/") {
            return continueGuidedLog(trimmed, step: step)
        }
        if trimmed.isEmpty {
            return mode == .conversation ? ShellReply(lines: [nextHomePhrase()]) : ShellReply()
        }
        if trimmed.hasPrefix("/") {
            do {
                let command = try SlashCommand.parse(trimmed)
                if command.name != .cancel { guidedLog = nil }  // another command ends /did
                return run(command)
            } catch {
                return reply(to: error)
            }
        }
        return log(trimmed)
    }

    /// Saves a moment from a line such as "took a walk 2 hours ago".
    public func log(_ line: String) -> ShellReply {
        guard line.count <= Self.maxTextLength else {
            var lines = [StyledLine(Copy.fill(copy.notLoggedTooLong, ["limit": String(Self.maxTextLength)]))]
            if mode == .conversation { lines.append(StyledLine(copy.tooLongHistoryHint, .dim)) }
            return notLogged(line, .tooLong, lines)
        }
        let now = clock.now()
        let parsed = parser.parse(line, now: now, timeZone: zone)
        if parsed.kind == .future {
            return notLogged(line, .future, [StyledLine(copy.notLoggedFuture)])
        }
        if parsed.text.isEmpty {
            let message = Copy.fill(copy.notLoggedNoText, ["expression": parsed.timeExpression ?? ""])
            return notLogged(line, .noText, [StyledLine(message)])
        }
        return save(text: parsed.text, happenedAt: parsed.happenedAt, said: parsed.said, input: line, now: now)
    }

    /// Saves a moment (committed before anything acknowledges it) and returns its card.
    func save(text: String, happenedAt: Date, said: SaidTime, input line: String, now: Date) -> ShellReply {
        let category = resources.classifier.classify(text)
        let recent = recentPraise()
        // Crisis language: the moment is kept, but no cheerful praise, and nothing goes to an AI.
        let crisis = resources.crisis.matches(text)
        let praise = crisis ? "" : PraisePicker(pool: resources.praise).pick(category, avoiding: recent, using: &rng)
        var moment = Moment(
            id: makeID(), text: text, submittedAt: now, happenedAt: happenedAt, tz: zone.identifier,
            offlinePraise: praise, action: category.rawValue, isCrisis: crisis)
        moment.said = said
        let newRecent =
            crisis
            ? recent.prefix(Self.recentPraiseCount)
            : ([praise] + recent.filter { $0 != praise }).prefix(Self.recentPraiseCount)
        do {
            let inserted = try store.insert(
                moment, state: [.hasCompletedFirstLog: "1", .recentPraise: newRecent.joined(separator: "\n")])
            // A fresh id is never taken; if it were, this moment was not stored and must not be acknowledged.
            guard inserted else { return notLogged(line, .saveFailed, [StyledLine(copy.saveFailed)]) }
            // The store gave it the next short reference; read it back for the card.
            moment.ref = try store.moment(id: moment.id)?.ref ?? 0
            recentPraiseCache = Array(newRecent)
        } catch {
            return notLogged(line, .saveFailed, [StyledLine(message(for: error))])
        }
        var lines = MomentCard.render(moment, now: now, zone: zone, copy: copy)
        if crisis {
            lines += crisisLines()
            return ShellReply(lines: lines, events: [.logged(moment)])
        }
        if mode == .conversation && !hasShownAfterCardHint {
            hasShownAfterCardHint = true
            lines.append(StyledLine("  " + copy.afterCardHint, .dim))
        }
        return ShellReply(lines: lines, events: [.logged(moment)], praiseRequests: [moment])
    }

    // MARK: Commands

    /// Runs a parsed command.
    public func run(_ command: SlashCommand) -> ShellReply {
        let lines: [StyledLine]
        switch command.name {
        case .help:
            lines = help()
        case .moments, .today:
            return momentsView(range: command.name == .today ? "today" : command.arguments.lowercased())
        case .find: return find(command.arguments)
        case .fav, .unfav: return setFavorite(command.arguments, command.name == .fav)
        case .delete: return delete(command.arguments)
        case .undo: return undo()
        case .edit: return edit(command.arguments)
        case .journey: return journey(more: command.arguments.lowercased() == "more")
        case .calendar: return calendar(command.arguments)
        case .stats: return stats()
        case .export: return export(command.arguments)
        case .import: lines = [StyledLine(copy.importNeedsFile)]
        case .privacy:
            lines = resources.privacy.split(separator: "\n", omittingEmptySubsequences: false).map {
                StyledLine(String($0))
            }
        case .terms:
            lines = resources.terms.split(separator: "\n", omittingEmptySubsequences: false).map {
                StyledLine(String($0))
            }
        case .quit:
            return ShellReply(lines: [StyledLine(copy.goodbye, .secondary)], quit: true)
        case .log:
            guard command.arguments.isEmpty else { return log(command.arguments) }
            var reply = ShellReply(lines: [StyledLine(copy.logNeedsText)], failure: copy.logNeedsText)
            reply.isUsageError = true
            return reply
        case .parse:
            lines = [StyledLine(copy.parseUsage)]
        case .when:
            return retimeLastMoment(command.arguments)
        case .did:
            return startGuidedLog()
        case .cancel:
            return guidedLog == nil ? ShellReply(lines: [StyledLine(copy.cancelNothing, .dim)]) : cancelGuidedLog()
        }
        return ShellReply(lines: lines, events: [.command(name: command.name.rawValue, output: lines.plainText)])
    }

    func help() -> [StyledLine] {
        var lines = [StyledLine(copy.helpTitle), StyledLine(""), StyledLine(copy.helpCommandsTitle, .title)]
        let names = CommandTable.all.filter(\.inConversation).map(\.name.rawValue)
        let width = (names.map(\.count).max() ?? 0) + 1
        for name in names {
            let padded = "/" + name + String(repeating: " ", count: width - name.count)
            lines.append(StyledLine("  \(padded)  \(copy.commands[name] ?? "")"))
        }
        return lines
    }

    // MARK: Helpers

    /// The kind reply to a `/line` that is not a command that can run.
    public func reply(to error: SlashCommand.ParseError) -> ShellReply {
        let message: String
        switch error {
        case .unknown(let name, let suggestion?):
            message = Copy.fill(copy.unknownCommandWithSuggestion, ["name": name, "suggestion": suggestion])
        case .unknown(let name, nil):
            message = Copy.fill(copy.unknownCommand, ["name": name])
        case .takesNoArguments(let name):
            message = Copy.fill(copy.commandTakesNoArguments, ["name": name])
        }
        return ShellReply(lines: [StyledLine(message)], failure: message)
    }

    func notLogged(_ input: String, _ reason: NotLoggedReason, _ lines: [StyledLine]) -> ShellReply {
        ShellReply(lines: lines, events: [.notLogged(input: input, reason: reason)], failure: lines.first?.text)
    }

    /// What a person can act on when a write failed.
    public func message(for error: any Error) -> String {
        switch error as? MomentStoreError {
        case .newerSchema?: return copy.newerSchema
        case .damaged?: return copy.damagedDatabase
        case nil: return copy.saveFailed
        }
    }

    /// What a person can act on when a read failed: never an empty view.
    func readMessage(for error: any Error) -> String {
        if case .damaged? = error as? MomentStoreError { return copy.damagedDatabase }
        return copy.readFailed
    }

    /// The crisis message, under a card or an edit.
    func crisisLines() -> [StyledLine] {
        copy.crisisMessage.split(separator: "\n").map { StyledLine("  " + $0, .secondary) }
    }

    /// Only to keep lines from repeating, so a value cached for the session is good enough.
    func recentPraise() -> [String] {
        if let recentPraiseCache { return recentPraiseCache }
        let stored = ((try? store.stateValue(.recentPraise)) ?? nil)?.split(separator: "\n").map(String.init) ?? []
        recentPraiseCache = stored
        return stored
    }
}
