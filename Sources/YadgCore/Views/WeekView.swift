/// A week, Monday to Sunday: each day that has moments with its count and a few of them, the
/// week's kinds of wins and moods in a line each, and one summary. Only what was done is shown:
/// a day with nothing logged is simply not there, and nothing is compared with another week.
/// ```
/// Your week · Nov 16 – 22, 2026
/// 4 moments
///
/// Monday, Nov 16 · 3
///  • took a walk
/// Wednesday, Nov 18 · 1
///  • planted the tomatoes
///
/// Kinds of wins: movement 2 · food 1
/// Summary: "A week where you got moving and fed yourself well."
/// ```
public enum WeekView {
    /// Moments shown under one day before "and N more".
    public static let bulletsPerDay = 4

    public struct Week: Sendable, Equatable {
        public let monday: LocalDay
        /// Newest first.
        public let moments: [Moment]
        public let summary: String

        public init(monday: LocalDay, moments: [Moment], summary: String) {
            self.monday = monday
            self.moments = moments
            self.summary = summary
        }

        public var sunday: LocalDay { LocalDay(number: monday.number + 6) }
        public var isHeavy: Bool { moments.contains(where: \.isHeavy) }
        public var summaryTarget: SummaryTarget { SummaryTarget(.week, start: monday, moments: moments) }
    }

    /// The Monday of the week `day` is in.
    public static func monday(of day: LocalDay) -> LocalDay { LocalDay(number: day.number - day.weekday) }

    /// "Nov 16 – 22, 2026", "Nov 30 – Dec 6, 2026", "Dec 28, 2026 – Jan 3, 2027".
    public static func range(_ week: Week, copy: Copy) -> String {
        let words = TimeWords(copy)
        let (from, to) = (week.monday, week.sunday)
        let end: String
        if from.year != to.year {
            return Copy.fill(
                copy[WeekCopy.self].range, ["from": words.monthDayYear(from), "to": words.monthDayYear(to)])
        } else if from.month != to.month {
            end = words.monthDayYear(to)
        } else {
            end = Copy.fill(copy[WeekCopy.self].dayAndYear, ["day": String(to.dayOfMonth), "year": String(to.year)])
        }
        return Copy.fill(copy[WeekCopy.self].range, ["from": words.monthDay(from), "to": end])
    }

    /// The whole week. `weeksBack` names it: 0 is this week, 1 last week.
    public static func render(_ week: Week, weeksBack: Int, copy: Copy, moods: MoodVocabulary, width: Int)
        -> [StyledLine]
    {
        let words = copy[WeekCopy.self]
        // This week and last week have a name; an earlier week is named by its dates alone.
        let dates = range(week, copy: copy)
        let title =
            switch weeksBack {
            case 0: Copy.fill(words.title, ["title": words.thisWeek, "range": dates])
            case 1: Copy.fill(words.title, ["title": words.lastWeek, "range": dates])
            default: dates
            }
        var lines = [StyledLine(title, .title)]
        guard !week.moments.isEmpty else {
            return lines + TextWidth.wrap(words.empty, width: width).map { StyledLine($0, .secondary) }
        }
        lines.append(StyledLine(count(week.moments.count, copy: copy), .dim))
        var byDay: [Int: [Moment]] = [:]
        for moment in week.moments { byDay[moment.localDay.number, default: []].append(moment) }
        let timeWords = TimeWords(copy)
        for number in byDay.keys.sorted() {
            let moments = byDay[number]!.reversed()  // in the order they happened
            let day = LocalDay(number: number)
            lines.append(StyledLine(""))
            lines.append(
                StyledLine(
                    Copy.fill(words.day, ["day": timeWords.weekdayMonthDay(day), "count": String(moments.count)]),
                    .primary))
            for moment in moments.prefix(bulletsPerDay) {
                lines += TextWidth.wrap(moment.text, width: width, firstIndent: " • ", indent: "   ").map {
                    StyledLine($0)
                }
            }
            if moments.count > bulletsPerDay {
                lines.append(
                    StyledLine(
                        "   " + Copy.fill(words.moreOnDay, ["count": String(moments.count - bulletsPerDay)]), .dim))
            }
        }
        lines.append(StyledLine(""))
        if !week.isHeavy {
            let kinds = kindCounts(week.moments).prefix(4).map { "\($0.0) \($0.1)" }.joined(separator: " · ")
            if !kinds.isEmpty {
                lines += TextWidth.wrap(Copy.fill(words.kinds, ["kinds": kinds]), width: width).map { StyledLine($0) }
            }
            let felt = moodCounts(week.moments, moods: moods).prefix(4).joined(separator: " · ")
            if !felt.isEmpty {
                lines += TextWidth.wrap(Copy.fill(words.moods, ["moods": felt]), width: width).map { StyledLine($0) }
            }
        }
        return lines + summaryLines(week, copy: copy, width: width)
    }

