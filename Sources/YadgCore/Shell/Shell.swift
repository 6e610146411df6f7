#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The conversation's logic: a line in, a reply out. It never reads stdin or writes stdout.
///
/// A line starting with `/` is a command from ``CommandTable``; any other non-blank line is a
/// moment, which is saved (committed) before the reply that acknowledges it is returned. The
/// shell owns the ``CommandContext``, whose state each command may change.
public final class Shell {
    /// How the person reaches yadg; it changes a few replies (blank lines, hints, where an export
    /// goes, whether `parse` reads stdin).
    public enum Mode: Sendable { case conversation, piped, oneShot }

    /// How a run sets the shell up beyond its dependencies, all given at init: the application
    /// reads them from argv, the environment and the settings before the shell exists.
    public struct Configuration: Sendable {
        /// Terminal width for views (`COLUMNS`, else 80); the conversation keeps ``Shell/width`` current.
        public var width = 80
        /// Pipes only: every line is a moment as written (``Shell/literal``).
        public var literal = false
        /// A backend is configured (``Shell/syncs``).
        public var syncs = false
        /// What the application gathered about this installation (``Shell/facts``).
        public var facts = AppFacts()

        public init(width: Int = 80, literal: Bool = false, syncs: Bool = false, facts: AppFacts = AppFacts()) {
            self.width = width
            self.literal = literal
            self.syncs = syncs
            self.facts = facts
        }
    }

    public internal(set) var context: CommandContext

    /// `timeZone` is asked for the first time a command needs it: Home and the prompt do not,
    /// and making a named zone (from the time zone database) was a sixth of a start's own work.
    public init(
        store: any MomentHistory, clock: any WallClock, timeZone: @autoclosure @escaping @Sendable () -> Zone,
        resources: ShellResources, rng: any RandomNumberGenerator, mode: Mode,
        configuration: Configuration = Configuration(), makeID: @escaping () -> UUID = { UUID.random() }
    ) {
        literal = configuration.literal && mode == .piped
        context = CommandContext(
            store: store, clock: clock, zoneWhenNeeded: Lazy(timeZone), resources: resources, mode: mode, rng: rng,
            makeID: makeID)
        context.startedAt = clock.now()
        context.width = configuration.width
        context.syncs = configuration.syncs
        context.facts = configuration.facts
        if !resources.homePhrases.isEmpty {
            context.state.homePhraseIndex = Int.random(in: 0..<resources.homePhrases.count, using: &context.rng)
        }
    }

    public var resources: ShellResources { context.resources }

    /// What the conversation listens for besides wins, kept once read: every line's reading
    /// looks at it, and the resources' lock need not be taken for each.
    lazy var talk: TalkWords = resources.talk
    private var copy: Copy { context.copy }

    /// Whether a backend is configured (lists then mark moments not yet synced).
    public var syncs: Bool { context.syncs }

    /// Terminal width for views; the conversation keeps it current as the terminal is resized.
    public var width: Int {
        get { context.width }
        set { context.width = newValue }
    }

    // MARK: Home

    /// True until the first moment is saved (in any mode); then the first-log hint never returns.
    public var isFirstLogPending: Bool {
        (try? context.store.stateValue(.hasCompletedFirstLog)) != "1"
    }

    /// Home: the title, a breathing phrase (with, once a day, a moment from this day in an earlier
    /// year under it), the invitation, and the first-log hint while pending.
    public func home() -> [StyledLine] {
        let words = copy[HomeCopy.self]
        var lines = [StyledLine(words.title, .title), currentHomePhrase()]
        if let memory = onThisDayAtHome() { lines.append(StyledLine(memory, .dim)) }
        lines.append(StyledLine(""))
        lines.append(StyledLine(words.subtitle))
        lines.append(StyledLine(words.commandsHint, .dim))
        if isFirstLogPending {
            lines.append(StyledLine(""))
            lines.append(StyledLine(words.firstLogHint, .secondary))
        }
        return lines
    }

    /// A moment from this day a year or more ago, at most once a day, in the conversation only,
    /// unless `/settings onthisday off`. Marked as shown for today when there is one.
    func onThisDayAtHome() -> String? {
        guard context.mode == .conversation, context.facts.onThisDayAtHome else { return nil }
        // Most histories hold nothing from a year back: one indexed look, without the time zone
        // (which a start does not otherwise need), says so.
        let roughlyToday = Int(context.clock.now().timeIntervalSince1970 / 86_400)
        guard let old = try? context.store.days(before: LocalDay(number: roughlyToday - 364), limit: 1), !old.isEmpty
        else { return nil }
        let today = context.today
        guard (try? context.store.stateValue(.onThisDayShownOn)) != today.text,
            let groups = try? OnThisDayCommand.groups(today: today, in: context),
            let line = OnThisDay.homeLine(groups, copy: copy)
        else { return nil }
        // Lost only when the store refuses writes: the memory may then come back at another start
        // today, which is all "once a day" guards against.
        try? context.store.setState([.onThisDayShownOn: today.text])
        return line
    }

