#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Questions about one's own moments, answered here from the store: a short sentence, then the
/// moments it is about in the list's usual form. Never a count of what was not done, never a
/// ranking of the person; a question it cannot answer says so kindly and points to `/find`.
extension CommandContext {
    /// How many moments an answer lists at most.
    static let answerListLimit = 50

    func answer(_ question: MomentQuestion) -> ShellReply {
        let words = copy[AnswerCopy.self]
        let now = clock.now()
        let asked = question.asked
        return reading {
            switch question.kind {
            case .open:
                guard facts.modelAnswers else { return answered(copy[ConversationCopy.self].openQuestion, []) }
                return try openAnswer(question, words: words)
            case .last, .first:
                let found = try matching(question, from: nil, before: nil, limit: 500)
                let first = question.kind == .first
                guard let moment = first ? found.last : found.first else {
                    if first && question.words.isEmpty { return answered(words.firstNone, []) }
                    return answered(Copy.fill(words.lastNone, ["words": asked]), [])
                }
                // The time as it is true now (a `yday` said last week is not "yday" any more).
                let when =
                    TimeWords(copy).label(for: moment, now: now, in: zone)
                    ?? whenWords(moment.happenedAt, moment.said, now)
                let sentence = first ? (question.words.isEmpty ? words.firstEver : words.first) : words.last
                return answered(Copy.fill(sentence, ["when": when]), [moment])
            case .count, .did, .what:
                // With no period said, `what` is about today, and a count or `did I …` about every
                // moment (`did I already log the dishes`, `how many walks did I take?`); so is `what`
                // when it names only words (`what did I log on my birthday`).
                let ever = question.window == nil && (question.kind != .what || !question.words.isEmpty)
                let window = question.window ?? DateInterval(start: startOfDay(today), end: now)
                let period = question.period ?? (ever ? words.ever : words.today)
                // A period that has not ended yet ends now, and a moment logged this second is in it.
                let end = min(window.end, now).addingTimeInterval(1)
                let found = try matching(question, from: ever ? nil : window.start, before: ever ? nil : end, limit: 5000)
                var values = ["count": String(found.count), "period": period, "words": asked]
                guard !found.isEmpty else {
                    let none =
                        question.words.isEmpty || question.kind == .what
                        ? words.whatNone : (ever ? words.notFoundEver : words.notFound)
                    return answered(Copy.fill(none, dictionary: values), [])
                }
                let sentence: String
                switch question.kind {
                case .what: sentence = ever ? words.whatWords : words.what
                case .did where ever:
                    let last = found[0]
                    values["when"] =
                        TimeWords(copy).label(for: last, now: now, in: zone)
                        ?? whenWords(last.happenedAt, last.said, now)
                    sentence = words.didEver
                case .did: sentence = words.did
                default:
                    sentence =
                        question.words.isEmpty
                        ? (found.count == 1 ? words.countAllOne : words.countAll)
                        : (found.count == 1 ? words.countOne : words.count)
                }
                return answered(Copy.fill(sentence, dictionary: values), found)
            case .best:
                return try bestDay(in: question.window, words: words)
            }
        }
    }

    /// The moments a question is about, newest first: by the store's search for its words, or, when
    /// a word has others that count as it (`run`: `ran`, `jog`), by reading the period's moments.
    private func matching(_ question: MomentQuestion, from start: Date?, before end: Date?, limit: Int) throws
        -> [Moment]
    {
        let candidates =
            question.hasAlternatives || (start == nil && question.words.isEmpty)
            ? try store.moments(happenedFrom: start, before: end, limit: limit)
            : start == nil
                ? try store.moments(containing: question.words, tagged: [], limit: limit)
                : try store.moments(happenedFrom: start, before: end, limit: limit)
        return candidates.filter { question.matches($0.text) }
    }