    /// `/journey weeks`: one short card per week with moments, newest first.
    public static func renderList(_ weeks: [Week], copy: Copy, width: Int, firstPage: Bool, hasMore: Bool)
        -> [StyledLine]
    {
        let words = copy[WeekCopy.self]
        let journey = copy[JourneyCopy.self]
        var lines: [StyledLine] = []
        if firstPage {
            lines = [StyledLine(words.listTitle, .title), StyledLine(words.listSubtitle, .dim)]
            if weeks.isEmpty { return lines + [StyledLine(""), StyledLine(journey.empty)] }
        } else if weeks.isEmpty {
            return [StyledLine(journey.noMore, .dim)]
        }
        for week in weeks {
            lines.append(StyledLine(""))
            lines.append(
                StyledLine(
                    Copy.fill(
                        words.listWeek,
                        ["range": range(week, copy: copy), "count": count(week.moments.count, copy: copy)]),
                    .primary))
            lines += summaryLines(week, copy: copy, width: width)
        }
        if hasMore {
            lines.append(StyledLine(""))
            lines.append(StyledLine(words.listMore, .dim))
        }
        return lines
    }

    /// The summary, or for a week that holds something heavy, a quiet line and where help is.
    static func summaryLines(_ week: Week, copy: Copy, width: Int) -> [StyledLine] {
        let journey = copy[JourneyCopy.self]
        guard week.isHeavy else {
            return TextWidth.wrap(Copy.fill(journey.summaryLine, ["summary": week.summary]), width: width).map {
                StyledLine($0, .secondary)
            }
        }
        return TextWidth.wrap(copy[WeekCopy.self].heavyWeek, width: width).map { StyledLine($0, .secondary) }
            + TextWidth.wrap(journey.heavyDayHelp, width: width).map { StyledLine($0, .dim) }
    }

    static func count(_ n: Int, copy: Copy) -> String {
        n == 1 ? copy[WeekCopy.self].countOne : Copy.fill(copy[WeekCopy.self].count, ["count": String(n)])
    }

    /// Kinds of wins, most common first (a crisis moment has none).
    static func kindCounts(_ moments: [Moment]) -> [(String, Int)] {
        var counts: [String: Int] = [:]
        for m in moments where !m.action.isEmpty { counts[m.action, default: 0] += 1 }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }

    /// Moods as shown ("🙂 Calm 2"), most common first.
    static func moodCounts(_ moments: [Moment], moods: MoodVocabulary) -> [String] {
        var counts: [String: Int] = [:]
        for m in moments { if let mood = m.mood { counts[mood, default: 0] += 1 } }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map {
            let shown = moods.shown($0.key)
            return (shown.symbol.isEmpty ? "" : shown.symbol + " ") + shown.label + " \($0.value)"
        }
    }

    /// The line shown until (or instead of) an AI summary: from the week's two most common kinds.
    public static func offlineSummary(for moments: [Moment], copy: Copy) -> String {
        let phrases = copy[JourneyCopy.self].actions
        let top = kindCounts(moments).prefix(2).compactMap { phrases[$0.0] ?? phrases["other"] }
        let words = copy[WeekCopy.self]
        switch top.count {
        case 0: return words.offlineNone
        case 1: return Copy.fill(words.offlineOne, ["first": top[0]])
        default: return Copy.fill(words.offlineTwo, ["first": top[0], "second": top[1]])
        }
    }
}

/// `/week`, `/journey weeks`: titles, the compact day lines, the offline summaries.
public struct WeekCopy: CopySection {
    public static let key = "week"
    public let title, thisWeek, lastWeek, weekOf, range, dayAndYear, count, countOne, day, moreOnDay: String
    public let kinds, moods, empty, heavyWeek, offlineOne, offlineTwo, offlineNone: String
    public let listTitle, listSubtitle, listWeek, listMore, unknownWeek: String

    public init(_ words: CopyWords) throws {
        title = try words.text("title")
        thisWeek = try words.text("thisWeek")
        lastWeek = try words.text("lastWeek")
        weekOf = try words.text("weekOf")
        range = try words.text("range")
        dayAndYear = try words.text("dayAndYear")
        count = try words.text("count")
        countOne = try words.text("countOne")
        day = try words.text("day")
        moreOnDay = try words.text("moreOnDay")
        kinds = try words.text("kinds")
        moods = try words.text("moods")
        empty = try words.text("empty")
        heavyWeek = try words.text("heavyWeek")
        offlineOne = try words.text("offlineOne")
        offlineTwo = try words.text("offlineTwo")
        offlineNone = try words.text("offlineNone")
        listTitle = try words.text("listTitle")
        listSubtitle = try words.text("listSubtitle")
        listWeek = try words.text("listWeek")
        listMore = try words.text("listMore")
        unknownWeek = try words.text("unknownWeek")
    }
}
