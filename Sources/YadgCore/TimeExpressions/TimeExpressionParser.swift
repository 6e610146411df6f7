import YadgLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The result of reading a phrase: the moment's text and when it happened.
public struct ParsedMoment: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// No expression says when: it happened now.
        case none
        /// An expression says when, at or before now.
        case past
        /// The expression points after now: not a win yet, not logged.
        case future
    }

    public var kind: Kind
    /// When it happened (`now` for `.none`; the instant named for `.future`).
    public var happenedAt: Date
    /// The phrase with the time expression taken out (<doc:TextRule>).
    public var text: String
    /// The matched expression as written, e.g. "2 hours ago".
    public var timeExpression: String?
    /// The matched expression's place in the phrase, as Unicode-scalar offsets.
    public var matchedRange: Range<Int>?
    /// The whole period the expression names, when it names a period ("yesterday").
    public var window: DateInterval?
    /// How exactly the time was said, for showing it honestly.
    public var said: SaidTime = .now
    /// Told in the past of a window still ahead, the time was moved back to that window's last
    /// occurrence ("went for a run in the evening" at 14:00: yesterday evening), so the card names
    /// the day and offers `/when` for another (<doc:TimeSemantics> §6).
    public var movedBack = false

    /// The line read as a plan with no time of its own ("need to call mom"): not a win yet.
    func asPlan(_ now: Date) -> ParsedMoment {
        var plan = self
        plan.kind = .future
        plan.happenedAt = now.addingTimeInterval(3600)
        return plan
    }
}

/// Finds when a win happened in the way a person wrote it, and cuts that phrase out.
///
/// Small parsers, one per phrase family, propose matches; refiners drop look-alikes and overlaps;
/// the first remaining match says when (<doc:TimeSemantics>). Pure: `now` and the zone come in.
/// ```
/// let parsed = TimeExpressionParser().parse("took a walk 2 hours ago", now: now, timeZone: zone)
/// parsed.text        // "took a walk"
/// parsed.happenedAt  // now − 2 h
/// ```
public struct TimeExpressionParser: Sendable {
    let families: [any TimeExpressionFamily]
    let refiners: [any TimeMatchRefiner]
    /// For each trigger word, the families (bit per index in `families`) it can start.
    let familiesByWord: WordTable<UInt32>
    /// The families a number in digits can start.
    let numberFamilies: UInt32

    public init() {
        families = [
            NowParser(), UnitsAgoParser(), CasualDayParser(), ClockTimeParser(), WeekdayParser(), MonthDayParser(),
            WeekParser(), FutureParser(), VaguePastParser(), OrdinalDayParser(), PlanParser(), IsoDateParser(),
            RoutineTimeParser(),
        ]
        refiners = [PlanFallbackRefiner(), NotATimeRefiner(), OverlapRemovalRefiner(), DayClockMergeRefiner()]
        // One bit per family in a UInt32, below the tense and spelling bits: a 30th family needs a
        // wider mask.
        precondition(families.count < 29, "more time families than bits in the trigger mask")
        var byWord: [String: UInt32] = [:]
        var numbers: UInt32 = 0
        for (index, family) in families.enumerated() {
            for word in family.triggers { byWord[word, default: 0] |= 1 << index }
            if family.triggeredByNumbers { numbers |= 1 << index }
        }
        // Informal spellings are looked up with the triggers, in the same single hash per word: a
        // phrase holding one is normalised, then its triggers read again.
        for word in InformalSpelling.lookedFor { byWord[word, default: 0] |= Self.informalBit }
        // So are the words that tell a tense (§6): read only when a line has a time or an intent.
        for word in Tense.pastWords { byWord[word, default: 0] |= Tense.pastBit }
        for word in Tense.intentWords { byWord[word, default: 0] |= Tense.intentBit }
        familiesByWord = WordTable(byWord)
        numberFamilies = numbers
    }

    /// The top bit of the trigger mask: the word is an informal spelling (``InformalSpelling``).
    static let informalBit: UInt32 = 1 << 31
    /// The bits of the trigger mask that name families.
    static let familyBits: UInt32 = (1 << 29) - 1