    /// `what was my best day?`: the day with most moments (the latest of equals), in the period
    /// asked about or ever.
    private func bestDay(in window: DateInterval?, words: AnswerCopy) throws -> ShellReply {
        let from = window.map { LocalDay(number: TimeWords.dayNumber($0.start, zone)) }
        let until = window.map { LocalDay(number: TimeWords.dayNumber($0.end.addingTimeInterval(-1), zone)) }
        let counts = try store.totals(recentFrom: from).perDay.compactMap { text, count -> (LocalDay, Int)? in
            guard let day = LocalDay(text), until.map({ day <= $0 }) ?? true else { return nil }
            return (day, count)
        }
        guard let best = counts.max(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else {
            return answered(words.bestNone, [])
        }
        let moments = try store.moments(onDays: [best.0])
        let day = TimeWords(copy).monthDayYear(best.0)
        let sentence = Copy.fill(best.1 == 1 ? words.bestOne : words.best, ["day": day, "count": String(best.1)])
        return answered(sentence, moments)
    }

    /// An open question with an AI provider set up: the moments of the period it names (the past
    /// week if none) shown at once, and the model asked to answer from them, as praise follows a card.
    private func openAnswer(_ question: MomentQuestion, words: AnswerCopy) throws -> ShellReply {
        let now = clock.now()
        let window = question.window ?? DateInterval(start: now.addingTimeInterval(-7 * 86_400), end: now)
        let period = question.period ?? words.pastWeek
        let found = try store.moments(
            happenedFrom: window.start, before: min(window.end, now).addingTimeInterval(1), limit: 500)
        guard !found.isEmpty else { return answered(Copy.fill(words.whatNone, ["period": period]), []) }
        var reply = answered(Copy.fill(words.what, ["period": period]), found)
        if let request = QuestionRequest(question: question.text, period: period, moments: found) {
            reply.effects = [.answerWithModel(request)]
        }
        return reply
    }

    /// `show my favourites`.
    func favoritesAnswer() -> ShellReply {
        let words = copy[AnswerCopy.self]
        return reading {
            let favorites = try store.allMoments().filter(\.isFavorite)
            return answered(favorites.isEmpty ? words.favoritesNone : words.favorites, favorites)
        }
    }

    /// The sentence, then the moments as `/moments` lists them (at most ``answerListLimit``).
    private func answered(_ sentence: String, _ moments: [Moment]) -> ShellReply {
        let shown = Array(moments.prefix(Self.answerListLimit))
        guard !shown.isEmpty else {
            return ShellReply(lines: [StyledLine(sentence)], events: [.answer(sentence, [])])
        }
        var lines = MomentsByDayView.render(
            shown, now: clock.now(), zone: zone, copy: copy, extras: extrasShown, width: width, marksUnsynced: syncs)
        lines[0] = StyledLine(sentence, .title)
        return ShellReply(lines: lines, events: [.answer(sentence, shown)])
    }
}

/// The conversation's other answers: how-to questions, what did not happen, small talk, and the
/// moments a correction names.
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
        return ShellReply(lines: lines, events: [.notLogged(input: line, reason: .notAWin)], failure: .init(text))
    }

    /// The numbers of the moments a target names, found in the store: the moment before the last,
    /// the last two, the later of two alike, the latest holding some words (or, when several do,
    /// a question back with them listed).
    /// `command`: what the line asked to do, so a question back ("which one?") shows it with a number.
    func references(_ target: MomentTarget, for command: SlashCommand) -> Result<[Int], EarlyReplyError> {
        let words = copy[ConversationCopy.self]
        if let reference = target.reference {
            return moment(reference: reference, command: "delete").map { [$0.ref] }
        }
        let recent = ((try? store.moments(happenedFrom: nil, before: nil, limit: 200)) ?? [])
            .filter { $0.archivedAt == nil && $0.ref > 0 }
            .sorted { ($0.submittedAt, $0.ref) > ($1.submittedAt, $1.ref) }
        switch target {
        case .beforeLast:
            guard recent.count >= 2 else { return .failure(EarlyReplyError(.failed(words.noneBefore))) }
            return .success([recent[1].ref])
        case .lastTwo:
            guard recent.count >= 2 else { return .failure(EarlyReplyError(.failed(words.noneBefore))) }
            return .success([recent[0].ref, recent[1].ref])
        case .duplicate:
            guard recent.count >= 2, recent[0].text.lowercased() == recent[1].text.lowercased() else {
                return .failure(EarlyReplyError(.failed(words.notSame)))
            }
            return .success([recent[0].ref])
        case .words(let asked), .wordsWithin(let asked, _):
            let question = MomentQuestion(.last, words: asked.map(MomentQuestion.stem), text: "")
            var found = recent.filter { question.matches($0.text) }
            if case .wordsWithin(_, let window) = target { found = found.filter { window.contains($0.happenedAt) } }
            let said = asked.joined(separator: " ")
            guard let latest = found.first else {
                return .failure(EarlyReplyError(.failed(Copy.fill(words.notFound, ["words": said]))))
            }
            guard found.count == 1 else {
                var lines = MomentsByDayView.render(
                    Array(found.prefix(10)), now: clock.now(), zone: zone, copy: copy, extras: extrasShown, width: width,
                    marksUnsynced: syncs)
                let said = command.arguments.text
                let example = "/\(command.name) " + (said.isEmpty ? "\(latest.ref)" : "#\(latest.ref) " + said)
                lines[0] = StyledLine(Copy.fill(words.whichOne, ["words": said, "command": example]), .title)
                return .failure(EarlyReplyError(ShellReply(lines: lines, events: [.answer(lines[0].text, found)])))
            }
            return .success([latest.ref])
        case .last, .number:
            return .success([])
        }
    }

    /// `/edit N …` with `old` replaced by `new` in the target's text (whole words, any case; with
    /// no `old`, the word nearest `new` in spelling), or a reply saying the words are not there.
    func fixed(old: String, new: String, _ target: MomentTarget) -> Result<SlashCommand, EarlyReplyError> {
        var reference = target.reference ?? "last"
        if target.reference == nil {
            // `the coffee one should say tea`: the moment the words name (or the question which).
            switch references(target, for: SlashCommand(EditCommand.self)) {
            case .failure(let early): return .failure(early)
            case .success(let found):
                guard let first = found.first else {
                    return .failure(EarlyReplyError(.failed(Copy.fill(copy[ConversationCopy.self].notFound, ["words": old]))))
                }
                reference = String(first)
            }
        }
        switch moment(reference: reference, command: "edit") {
        case .failure(let early): return .failure(early)
        case .success(let moment):
            // No `old` (`*birthday`): the word nearest in spelling to the one meant.
            let found = old.isEmpty ? Self.nearestWord(to: new, in: moment.text) : Self.wholeWords(old, in: moment.text)
            guard let range = found else {
                let words = copy[ConversationCopy.self]
                let text = old.isEmpty
                    ? Copy.fill(words.fixNoNearWord, ["new": new, "text": moment.text, "ref": String(moment.ref)])
                    : Copy.fill(words.fixNotFound, ["old": old, "text": moment.text, "ref": String(moment.ref)])
                return .failure(EarlyReplyError(.failed(text)))
            }
            var text = moment.text
            text.replaceSubrange(range, with: new)
            return .success(SlashCommand(EditCommand.self, "\(moment.ref) " + text))
        }
    }

    /// The word of `text` that `meant` most likely puts right: the nearest in spelling, a third of
    /// its letters away at most (one for a short word), and not `meant` itself; nil when none is
    /// near or two are equally near (a guess would change the wrong word).
    static func nearestWord(to meant: String, in text: String) -> Range<String.Index>? {
        let wanted = meant.lowercased()
        let allowed = max(1, wanted.count / 3)
        var best: (range: Range<String.Index>, distance: Int)?
        var tie = false
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index].isLetter else {
                index = text.index(after: index)
                continue
            }
            var end = index
            while end < text.endIndex, text[end].isLetter || text[end] == "'" { end = text.index(after: end) }
            let word = text[index..<end].lowercased()
            let distance = SlashCommand.editDistance(word, wanted)
            if distance == 0 { return nil }
            if distance <= allowed {
                if let known = best, known.distance == distance {
                    tie = true
                } else if best.map({ distance < $0.distance }) ?? true {
                    best = (index..<end, distance)
                    tie = false
                }
            }
            index = end
        }
        return tie ? nil : best?.range
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