    /// Ctrl-C, or Ctrl-D, in the middle of a step-by-step question (`/did`, Delete my data's
    /// word, the AI choice): the question lets go, and what was kept is said. Nil when none waits.
    public func letQuestionGo() -> String? {
        if context.state.guidedLog != nil {
            context.state.guidedLog = nil
            return copy[DidCopy.self].cancelled
        }
        guard context.state.awaiting != nil else { return nil }
        context.state.awaiting = nil
        return copy[HomeCopy.self].questionDropped
    }

    /// The phrase Home shows now.
    public func currentHomePhrase() -> StyledLine {
        let phrases = resources.homePhrases
        guard !phrases.isEmpty else { return StyledLine("") }
        return StyledLine(phrases[context.state.homePhraseIndex % phrases.count], .secondary)
    }

    /// Moves Home to its next phrase (an empty line in the conversation).
    public func nextHomePhrase() -> StyledLine {
        context.state.homePhraseIndex += 1
        return currentHomePhrase()
    }

    // MARK: Lines

    /// Pipes only: every line is a moment as written (`--literal`), never a command (even one
    /// starting with `/`), a question or small talk. Crisis language is still read first, and a
    /// plan is still not a win.
    public let literal: Bool

    /// Handles one line the person typed or piped. Crisis language is read before anything else
    /// (<doc:CrisisSafety>): such a line is never read as a plan, a command's mistake or a typo.
    /// Then an unfinished `/did` or a waiting question takes the line; otherwise ``LineMeaning``
    /// says what it is (<doc:Conversation>).
    public func handle(_ line: String) -> ShellReply {
        let wasAfterMoment = context.state.afterMoment
        context.state.keepsTalkingAboutLast = false
        let reply = read(line)
        // A moment just logged is what `I felt proud` on the next line is about, and stays so across
        // lines that keep talking about it: a correction that worked (`star it`), a question, small talk.
        context.state.afterMoment =
            reply.events.contains(where: \.isLogged)
            || (wasAfterMoment && context.state.keepsTalkingAboutLast && reply.failure == nil)
        return reply
    }

    private func read(_ line: String) -> ShellReply {
        if PipedLine.isNotText(line) {
            return context.notLogged(String(line.dropFirst()), .notText, [StyledLine(copy[LoggingCopy.self].notText)])
        }
        let trimmed = line.trimmedWhitespace
        let reading = trimmed.isEmpty ? nil : resources.crisis.read(trimmed)
        if let reading, reading.sensitivity >= .concern { return handleHeavy(trimmed, reading.sensitivity) }
        // A question asked by a command typed in the middle of `/did` (`/settings ai`) is answered
        // first; `/did` then goes on.
        if let question = context.state.awaiting {
            // A command instead of an answer lets the question go; so does a line that is not one
            // of the AI choices (it is then read as any line).
            context.state.awaiting = nil
            if !trimmed.hasPrefix("/") {
                switch question {
                case .deleteConfirmation: return DeleteMyDataCommand.answer(trimmed, in: &context)
                case .aiChoice(let choices):
                    if let answered = AIChoiceAnswer.answer(trimmed, choices: choices, in: &context) { return answered }
                }
            }
        }
        if let step = context.state.guidedLog, !trimmed.hasPrefix("/") {
            return DidCommand.answer(trimmed, at: step, in: &context)
        }
        if literal && !trimmed.isEmpty {
            return context.log(trimmed, reading: reading)
        }
        return respond(to: LineMeaning.read(trimmed, in: lineContext), trimmed, reading: reading)
    }

    /// A `/command` line: parsed, then run once. In the middle of `/did`, a command runs and the
    /// moment being built waits, its question asked again (`/moments` to look something up); a
    /// command that asks a question of its own lets it go, and says so.
    func runCommandLine(_ line: String) -> ShellReply {
        do {
            let command = try SlashCommand.parse(line)
            guard context.state.guidedLog != nil, !(command.type is CancelCommand.Type) else { return run(command) }
            if command.type is DidCommand.Type || command.type is QuitCommand.Type { context.state.guidedLog = nil }
            var reply = run(command)
            guard let step = context.state.guidedLog, !reply.quit else { return reply }
            if context.state.awaiting != nil {
                context.state.guidedLog = nil
                reply.lines.append(StyledLine(copy[DidCopy.self].cancelled, .dim))
            } else {
                reply.lines += DidCommand.stillWaiting(step, in: context)
            }
            return reply
        } catch {
            return reply(to: error)
        }
    }

