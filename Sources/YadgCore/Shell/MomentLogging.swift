#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Logging a moment: the line every non-command input becomes, and what `/log` and `/did` end in.
extension CommandContext {
    /// How many recent offline praise lines are kept to avoid repeats.
    static let recentPraiseCount = 5

    /// Saves a moment from a line such as "took a walk 2 hours ago". Crisis language is read
    /// first, before the length, the plan and the "no text" checks (<doc:CrisisSafety>);
    /// `crisisChecked` says the caller already knows the line holds none.
    /// `parsed`: what the time parser made of the whole line, when the caller has it already.
    mutating func log(_ line: String, crisisChecked: Bool = false, parsed known: ParsedMoment? = nil) -> ShellReply {
        if !crisisChecked && resources.crisis.matches(line) { return keepCrisisLine(line) }
        // From here on the whole line is known to hold no crisis language, so its text needs no second read.
        let words = copy[LoggingCopy.self]
        // A line of no more bytes than the limit has no more Characters: most are not counted.
        guard line.utf8.count <= Self.maxTextLength || line.count <= Self.maxTextLength else {
            var lines = [StyledLine(Copy.fill(words.tooLong, ["limit": String(Self.maxTextLength)]))]
            if mode == .conversation { lines.append(StyledLine(words.tooLongHistoryHint, .dim)) }
            return notLogged(line, .tooLong, lines)
        }
        let now = clock.now()
        let (parsed, tagged) = read(line, now: now, parsed: known)
        if parsed.kind == .future {
            // A plan that speaks of harm is never encouraged, in case the crisis phrases missed it.
            let answer = resources.crisis.mentionsHarm(line) ? words.futureQuiet : words.future
            return notLogged(line, .future, [StyledLine(answer)])
        }
        if tagged.text.isEmpty {
            if parsed.timeExpression == nil, let word = tagged.mood ?? tagged.tags.first {
                return notLogged(line, .noText, [StyledLine(Copy.fill(words.onlyTags, ["tag": word]))])
            }
            let message = Copy.fill(words.noText, ["expression": parsed.timeExpression ?? ""])
            return notLogged(line, .noText, [StyledLine(message)])
        }
        return save(
            text: tagged.text, happenedAt: parsed.happenedAt, said: parsed.said, input: line, now: now,
            extras: MomentExtras(mood: tagged.mood, tags: tagged.tags), crisis: false)
    }

    /// Keeps a line that holds crisis language as a flagged moment and answers with the crisis
    /// message. Nothing about it is refused: a plan (`gonna … tomorrow`), a line that is only a time
    /// or only `#words`, or one over the length limit is kept as written, at the time it was typed
    /// (it never leaves the machine, so the backend's limit does not apply).
    mutating func keepCrisisLine(_ line: String) -> ShellReply {
        let now = clock.now()
        let (parsed, tagged) = read(line, now: now)
        guard parsed.kind == .past, !tagged.text.isEmpty, line.count <= Self.maxTextLength else {
            return save(text: line, happenedAt: now, said: .now, input: line, now: now, crisis: true)
        }
        return save(
            text: tagged.text, happenedAt: parsed.happenedAt, said: parsed.said, input: line, now: now,
            extras: MomentExtras(mood: tagged.mood, tags: tagged.tags), crisis: true)
    }

    /// A typed line read for its time and its `#` words (``Hashtags``): the words are read before
    /// the time expression is taken out and again after, so either may come last.
    func read(_ line: String, now: Date, parsed known: ParsedMoment? = nil) -> (ParsedMoment, Hashtags.Reading) {
        let parsed: ParsedMoment
        // Most lines have no `#`: the moods are then never read.
        guard line.utf8.contains(UInt8(ascii: "#")) else {
            parsed = known ?? parser.parse(line, now: now, timeZone: zone)
            return (parsed, Hashtags.Reading(text: parsed.text))
        }
        let before = Hashtags.read(line, moods: resources.moods)
        parsed = parser.parse(before.text, now: now, timeZone: zone)
        let after = Hashtags.read(parsed.text, moods: resources.moods)
        var reading = before.adding(after)
        reading.text = after.text
        return (parsed, reading)
    }