/// Answers to questions about one's moments.
public struct AnswerCopy: CopySection {
    public static let key = "answers"
    public let last, lastNone, count, countOne, countAll, countAllOne, notFound, what, whatNone, did: String
    public let best, bestOne, bestNone, favorites, favoritesNone, today, pastWeek: String
    /// A question that names no period is about every moment (`so far`).
    public let ever, didEver, notFoundEver, first, firstEver, firstNone, whatWords: String

    public init(_ words: CopyWords) throws {
        last = try words.text("last")
        lastNone = try words.text("lastNone")
        count = try words.text("count")
        countOne = try words.text("countOne")
        countAll = try words.text("countAll")
        countAllOne = try words.text("countAllOne")
        notFound = try words.text("notFound")
        what = try words.text("what")
        whatNone = try words.text("whatNone")
        did = try words.text("did")
        best = try words.text("best")
        bestOne = try words.text("bestOne")
        bestNone = try words.text("bestNone")
        favorites = try words.text("favorites")
        favoritesNone = try words.text("favoritesNone")
        today = try words.text("today")
        pastWeek = try words.text("pastWeek")
        ever = try words.text("ever")
        didEver = try words.text("didEver")
        notFoundEver = try words.text("notFoundEver")
        first = try words.text("first")
        firstEver = try words.text("firstEver")
        firstNone = try words.text("firstNone")
        whatWords = try words.text("whatWords")
    }
}
