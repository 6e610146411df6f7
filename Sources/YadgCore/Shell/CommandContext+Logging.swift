#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Logging a moment: the line every non-command input becomes, and what `/log` and `/did` end in.
extension CommandContext {
    /// How many recent offline praise lines are kept to avoid repeats.
    static let recentPraiseCount = 5

    /// Saves a moment from a line such as "took a walk 2 hours ago". The crisis reading comes
    /// first, before the length, the plan and the "no text" checks (<doc:CrisisSafety>);
    /// `reading` is what it made of the line when the caller read it already.
    /// `parsed`: what the time parser made of the whole line, when the caller has it already.
    /// `kept`: a line yadg answered as not a win, kept on the person's word (`keep it`): it is
    /// logged as written, and its card says so instead of praising what did not happen.
    mutating func log(
        _ line: String, reading known: CrisisCheck.Reading? = nil, parsed knownParse: ParsedMoment? = nil,
        kept: Bool = false
    ) -> ShellReply {
        let reading = known ?? resources.crisis.read(line)
        if reading.sensitivity >= .concern { return keepHeavyLine(line, reading.sensitivity) }
        // From here on the whole line is known to be ordinary or a milestone: its text needs no second read.
        let words = copy[LoggingCopy.self]
        // A line of no more bytes than the limit has no more Characters: most are not counted.
        guard line.utf8.count <= Self.maxTextLength || line.count <= Self.maxTextLength else {
            var lines = [StyledLine(Copy.fill(words.tooLong, ["limit": String(Self.maxTextLength)]))]
            if mode == .conversation { lines.append(StyledLine(words.tooLongHistoryHint, .dim)) }
            return notLogged(line, .tooLong, lines)
        }
        let now = clock.now()
        let (parsed, tagged) = read(line, now: now, parsed: knownParse)
        if tagged.text.isEmpty, parsed.timeExpression != nil,
            parsed.kind != .future || parser.parseWhen(line, now: now, timeZone: zone).kind == .past
        {
            // Only a time (`at 7`, `2 hours ago`): what was done is missing, said with the time as typed.
            let expression = Hashtags.read(line, moods: resources.moods).text
            return notLogged(line, .noText, [StyledLine(Copy.fill(words.noText, ["expression": expression]))])
        }
        if parsed.kind == .future && !kept {
            // A plan that holds a word of distress is a concern, never "not a win yet".
            if reading.touchesDistress { return keepHeavyLine(line, .concern) }
            return notLogged(line, .future, [StyledLine(words.future)])
        }
        if tagged.text.isEmpty {
            let word = tagged.mood ?? tagged.tags.first ?? ""
            return notLogged(line, .noText, [StyledLine(Copy.fill(words.onlyTags, ["tag": word]))])
        }
        let future = parsed.kind == .future
        return save(
            text: tagged.text, happenedAt: future ? now : parsed.happenedAt, said: future ? .now : parsed.said,
            input: line, now: now, extras: MomentExtras(mood: tagged.mood, tags: tagged.tags),
            sensitivity: reading.sensitivity,
            cardHint: parsed.movedBack && mode == .conversation ? anotherDayHint(parsed) : nil,
            instead: kept ? copy[ConversationCopy.self].keptInstead : nil)
    }

    /// Under a card whose time was moved back to an earlier day (<doc:TimeSemantics> §6.4): how to
    /// name another, with the day before as the example (`Another day? /when Monday evening`).
    func anotherDayHint(_ parsed: ParsedMoment) -> String {
        let time = TimeWords(copy)
        let day = TimeWords.dayNumber(parsed.happenedAt, zone) - 1
        var example = time.words.weekdays[TimeContext.weekday(ofDay: day)]
        if parsed.said.precision == .clock {
            example += " " + Copy.fill(copy[CardCopy.self].atClock, ["clock": time.clock(parsed.happenedAt, in: zone)])
        } else if let part = parsed.said.words.flatMap(TimeWords.part(of:)) {
            example += " " + (time.words.dayParts[part] ?? part)
        }
        return Copy.fill(copy[CardCopy.self].anotherDay, ["example": example])
    }

