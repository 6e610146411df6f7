#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The parts of an ordinary day (<doc:TimeSemantics> §2.11): meals and routines with a
/// preposition (`at lunch`, `after dinner`, `before work`, `on my lunch break`, `over lunch`), a part
/// without a day (`in the morning`), `this arvo`, `in the arvo`, `first thing`, `at bedtime`. Each
/// is a window of the logical day, cut at now, that comes round daily: still ahead, it is a plan, or
/// yesterday's in a line told in the past (§6). Without the preposition the word is the moment's own
/// (`had lunch with Sam`, `a morning person`, `went to work`).
struct RoutineTimeParser: TimeExpressionFamily {
    var triggers: [String] {
        [
            "breakfast", "lunch", "lunchtime", "dinner", "supper", "bedtime", "bed", "work", "school", "morning",
            "afternoon", "evening", "arvo", "thing",
        ]
    }

    /// Windows in seconds after the day's midnight.
    static let meals: [String: (Int, Int)] = [
        "breakfast": (6 * 3600, 10 * 3600), "lunch": (41_400, 14 * 3600), "lunchtime": (41_400, 14 * 3600),
        "dinner": (63_000, 21 * 3600), "supper": (63_000, 21 * 3600), "bedtime": (21 * 3600, 24 * 3600),
    ]
    /// The routines `before` and `after` refer to: when they start and end.
    static let routines: [String: (Int, Int)] = [
        "breakfast": (6 * 3600, 10 * 3600), "lunch": (41_400, 14 * 3600), "dinner": (63_000, 21 * 3600),
        "supper": (63_000, 21 * 3600), "work": (9 * 3600, 17 * 3600), "school": (8 * 3600, 15 * 3600),
        "bed": (22 * 3600, 24 * 3600),
    ]
    /// How far, in seconds, `before …` and `after …` reach from a routine.
    static let secondsAround = 3 * 3600

    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        func add(_ range: Range<Int>, _ window: (Int, Int)) {
            let day = context.logicalToday
            found.append(
                TimeMatch(
                    tokens: range, meaning: .window(day: day, from: window.0, to: window.1), family: "routine",
                    earlier: .window(day: day - 1, from: window.0, to: window.1)))
        }
        for i in starts {
            guard let w = t.word(i) else { continue }
            let previous = t.word(i - 1)
            switch w {
            case "breakfast", "lunch", "lunchtime", "dinner", "supper", "bedtime":
                if previous == "at" || previous == "over" || previous == "during",
                    let window = Self.meals[w]
                {
                    add((i - 1)..<(i + 1), window)
                } else if previous == "before" || previous == "after", let routine = Self.routines[w] {
                    add((i - 1)..<(i + 1), Self.around(routine, previous == "after"))
                }
            case "work", "school", "bed":
                guard previous == "before" || previous == "after", let routine = Self.routines[w] else { continue }
                add((i - 1)..<(i + 1), Self.around(routine, previous == "after"))
            case "morning", "afternoon", "evening":
                // `in the morning`, with no day word around it (`yesterday morning` is another family's).
                guard previous == "the", t.word(i - 2) == "in", let part = DayPart(word: w) else { continue }
                add((i - 2)..<(i + 1), part.window)
            case "arvo":
                if previous == "this" {
                    add((i - 1)..<(i + 1), DayPart.afternoon.window)
                } else if previous == "the", t.word(i - 2) == "in" {
                    add((i - 2)..<(i + 1), DayPart.afternoon.window)
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

    /// The hours before a routine starts, or after it ends.
    static func around(_ routine: (Int, Int), _ after: Bool) -> (Int, Int) {
        after ? (routine.1, routine.1 + secondsAround) : (max(5 * 3600, routine.0 - secondsAround), routine.0)
    }
}
