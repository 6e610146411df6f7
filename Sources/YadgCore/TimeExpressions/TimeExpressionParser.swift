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
    let familiesByWord: [String: UInt32]
    /// The families a number in digits can start.
    let numberFamilies: UInt32

    public init() {
        families = [
            NowParser(), UnitsAgoParser(), CasualDayParser(), ClockTimeParser(), WeekdayParser(), MonthDayParser(),
            WeekParser(), FutureParser(), VaguePastParser(), OrdinalDayParser(), PlanParser(), IsoDateParser(),
            RoutineTimeParser(),
        ]
        refiners = [
            PlanFallbackRefiner(), NotATimeRefiner(), OverlapRemovalRefiner(), DayClockMergeRefiner(),
            FutureIntentRefiner(),
        ]
        // One bit per family in a UInt32: a 33rd family needs a wider mask.
        precondition(families.count < UInt32.bitWidth, "more time families than bits in the trigger mask")
        var byWord: [String: UInt32] = [:]
        var numbers: UInt32 = 0
        for (index, family) in families.enumerated() {
            for word in family.triggers { byWord[word, default: 0] |= 1 << index }
            if family.triggeredByNumbers { numbers |= 1 << index }
        }
        // Informal spellings are looked up with the triggers, in the same single hash per word: a
        // phrase holding one is normalised, then its triggers read again.
        for word in InformalSpelling.lookedFor { byWord[word, default: 0] |= Self.informalBit }
        familiesByWord = byWord
        numberFamilies = numbers
    }

    /// The top bit of the trigger mask: the word is an informal spelling (``InformalSpelling``).
    static let informalBit: UInt32 = 1 << 31

    /// The families the tokens can start (and ``informalBit`` when a spelling needs reading).
    private func wanted(_ tokens: [TimeToken]) -> UInt32 {
        var wanted: UInt32 = 0
        for token in tokens {
            switch token.kind {
            case .word: wanted |= familiesByWord[token.lower] ?? 0
            case .number: wanted |= numberFamilies
            case .punctuation: wanted |= token.lower == "@" ? Self.informalBit : 0
            }
        }
        return wanted
    }

    public func parse(_ phrase: String, now: Date, timeZone: Zone) -> ParsedMoment {
        let scalars = Array(phrase.unicodeScalars)
        var tokens = TimeToken.tokenize(scalars)
        var wanted = self.wanted(tokens)
        if wanted & Self.informalBit != 0 {
            tokens = InformalSpelling.normalize(tokens)
            wanted = self.wanted(tokens)
        }
        wanted &= ~Self.informalBit
        var matches: [TimeMatch] = []
        // The context (local date and time of now) is computed only when some family can match.
        let context = wanted == 0 ? nil : TimeContext(now: now, zone: timeZone)
        if let context {
            for (index, family) in families.enumerated() where wanted & (1 << index) != 0 {
                matches += family.matches(in: tokens, context: context)
            }
            if !matches.isEmpty {
                for refiner in refiners { matches = refiner.refine(matches, tokens: tokens, context: context) }
            }
        }
        guard let context, let match = matches.min(by: { $0.tokens.lowerBound < $1.tokens.lowerBound }) else {
            return ParsedMoment(
                kind: .none, happenedAt: now, text: MomentTextRule.normalizeWhitespace(phrase, scalars: scalars),
                timeExpression: nil,
                matchedRange: nil, window: nil)
        }
        let start = tokens[match.tokens.lowerBound].start
        let end = tokens[match.tokens.upperBound - 1].end
        var parsed = ParsedMoment(
            kind: .past, happenedAt: now, text: MomentTextRule.strip(scalars, start: start, end: end),
            timeExpression: String(String.UnicodeScalarView(scalars[start..<end])), matchedRange: start..<end,
            window: nil)
        let resolution = TimeResolution(match.meaning, context)
        parsed.kind = resolution.future ? .future : .past
        parsed.happenedAt = resolution.at
        parsed.window = resolution.window
        parsed.said = SaidTime(match.meaning, now: now, today: context.today, expression: parsed.timeExpression ?? "")
        return parsed
    }
}