    /// Saves a moment (committed before anything acknowledges it) and returns its card, with the
    /// request for AI praise as an effect. `crisis`: whether the line it came from held crisis
    /// language, or nil when nobody read it yet (the text is read here then). A note is always read.
    mutating func save(
        text: String, happenedAt: Date, said: SaidTime, input line: String, now: Date,
        extras: MomentExtras = MomentExtras(), crisis lineHeldCrisis: Bool? = nil
    ) -> ShellReply {
        if let refused = outOfRange(line, now: now, happenedAt: happenedAt) { return refused }
        let category = resources.classifier.classify(text)
        let recent = recentPraise()
        // Crisis language: the moment is kept, but no cheerful praise, and nothing goes to an AI.
        let crisis =
            lineHeldCrisis ?? resources.crisis.matches(text) || extras.note.map(resources.crisis.matches) == true
        let mood = extras.mood.flatMap { resources.moods.mood(named: $0) }
        let praise =
            crisis ? "" : PraisePicker(pool: resources.praise).pick(category, mood: mood, avoiding: recent, using: &rng)
        var moment = Moment(
            id: makeID(), text: text, submittedAt: now, happenedAt: happenedAt, tz: zone.identifier,
            offlinePraise: praise, action: crisis ? "" : category.rawValue, tags: extras.tags, mood: extras.mood,
            note: extras.note,
            isCrisis: crisis)
        moment.said = said
        // The line just picked first (none for crisis language), then the others, at most five.
        var newRecent: [String] = crisis ? [] : [praise]
        newRecent.reserveCapacity(Self.recentPraiseCount)
        for line in recent where newRecent.count < Self.recentPraiseCount && (crisis || line != praise) {
            newRecent.append(line)
        }
        do {
            // The store gives it the next short reference, shown on the card.
            let ref = try store.insertNumbered(
                moment, state: [.hasCompletedFirstLog: "1", .recentPraise: newRecent.joinedText(separator: "\n")])
            // A fresh id is never taken; if it were, this moment was not stored and must not be acknowledged.
            guard let ref else { return notLogged(line, .saveFailed, [StyledLine(copy[StorageCopy.self].saveFailed)]) }
            moment.ref = ref
            state.recentPraise = newRecent
            state.loggedThisRun = true
        } catch {
            let reply = notLogged(line, .saveFailed, [StyledLine(message(for: error))])
            return error is MomentStoreError ? reply.failing(because: .data) : reply
        }
        var lines = MomentCard.render(moment, now: now, zone: zone, copy: copy, extras: extrasShown)
        if crisis {
            lines += crisisLines()
            return ShellReply(lines: lines, events: [.logged(moment)])
        }
        if mode == .conversation && !state.hasShownAfterCardHint {
            state.hasShownAfterCardHint = true
            lines.append(StyledLine("  " + copy[CardCopy.self].afterCardHint, .dim))
        }
        return ShellReply(lines: lines, events: [.logged(moment)], effects: [.requestPraise(moment)])
    }

    /// A moment that could never be read back is refused before it is saved: a clock past the year
    /// 9999 (a wrong system clock, a mistyped YADG_NOW), named as such, or a time said before the
    /// year 0 ("9000 years ago").
    func outOfRange(_ line: String, now: Date, happenedAt: Date) -> ShellReply? {
        let words = copy[LoggingCopy.self]
        if !CivilTime.isStorable(now) {
            let when = String(CivilTime.iso8601(now, in: zone).prefix { $0 != "T" })
            return notLogged(line, .outOfRange, [StyledLine(Copy.fill(words.clockOutOfRange, ["date": when]))])
        }
        guard CivilTime.isStorable(happenedAt) else {
            return notLogged(line, .outOfRange, [StyledLine(words.tooLongAgo)])
        }
        return nil
    }

    func notLogged(_ input: String, _ reason: NotLoggedReason, _ lines: [StyledLine]) -> ShellReply {
        ShellReply(lines: lines, events: [.notLogged(input: input, reason: reason)], failure: lines.first?.text)
    }

    /// Only to keep lines from repeating, so a value cached for the session is good enough.
    mutating func recentPraise() -> [String] {
        if let cached = state.recentPraise { return cached }
        let stored = ((try? store.stateValue(.recentPraise)) ?? nil)?.split(separator: "\n").map(String.init) ?? []
        state.recentPraise = stored
        return stored
    }
}

/// Why a line was not logged.
public struct LoggingCopy: CopySection {
    public static let key = "logging"
    /// The end of a pipe on a terminal's stderr, while AI lines are still on their way.
    public let waitingForPraise: String
    public let future: String
    /// A plan that mentions harm: not saved, and no "log it once it's done".
    public let futureQuiet: String
    public let tooLong: String
    public let tooLongHistoryHint: String
    public let noText: String
    /// A line of only `#words`: a feeling needs something done to go with.
    public let onlyTags: String
    public let needsText: String
    /// A time further back than a moment can be kept (before the year 0), or a clock out of range.
    public let tooLongAgo, clockOutOfRange: String

    public init(_ words: CopyWords) throws {
        waitingForPraise = try words.text("waitingForPraise")
        future = try words.text("future")
        futureQuiet = try words.text("futureQuiet")
        tooLong = try words.text("tooLong")
        tooLongHistoryHint = try words.text("tooLongHistoryHint")
        noText = try words.text("noText")
        onlyTags = try words.text("onlyTags")
        needsText = try words.text("needsText")
        tooLongAgo = try words.text("tooLongAgo")
        clockOutOfRange = try words.text("clockOutOfRange")
    }
}