    /// `yadg <words>`: the crisis reading comes first, as in a typed line, so words that are not a
    /// command get the crisis reply or the check-in, never a usage message. Nil when the words are
    /// neither a crisis nor a concern.
    public func crisisReply(toArguments words: [String]) -> ShellReply? {
        let line = words.joinedText(separator: " ")
        let sensitivity = resources.crisis.read(line).sensitivity
        guard sensitivity >= .concern else { return nil }
        return handleHeavy("/" + line, sensitivity)
    }

    /// A line the crisis reading found a crisis or a concern: the crisis reply or the check-in,
    /// and its words kept where they belong — an answer of `/did`, the text or note a command
    /// writes — or else as a moment of their own (``CommandSpec/crisisWords``). A question that
    /// was waiting lets go.
    func handleHeavy(_ line: String, _ sensitivity: Moment.Sensitivity) -> ShellReply {
        context.state.awaiting = nil
        guard line.hasPrefix("/") else {
            if let step = context.state.guidedLog { return DidCommand.answer(line, at: step, in: &context) }
            return context.keepHeavyLine(line, sensitivity)
        }
        context.state.guidedLog = nil
        guard let command = try? SlashCommand.parse(line) else {
            return context.keepHeavyLine(String(line.dropFirst()).trimmedWhitespace, sensitivity)
        }
        switch command.type.spec.crisisWords {
        case .runsAsTyped:
            return run(command)
        case .keptByCommand:
            let reply = run(command)
            if reply.failure == nil { return reply }
            // No moment to write them to (`/edit 99 …`): the words without the number.
            return context.keepHeavyLine(CommandContext.leadingReference(command.arguments.text).rest, sensitivity)
        case .keptAsMoment:
            let words = command.arguments.text
            return context.keepHeavyLine(words.isEmpty ? String(line.dropFirst()) : words, sensitivity)
        }
    }

    /// Runs a parsed command once.
    public func run(_ command: SlashCommand) -> ShellReply {
        command.command.run(in: &context)
    }

    /// What the application gathered about this installation, for Settings and the paywall.
    public var facts: AppFacts { context.facts }

    /// `/settings ai` chose again: Settings and open questions follow the AI now in force.
    public func aiChanged(to ai: AppFacts.AIFacts, answersQuestions: Bool) {
        context.facts.ai = ai
        context.facts.modelAnswers = answersQuestions
    }

    /// The paywall, once the entitlement was read (``Effect/checkEntitlement(_:)``).
    public func entitlementRead(_ lookup: EntitlementLookup, for check: EntitlementCheck) -> ShellReply {
        switch check {
        case .paywall: PremiumCommand.render(lookup, in: context)
        case .restore: RestoreCommand.render(lookup, in: context)
        case .manage: ManageCommand.render(lookup, in: context)
        }
    }

    /// `/settings ai`, once the machine was searched for model servers.
    public func offerAIChoices(found: [LocalModelServer], pick: String?) -> ShellReply {
        AIChoiceAnswer.offer(found: found, pick: pick, in: &context)
    }

    /// `/photo`, once the application copied the photo (or could not): `stored` is its path in
    /// the data folder (`photos/….jpg`).
    public func photoKept(_ stored: Result<String, PhotoError>, for momentID: UUID) -> ShellReply {
        PhotoCommand.kept(stored, for: momentID, in: &context)
    }

    /// Renders a look-back view again (when its summaries have arrived). It moves nothing.
    public func lookBack(_ view: LookBack) -> ShellReply {
        switch view {
        case .journey(let page): JourneyCommand.render(page, in: context)
        case .journeyWeeks(let page): JourneyCommand.renderWeeks(page, in: context)
        case .week(let monday): WeekCommand.render(monday: monday, in: context)
        }
    }

    /// The kind reply to a `/line` that is not a command that can run.
    public func reply(to error: SlashCommand.ParseError) -> ShellReply { context.reply(to: error) }

    /// What a person can act on when a write failed.
    public func message(for error: any Error) -> String { context.message(for: error) }
}

/// Home: the title, the invitation, the first-log hint, and goodbye.
public struct HomeCopy: CopySection {
    public static let key = "home"
    public let title: String
    public let subtitle: String
    public let commandsHint: String
    public let firstLogHint: String
    public let firstLogPrefill: String
    public let goodbye: String
    /// A question let go with Ctrl-C or Ctrl-D (Delete my data's word, the AI choice).
    public let questionDropped: String

    public init(_ words: CopyWords) throws {
        questionDropped = try words.text("questionDropped")
        title = try words.text("title")
        subtitle = try words.text("subtitle")
        commandsHint = try words.text("commandsHint")
        firstLogHint = try words.text("firstLogHint")
        firstLogPrefill = try words.text("firstLogPrefill")
        goodbye = try words.text("goodbye")
    }
}
