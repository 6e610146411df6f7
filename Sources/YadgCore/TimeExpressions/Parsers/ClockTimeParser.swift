import YadgLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Clock times: "3pm", "3 p.m.", "3:30pm", "15:30", "08:15", "noon", "midnight", "7 o'clock",
/// "half past 7", "quarter to 8", and a bare hour after "at", "@", "around" or "about" ("at 7").
///
/// A bare number needs that connector: "read 2 chapters" and "turned 30" are counts.
struct ClockTimeParser: TimeExpressionFamily {
    var triggers: [String] { ["noon", "midday", "midnight", "half", "quarter"] }
    var triggeredByNumbers: Bool { true }
    static let connectors: WordSet = [
        "at", "around", "about", "by", "@", "~", "ca", "circa", "till", "until", "til", "before", "after",
    ]

    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        var found: [TimeMatch] = []
        for i in starts {
            switch t.word(i) {
            case "noon", "midday":
                found.append(match(i..<(i + 1), ClockTime(hour: 12, minute: 0, meridiem: .pm, explicit: true)))
                continue
            case "midnight":
                found.append(match(i..<(i + 1), ClockTime(hour: 0, minute: 0, meridiem: .am, explicit: true)))
                continue
            case "half", "quarter":
                if let m = pastOrTo(t, i) {
                    found.append(m)
                } else if t.word(i) == "half", let hour = t.integer(i + 1), (1...12).contains(hour),
                    hasConnector(t, i), !followedByUnitOrNoun(t, i + 2)
                {
                    // "at half 7": half past, as said in Britain.
                    found.append(match(i..<(i + 2), ClockTime(hour: hour, minute: 30, meridiem: nil, explicit: false)))
                }
                continue
            default:
                break
            }
            guard let hour = t.integer(i), t[i].lower.utf8.count <= 2, !gluedToPrevious(t, i) else { continue }
            var end = i + 1
            var minute = 0
            var colon = false
            if t.isMark(i + 1, ":"), !t[i + 1].spaceBefore, let m = t.integer(i + 2), t[i + 2].lower.utf8.count == 2,
                !t[i + 2].spaceBefore
            {
                guard m < 60 else { continue }
                minute = m
                colon = true
                end = i + 3
            }
            if let (meridiem, next) = readMeridiem(t, end) {
                guard (1...12).contains(hour) else { continue }
                let hour24 = meridiem == .am ? hour % 12 : hour % 12 + 12
                found.append(
                    match(i..<next, ClockTime(hour: hour24, minute: minute, meridiem: meridiem, explicit: true)))
                continue
            }
            if t.word(end) == "o'clock" || t.word(end) == "o’clock" {
                guard (1...12).contains(hour), hasConnector(t, i) else { continue }
                found.append(match(i..<(end + 1), ClockTime(hour: hour, minute: 0, meridiem: nil, explicit: false)))
                continue
            }
            if colon {
                guard hour <= 23 else { continue }
                // 24-hour form: an hour past 12 or a leading zero ("08:15").
                let twentyFour = hour > 12 || hour == 0 || t[i].lower.hasPrefix("0")
                guard twentyFour || hasConnector(t, i) || isAlone(t, i, end) else { continue }
                found.append(match(i..<end, ClockTime(hour: hour, minute: minute, meridiem: nil, explicit: twentyFour)))
                continue
            }
            // A bare hour: "at 7".
            // "9ish" needs no "at", but only at the end of a clause ("ate 9ish cookies" counts).
            let looseAtEnd = t[i].approximate && (end == t.count || t[end].kind == .punctuation)
            guard (1...12).contains(hour), hasConnector(t, i) || looseAtEnd, !followedByUnitOrNoun(t, end)
            else { continue }
            found.append(match(i..<end, ClockTime(hour: hour, minute: 0, meridiem: nil, explicit: false)))
        }
        Self.placeBareHours(&found, t, context)
        return found
    }

    /// Takes a deadline's `by` and an end's `till` into the match, and places each bare hour in its half of the day
    /// (§2.7): beside a meal or a routine, that one's (`had breakfast at 7`, `lunch at 1`, `made
    /// dinner at 6`, `went to bed at 11`, `fell asleep at 2`, `got up at 5`); otherwise 1 to 5 are
    /// the afternoon's (`went to the market at 4`), since the small hours are said with a routine or
    /// with am, unless they are now (`ate at 3` typed at 04:30). 6 to 12 keep both readings.
    static func placeBareHours(_ found: inout [TimeMatch], _ t: [TimeToken], _ context: TimeContext) {
        for index in found.indices {
            // "got the kids to sleep by 8": the deadline's "by" goes with the time; "danced till 11":
            // so does the "till" of an end.
            let first = found[index].tokens.lowerBound
            switch t.word(first - 1) {
            case "by"?:
                found[index].tokens = (first - 1)..<found[index].tokens.upperBound
                found[index].role = .deadline
            case "till"?, "until"?, "til"?:
                found[index].tokens = (first - 1)..<found[index].tokens.upperBound
            default:
                break
            }
            guard case .clock(var clock) = found[index].meaning, !clock.explicit else { continue }
            let hour = clock.hour % 12
            var routine = routine(nearest: found[index].tokens.lowerBound, t)
            // Sleep until a time is waking at it: "slept in till 9".
            if routine == .night, ["till", "until", "til"].contains(t.word(found[index].tokens.lowerBound) ?? "") {
                routine = .morning
            }
            switch routine {
            case .morning?: clock.half = .am
            case .midday?: clock.half = hour >= 10 ? .am : hour <= 5 ? .pm : nil
            case .evening?: clock.half = hour == 0 ? nil : .pm
            case .night?: clock.half = hour >= 6 ? .pm : .am
            case nil: clock.half = (1...5).contains(hour) && context.secondsIntoToday >= 5 * 3600 ? .pm : nil
            }
            found[index].meaning = .clock(clock)
        }
    }

    enum Routine { case morning, midday, evening, night }

    static let routines = WordTable<Routine>([
        "breakfast": .morning, "woke": .morning, "wake": .morning, "waking": .morning, "alarm": .morning,
        "sunrise": .morning, "dawn": .morning, "lunch": .midday, "lunchtime": .midday, "dinner": .evening,
        "supper": .evening, "bedtime": .night, "asleep": .night, "slept": .night, "sleep": .night, "bed": .night,
        "up": .morning,
    ])

    /// The meal or routine nearest the clock time at `clock`, if the line names one. `up` counts
    /// after `got` or `get` (`got up at 5`, the morning) and after `stayed` (`stayed up till 2`, the
    /// night), `bed` after `to`, `in` or `for` or opening the line (`went to bed at 11`, not `made
    /// my bed at 7:30`).
    static func routine(nearest clock: Int, _ t: [TimeToken]) -> Routine? {
        var best: (routine: Routine, distance: Int)?
        for k in t.indices where t[k].kind == .word {
            guard let routine = routines[t[k].lower] else { continue }
            switch t[k].lower {
            case "up":
                // `got up at 5` is the morning's, `stayed up till 2` the night's.
                if ["stayed", "stay", "staying", "was", "sat"].contains(t.word(k - 1) ?? "") {
                    let distance = abs(k - clock)
                    if best.map({ distance < $0.distance }) ?? true { best = (.night, distance) }
                    continue
                }
                guard ["got", "get", "gets", "getting"].contains(t.word(k - 1) ?? "") else { continue }
            case "bed": guard k == 0 || ["to", "in", "for"].contains(t.word(k - 1) ?? "") else { continue }
            default: break
            }
            let distance = abs(k - clock)
            if best.map({ distance < $0.distance }) ?? true { best = (routine, distance) }
        }
        return best?.routine
    }

    private func match(_ tokens: Range<Int>, _ clock: ClockTime) -> TimeMatch {
        TimeMatch(tokens: tokens, meaning: .clock(clock), family: "clock")
    }

    /// "am", "pm", "a.m.", "p.m." (also "a" "." "m" "." as tokens), at `i`.
    private func readMeridiem(_ t: [TimeToken], _ i: Int) -> (ClockTime.Meridiem, Int)? {
        guard let w = t.word(i) else { return nil }
        switch w {
        case "am": return (.am, i + 1)
        case "pm": return (.pm, i + 1)
        case "a", "p":
            guard t.isMark(i + 1, "."), t.word(i + 2) == "m" else { return nil }
            let end = t.isMark(i + 3, ".") ? i + 4 : i + 3
            return (w == "a" ? .am : .pm, end)
        default: return nil
        }
    }

    /// "half past 7", "quarter past 7", "quarter to 8".
    private func pastOrTo(_ t: [TimeToken], _ i: Int) -> TimeMatch? {
        let j = i + 1
        guard let relation = t.word(j), relation == "past" || relation == "to", let hour = t.integer(j + 1),
            (1...12).contains(hour)
        else { return nil }
        let offset = t.word(i) == "half" ? 30 : 15
        var minutes = (hour % 12) * 60 + (relation == "past" ? offset : -offset)
        if minutes < 0 { minutes += 12 * 60 }
        var end = j + 2
        var clock = ClockTime(
            hour: minutes / 60 == 0 ? 12 : minutes / 60, minute: minutes % 60, meridiem: nil,
            explicit: false)
        if let (meridiem, next) = readMeridiem(t, end) {
            clock = ClockTime(
                hour: (minutes / 60) % 12 + (meridiem == .pm ? 12 : 0), minute: minutes % 60,
                meridiem: meridiem, explicit: true)
            end = next
        }
        let start = t.word(i) == "quarter" && t.word(i - 1) == "a" ? i - 1 : i
        return match(start..<end, clock)
    }

    private func hasConnector(_ t: [TimeToken], _ i: Int) -> Bool {
        // "at like 8", "around like 9" (§5.2).
        if t.word(i - 1) == "like", let w = t.word(i - 2) { return w == "at" || w == "around" }
        if let w = t.word(i - 1) { return Self.connectors.contains(w) }
        return t.isMark(i - 1, "@") || t.isMark(i - 1, "~")
    }

    /// "7:30" alone in brackets or as the whole phrase's lead ("7:30: cooked").
    private func isAlone(_ t: [TimeToken], _ start: Int, _ end: Int) -> Bool {
        (start == 0 || t.isMark(start - 1, "(") || t.isMark(start - 1, "["))
            && (end == t.count || t.isMark(end, ":") || t.isMark(end, ")") || t.isMark(end, "]") || t.isMark(end, ","))
    }

    /// "at 5 km", "at 3 places": a count, not an hour.
    private func followedByUnitOrNoun(_ t: [TimeToken], _ i: Int) -> Bool {
        guard i < t.count, t[i].kind == .word else { return false }
        if !t[i].spaceBefore { return true }  // "5k", "3x"
        // "at 7 in the morning" is an hour; "at 3 in a row" a count.
        if t[i].lower == "in", t.word(i + 1) == "the", DayPart(word: t.word(i + 2)) != nil { return false }
        return TimeUnit.read(t[i].lower) != nil || Self.countNouns.contains(t[i].lower)
    }

    /// "10k", "2nd": a number glued to the letters before it ("v2") is not a time either.
    private func gluedToPrevious(_ t: [TimeToken], _ i: Int) -> Bool {
        i > 0 && !t[i].spaceBefore
            && (t[i - 1].kind == .word || t.isMark(i - 1, ".") || t.isMark(i - 1, "$")
                || t.isMark(i - 1, "/") || t.isMark(i - 1, "#"))
    }

    static let countNouns: WordSet = [
        "percent", "people", "times", "km", "kg", "miles", "mi", "pages", "points", "steps", "reps", "sets", "of",
        "out", "in", "degrees", "years", "year", "minutes",
    ]
}