    /// Keeps a line the crisis reading found a crisis or a concern as a flagged moment, answered
    /// with the crisis message or the check-in. Nothing about it is refused: a plan (`gonna …
    /// tomorrow`), a line that is only a time or only `#words`, or one over the length limit is kept
    /// as written, at the time it was typed (it never leaves the machine, so the backend's limit
    /// does not apply).
    mutating func keepHeavyLine(_ line: String, _ sensitivity: Moment.Sensitivity) -> ShellReply {
        let now = clock.now()
        let (parsed, tagged) = read(line, now: now)
        guard parsed.kind == .past, !tagged.text.isEmpty, line.count <= Self.maxTextLength else {
            return save(text: line, happenedAt: now, said: .now, input: line, now: now, sensitivity: sensitivity)
        }
        return save(
            text: tagged.text, happenedAt: parsed.happenedAt, said: parsed.said, input: line, now: now,
            extras: MomentExtras(mood: tagged.mood, tags: tagged.tags), sensitivity: sensitivity)
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
    /// request for AI praise as an effect. `sensitivity`: what the crisis reading made of the line
    /// it came from, or nil when nobody read it yet (the text is read here then). A note is always
    /// read, and can only raise it.
    mutating func save(
        text: String, happenedAt: Date, said: SaidTime, input line: String, now: Date,
        extras: MomentExtras = MomentExtras(), sensitivity known: Moment.Sensitivity? = nil, cardHint: String? = nil,
        instead: String? = nil
    ) -> ShellReply {
        if let refused = outOfRange(line, now: now, happenedAt: happenedAt) { return refused }
        let category = resources.classifier.classify(text)
        let recent = recentPraise()
        var sensitivity = known ?? resources.crisis.read(text).sensitivity
        if let note = extras.note, sensitivity < .crisis {
            sensitivity = max(sensitivity, resources.crisis.read(note).sensitivity)
        }
        // A crisis or a concern: the moment is kept, but no cheerful praise, and nothing goes to an
        // AI; a milestone is cheered from its own lines, and kept here too.
        let heavy = sensitivity >= .concern
        let mood = extras.mood.flatMap { resources.moods.mood(named: $0) }
        let picker = PraisePicker(pool: resources.praise)
        // A moment of another day is not praised for "today".
        let anotherDay = happenedAt < now.addingTimeInterval(-60) && isAnotherDay(happenedAt, now)
        let praise =
            switch sensitivity {
            case .crisis, .concern: ""
            case .milestone: picker.pickMilestone(category, avoiding: recent, anotherDay: anotherDay, using: &rng)
            case .ordinary:
                instead ?? picker.pick(category, mood: mood, avoiding: recent, anotherDay: anotherDay, using: &rng)
            }
        var moment = Moment(
            id: makeID(), text: text, submittedAt: now, happenedAt: happenedAt, tz: zone.identifier,
            offlinePraise: praise, action: heavy ? "" : category.rawValue, tags: extras.tags, mood: extras.mood,
            note: extras.note, sensitivity: sensitivity)
        moment.said = said
        // The line just picked first (none for a crisis or a concern), then the others, at most five.
        var newRecent: [String] = heavy || instead != nil ? [] : [praise]
        newRecent.reserveCapacity(Self.recentPraiseCount)
        for line in recent where newRecent.count < Self.recentPraiseCount && (heavy || line != praise) {
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
            state.remember(logged: moment.id)
        } catch {
            let reply = notLogged(line, .saveFailed, [StyledLine(message(for: error))])
            return error is MomentStoreError ? reply.failing(because: .data) : reply
        }
        var lines = MomentCard.render(moment, now: now, zone: zone, copy: copy, extras: extrasShown)
        if heavy {
            lines += careLines(sensitivity)
            return ShellReply(lines: lines, events: [.logged(moment)])
        }
        if let cardHint { lines.append(StyledLine("  " + cardHint, .dim)) }
        if mode == .conversation && !state.hasShownAfterCardHint {
            state.hasShownAfterCardHint = true
            lines.append(StyledLine("  " + copy[CardCopy.self].afterCardHint, .dim))
        }
        // What did not happen is never praised as done, by a model either.
        let askPraise = !moment.staysOnThisMachine && instead == nil
        return ShellReply(lines: lines, events: [.logged(moment)], effects: askPraise ? [.requestPraise(moment)] : [])
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

    /// Whether `date` is on another calendar day than `now`, here.
    func isAnotherDay(_ date: Date, _ now: Date) -> Bool {
        let zone = self.zone
        return TimeWords.dayNumber(date, zone) != TimeWords.dayNumber(now, zone)
    }

    /// A moment moved to another day (`/when`, `/edit … yesterday`) keeps its offline praise unless
    /// that says "today": then another line of its kind is picked, as one logged there would get.
    mutating func praiseFittingItsDay(_ moment: inout Moment, now: Date) {
        guard moment.sensitivity == .ordinary, moment.aiPraise == nil, PraisePicker.saysToday(moment.offlinePraise),
            isAnotherDay(moment.happenedAt, now)
        else { return }
        let category = PraiseCategory(rawValue: moment.action) ?? resources.classifier.classify(moment.text)
        let mood = moment.mood.flatMap { resources.moods.mood(named: $0) }
        moment.offlinePraise = PraisePicker(pool: resources.praise).pick(
            category, mood: mood, avoiding: recentPraise(), anotherDay: true, using: &rng)
    }

    func notLogged(_ input: String, _ reason: NotLoggedReason, _ lines: [StyledLine]) -> ShellReply {
        ShellReply(
            lines: lines, events: [.notLogged(input: input, reason: reason)],
            failure: lines.first.map { ShellReply.Failure($0.text) })
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
    public let tooLong: String
    public let tooLongHistoryHint: String
    public let noText: String
    /// A line of only `#words`: a feeling needs something done to go with.
    public let onlyTags: String
    public let needsText: String
    /// A time further back than a moment can be kept (before the year 0), or a clock out of range.
    public let tooLongAgo, clockOutOfRange: String
    /// A piped line whose bytes are not UTF-8 text.
    public let notText: String

    public init(_ words: CopyWords) throws {
        notText = try words.text("notText")
        waitingForPraise = try words.text("waitingForPraise")
        future = try words.text("future")
        tooLong = try words.text("tooLong")
        tooLongHistoryHint = try words.text("tooLongHistoryHint")
        noText = try words.text("noText")
        onlyTags = try words.text("onlyTags")
        needsText = try words.text("needsText")
        tooLongAgo = try words.text("tooLongAgo")
        clockOutOfRange = try words.text("clockOutOfRange")
    }
}
