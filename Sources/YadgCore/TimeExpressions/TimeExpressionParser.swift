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
        familiesByWord = WordTable(byWord)
        numberFamilies = numbers
    }

    /// The top bit of the trigger mask: the word is an informal spelling (``InformalSpelling``).
    static let informalBit: UInt32 = 1 << 31

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
        let scalars = Self.scalars(of: phrase)
        var tokens = TimeToken.tokenize(scalars)
        var (masks, wanted) = triggerMasks(tokens)
        if wanted & Self.informalBit != 0 {
            tokens = InformalSpelling.normalize(tokens)
            (masks, wanted) = triggerMasks(tokens)
        }
        wanted &= ~Self.informalBit
        var matches: [TimeMatch] = []
        // The context (local date and time of now) is computed only when some family can match.
        let context = wanted == 0 ? nil : TimeContext(now: now, zone: timeZone)
        if let context {
            // Only the wanted families, by their bits: the others are not even looked at.
            var remaining = wanted
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
            timeExpression: MomentTextRule.string(scalars[start..<end]), matchedRange: start..<end,
            window: nil)
        let resolution = TimeResolution(match.meaning, context)
        parsed.kind = resolution.future ? .future : .past
        parsed.happenedAt = resolution.at
        parsed.window = resolution.window
        parsed.said = SaidTime(match.meaning, now: now, today: context.today, expression: parsed.timeExpression ?? "")
        return parsed
    }
}