    /// For each token, the families it is a trigger of (and ``informalBit`` for a spelling that
    /// needs reading): every word is looked up once per phrase, here.
    private func triggerMasks(_ tokens: [TimeToken]) -> (masks: [UInt32], wanted: UInt32) {
        var masks = [UInt32](repeating: 0, count: tokens.count)
        var wanted: UInt32 = 0
        for (index, token) in tokens.enumerated() {
            let mask: UInt32
            switch token.kind {
            case .word: mask = familiesByWord[token.lower] ?? 0
            case .number: mask = numberFamilies
            case .punctuation: mask = token.lower == "@" ? Self.informalBit : 0
            }
            masks[index] = mask
            wanted |= mask
        }
        return (masks, wanted)
    }

    /// Where the family with bit `bit` may start a match: each of its triggers' positions and up
    /// to `reach` tokens before it, in order, each once.
    private static func starts(_ masks: [UInt32], _ bit: UInt32, reach: Int) -> [Int] {
        var starts: [Int] = []
        var next = 0
        for (index, mask) in masks.enumerated() where mask & bit != 0 {
            let first = max(next, index - reach)
            if first <= index { starts.append(contentsOf: first...index) }
            next = index + 1
        }
        return starts
    }

    /// The phrase's Unicode scalars. An ASCII phrase (most) is its bytes, copied once: building
    /// the array from the scalar view walked the text twice, once only to count it.
    static func scalars(of phrase: String) -> [Unicode.Scalar] {
        var phrase = phrase
        return phrase.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 }
                ? bytes.map { Unicode.Scalar($0) } : Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        }
    }

    public func parse(_ phrase: String, now: Date, timeZone: Zone) -> ParsedMoment {
        parse(phrase, now: now, timeZone: timeZone, answeringWhen: false)
    }

    /// Reads the answer to "when did it happen?" (`/when`, `/did`, `actually it was …`): the
    /// moment is done, so the expression is read as told in the past (§6): "in the evening" typed
    /// at 14:00 is yesterday evening. A time that can only be ahead ("tomorrow") stays future, so
    /// the answer can say so.
    public func parseWhen(_ expression: String, now: Date, timeZone: Zone) -> ParsedMoment {
        parse(expression, now: now, timeZone: timeZone, answeringWhen: true)
    }

    private func parse(_ phrase: String, now: Date, timeZone: Zone, answeringWhen: Bool) -> ParsedMoment {
        let scalars = Self.scalars(of: phrase)
        var tokens = TimeToken.tokenize(scalars)
        var (masks, wanted) = triggerMasks(tokens)
        if wanted & Self.informalBit != 0 {
            tokens = InformalSpelling.normalize(tokens)
            (masks, wanted) = triggerMasks(tokens)
        }
        let familiesWanted = wanted & Self.familyBits
        var matches: [TimeMatch] = []
        // The context (local date and time of now) is computed only when some family can match.
        let context = familiesWanted == 0 ? nil : TimeContext(now: now, zone: timeZone)
        if let context {
            // Only the wanted families, by their bits: the others are not even looked at.
            var remaining = familiesWanted
            while remaining != 0 {
                let index = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                let family = families[index]
                matches += family.matches(
                    in: tokens, at: Self.starts(masks, 1 << index, reach: family.reach), context: context)
            }
            if !matches.isEmpty {
                for refiner in refiners { matches = refiner.refine(matches, tokens: tokens, context: context) }
            }
        }
        // The tense is read only when it can change the answer: a line with a time or a word of intent.
        let tense: Tense =
            answeringWhen
            ? .past : matches.isEmpty && wanted & Tense.intentBit == 0 ? .none : Tense.read(tokens, masks: masks)
        let nothingSaid = ParsedMoment(
            kind: .none, happenedAt: now, text: MomentTextRule.normalizeWhitespace(phrase, scalars: scalars),
            timeExpression: nil, matchedRange: nil, window: nil)
        guard let context else {
            return tense == .intent ? nothingSaid.asPlan(now) : nothingSaid
        }
        matches.sort { $0.tokens.lowerBound < $1.tokens.lowerBound }
        for match in matches {
            guard let (resolution, meaning, movedBack) = Self.resolve(match, tense, context, answeringWhen) else {
                continue
            }
            let start = tokens[match.tokens.lowerBound].start
            let end = tokens[match.tokens.upperBound - 1].end
            var parsed = ParsedMoment(
                kind: resolution.future || tense == .intent ? .future : .past, happenedAt: resolution.at,
                text: MomentTextRule.strip(scalars, start: start, end: end),
                timeExpression: MomentTextRule.string(scalars[start..<end]), matchedRange: start..<end,
                window: resolution.window)
            let said =
                movedBack
                ? Self.wordsMovedBack(tokens[match.tokens].filter { $0.kind == .word }.map(\.lower), match, context)
                : match.saidAs ?? parsed.timeExpression ?? ""
            parsed.said = SaidTime(meaning, now: now, today: context.today, expression: said)
            parsed.movedBack = movedBack
            return parsed
        }
        return tense == .intent ? nothingSaid.asPlan(now) : nothingSaid
    }

    /// The moment's time from a match, by the line's tense (<doc:TimeSemantics> §6): told in the
    /// past, a window still ahead is its last occurrence (`movedBack`), and a time that never comes
    /// round again is not the moment's time (nil: the line is read on, and else happened now). An
    /// answer to "when?" keeps such a time, as future.
    private static func resolve(_ match: TimeMatch, _ tense: Tense, _ context: TimeContext, _ answeringWhen: Bool)
        -> (TimeResolution, TimeMeaning, movedBack: Bool)?
    {
        let resolution = TimeResolution(match.meaning, context, tense)
        switch match.role {
        case .anotherThing:
            return tense == .past && !answeringWhen ? nil : (resolution, match.meaning, false)
        // A window in progress is cut at now, so its end is now until it has passed.
        case .deadline where tense == .none && (resolution.window?.end ?? resolution.at) >= context.now:
            var plan = resolution
            plan.future = true
            return (plan, match.meaning, false)
        default:
            break
        }
        if case .clock = match.meaning, tense == .past {
            // A clock time without a day reaches back to yesterday by itself ("made dinner at 6" at 14:00).
            return (resolution, match.meaning, resolution.at < context.instant(day: context.today))
        }
        if tense == .none, let later = match.later, !resolution.future {
            // No tense: the nearer of the last occurrence and the coming one ("dentist on Friday"
            // typed on a Wednesday is a plan, on a Saturday yesterday's).
            let ahead = TimeResolution(later, context, tense)
            let passedAgo = context.now.timeIntervalSince(resolution.window?.end ?? resolution.at)
            if ahead.at.timeIntervalSince(context.now) < passedAgo { return (ahead, later, false) }
        }
        guard tense == .past, resolution.future else { return (resolution, match.meaning, false) }
        if let earlier = match.earlier { return (TimeResolution(earlier, context, tense), earlier, true) }
        return answeringWhen ? (resolution, match.meaning, false) : nil
    }

    /// The words of a time moved back to its last occurrence, as the person would have said it had
    /// they named the day: `in the evening` → `yesterday evening`, `tonight` → `last night`,
    /// `after work` → `yesterday after work`, `this Friday` → `last Friday`, `this weekend` → `last
    /// weekend`. The card shows them (`TimeWords.label`), so it says which day yadg chose.
    static func wordsMovedBack(_ words: [String], _ match: TimeMatch, _ context: TimeContext) -> String {
        guard let last = words.last else { return "" }
        if ["weekend", "wknd", "wkend", "weeknd"].contains(last) { return "last weekend" }
        if match.family == "weekday", case .day(let day, _)? = match.earlier {
            // `this Friday` → `last Friday`; `by Friday` said on a Saturday → `yesterday`, on a Friday `today`.
            let named = words.drop { $0 == "this" || $0 == "by" || $0 == "on" }
            switch day {
            case context.today: return (["today"] + named.dropFirst()).joined(separator: " ")
            case context.today - 1: return (["yesterday"] + named.dropFirst()).joined(separator: " ")
            default: return "last " + named.joined(separator: " ")
            }
        }
        // `this Friday after work` → `last Friday after work`; `this monday in the evening` → `last monday evening`.
        if match.family == "day-and-routine" { return "last " + words.filter { $0 != "this" }.joined(separator: " ") }
        if match.family == "day-and-part" {
            return "last " + words.filter { !["this", "on", "in", "the", "at"].contains($0) }.joined(separator: " ")
        }
        if ["tonight", "tonite", "2nite"].contains(last) || (last == "night" && words.first != "last") {
            return "last night"
        }
        var rest = words[...]
        if rest.first == "earlier" || rest.first == "early" || rest.first == "sometime" { rest = rest.dropFirst() }
        if rest.first == "this" {
            rest = rest.dropFirst()
        } else if rest.first == "in", rest.dropFirst().first == "the" {
            rest = rest.dropFirst(2)
        }
        return (["yesterday"] + rest).joined(separator: " ")
    }
}
