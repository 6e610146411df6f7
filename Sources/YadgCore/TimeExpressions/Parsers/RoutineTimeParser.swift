import YadgLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The parts of an ordinary day (<doc:TimeSemantics> §2.11): meals and routines with a
/// preposition (`at lunch`, `after dinner`, `before work`, `on my lunch break`, `over lunch`), a part
/// without a day (`in the morning`, `at night`), or before one (`evening yesterday`, which
/// ``DayClockMergeRefiner`` joins), `this arvo`, `in the arvo`, `first thing`, `at bedtime`. Each
/// is a window of the logical day, cut at now, that comes round daily: still ahead, it is a plan, or
/// yesterday's in a line told in the past (§6). Without the preposition the word is the moment's own
/// (`had lunch with Sam`, `a morning person`, `went to work`).
struct RoutineTimeParser: TimeExpressionFamily {
    var triggers: [String] {
        [
            "breakfast", "lunch", "lunchtime", "dinner", "supper", "bedtime", "bed", "work", "school", "morning",
            "afternoon", "evening", "night", "arvo", "thing", "tea", "teatime", "smoko", "bathtime", "dawn",
            "sunrise", "dusk", "sunset",
        ]
    }

    /// Windows in seconds after the day's midnight.
    static let meals: [String: (Int, Int)] = [
        "breakfast": (6 * 3600, 10 * 3600), "lunch": (41_400, 14 * 3600), "lunchtime": (41_400, 14 * 3600),
        "dinner": (63_000, 21 * 3600), "supper": (63_000, 21 * 3600), "bedtime": (21 * 3600, 24 * 3600),
        // Tea as the evening meal, a break for it at work (Australia), the children's bath.
        "teatime": (17 * 3600, 19 * 3600), "smoko": (34_200, 37_800), "bathtime": (18 * 3600, 20 * 3600),
        "dawn": (19_800, 27_000), "sunrise": (19_800, 27_000), "dusk": (59_400, 66_600), "sunset": (59_400, 66_600),
    ]
    /// The routines `before` and `after` refer to: when they start and end.
    static let routines: [String: (Int, Int)] = [
        "breakfast": (6 * 3600, 10 * 3600), "lunch": (41_400, 14 * 3600), "dinner": (63_000, 21 * 3600),
        "supper": (63_000, 21 * 3600), "work": (9 * 3600, 17 * 3600), "school": (8 * 3600, 15 * 3600),
        "bed": (22 * 3600, 24 * 3600), "tea": (17 * 3600, 19 * 3600), "teatime": (17 * 3600, 19 * 3600),
        "smoko": (34_200, 37_800), "dawn": (19_800, 27_000), "sunrise": (19_800, 27_000),
        "dusk": (59_400, 66_600), "sunset": (59_400, 66_600),
    ]
    /// Day words a meal may follow with no preposition.
    static let dayWords: WordSet = ["yesterday", "today"]
    /// How far, in seconds, `before …` and `after …` reach from a routine.
    static let secondsAround = 3 * 3600

    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        func add(_ range: Range<Int>, _ window: (Int, Int), part: DayPart? = nil, family: String = "routine") {
            let day = context.logicalToday
            var match = TimeMatch(
                tokens: range, meaning: .window(day: day, from: window.0, to: window.1), family: family,
                earlier: .window(day: day - 1, from: window.0, to: window.1))
            // `before bed`: the time before which, still ahead until the routine begins.
            if t.word(range.lowerBound) == "before" { match.role = .deadline }
            if let part {
                match.part = part
                match.saidAs = part.ofToday
            }
            found.append(match)
        }
        for i in starts {
            guard let w = t.word(i) else { continue }
            let previous = t.word(i - 1)
            switch w {
            case "breakfast", "lunch", "lunchtime", "dinner", "supper", "bedtime", "teatime", "smoko", "bathtime",
                "dawn", "sunrise", "dusk", "sunset", "tea":
                if previous == "at" || previous == "over" || previous == "during",
                    let window = Self.meals[w]
                {
                    add((i - 1)..<(i + 1), window)
                } else if let day = previous, Self.dayWords.contains(day) || WeekdayParser.names[day] != nil,
                    let window = Self.meals[w]
                {
                    // `yesterday lunchtime`, `sunday teatime`: the day joins it (DayClockMergeRefiner).
                    add(i..<(i + 1), window)
                } else if previous == "before" || previous == "after", let routine = Self.routines[w] {
                    add((i - 1)..<(i + 1), Self.around(routine, previous == "after"))
                }
            case "school" where t.word(i + 1) == "run" && previous == "the":
                // `after the school run`: the morning drop-off, 08:00–09:00.
                guard let around = t.word(i - 2), around == "before" || around == "after" else { continue }
                add((i - 2)..<(i + 2), Self.around((8 * 3600, 9 * 3600), around == "after"))
            case "work", "school", "bed":
                guard previous == "before" || previous == "after", let routine = Self.routines[w] else { continue }
                add((i - 1)..<(i + 1), Self.around(routine, previous == "after"))
            case "morning", "afternoon", "evening", "night":
                guard let part = DayPart(word: w) else { continue }
                if previous == "the", t.word(i - 2) == "in" {
                    // `in the morning`, `in the night`, with no day word before it (`yesterday
                    // morning` is another family's); one after it joins it (`in the morning yesterday`).
                    add((i - 2)..<(i + 1), part.window, part: part)
                } else if w == "night", previous == "at" {
                    add((i - 1)..<(i + 1), part.window, part: part)
                } else if w != "night", Self.standsAlone(t, i) {
                    // `walked. 5k. evening`, `Evening: walked 5k`: the part alone in its clause.
                    add(i..<(i + 1), part.window, part: part)
                } else if Self.dayFollows(t, i + 1), !Self.determiners.contains(previous ?? "") {
                    // `ran evening yesterday`, `swam morning on monday`: the part, then its day
                    // (kept only if the day joins it: DayClockMergeRefiner).
                    add(i..<(i + 1), part.window, part: part, family: Self.partBeforeDay)
                }
            case "arvo":
                if previous == "this" {
                    add((i - 1)..<(i + 1), DayPart.afternoon.window, part: .afternoon)
                } else if previous == "the", t.word(i - 2) == "in" {
                    add((i - 2)..<(i + 1), DayPart.afternoon.window, part: .afternoon)
                }
            case "thing":
                guard previous == "first" else { continue }
                add((i - 1)..<(i + 1), (5 * 3600, 9 * 3600))
            default:
                break
            }
        }
        // `on my lunch break`: the meal's window, the whole phrase taken out.
        for lunch in starts where t.word(lunch) == "lunch" && t.word(lunch + 1) == "break" {
            let i = lunch + 1
            let start = t.word(i - 2) == "my" && t.word(i - 3) == "on" ? i - 3 : (t.word(i - 2) == "on" ? i - 2 : nil)
            guard let start else { continue }
            found.removeAll { $0.tokens.contains(i - 1) }
            add(start..<(i + 1), Self.meals["lunch"]!)
        }
        return found
    }

    /// A word alone between marks, in a line of more than it (`walked. 5k. evening`, `Evening: 5k`):
    /// at the end after a mark, or opening the line before `:` or `,`.
    static func standsAlone(_ t: [TimeToken], _ i: Int) -> Bool {
        let atEnd = i == t.count - 1 || (i == t.count - 2 && t[i + 1].kind == .punctuation)
        if atEnd { return i > 0 && t[i - 1].kind == .punctuation }
        return i == 0 && (t.isMark(1, ":") || t.isMark(1, ",")) && t.count > 2
    }

    /// The family of a part said before its day (`evening yesterday`): no time unless the day joins it.
    static let partBeforeDay = "part-before-day"
    /// Words that make the part a thing (`the morning`, `a night`, `every evening`), not a time.
    static let determiners: Set<String> = [
        "the", "a", "an", "my", "our", "your", "this", "that", "last", "every", "each", "tomorrow", "one", "all",
        "whole", "good", "next",
    ]

    /// A day named at `i`: `yesterday`, `today`, a weekday, or `on`, `last` and a weekday.
    static func dayFollows(_ t: [TimeToken], _ i: Int) -> Bool {
        guard let word = t.word(i) else { return false }
        func weekday(_ word: String) -> Bool { WeekdayParser.names[word] != nil && !word.hasSuffix("s") }
        if word == "yesterday" || word == "today" || weekday(word) { return true }
        guard word == "on" || word == "last", let next = t.word(i + 1) else { return false }
        return weekday(next) || WeekdayParser.abbreviations[next] != nil
    }

    /// The hours before a routine starts, or after it ends.
    static func around(_ routine: (Int, Int), _ after: Bool) -> (Int, Int) {
        after ? (routine.1, routine.1 + secondsAround) : (max(5 * 3600, routine.0 - secondsAround), routine.0)
    }
}
