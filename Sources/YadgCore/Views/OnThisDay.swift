/// This calendar day in earlier months and years: a month ago, six months ago, a year ago and
/// every earlier year. A day that does not exist in a shorter month (Mar 31 a month back, Feb 29
/// a year back) is that month's last day.
public enum OnThisDay {
    /// How far back a group is.
    public enum Distance: Sendable, Equatable {
        case months(Int)
        case years(Int)
    }

    public struct Group: Sendable, Equatable {
        public let distance: Distance
        public let day: LocalDay
        /// The day's first moments (at most ``bulletsPerDay``), in the order they happened.
        public let moments: [Moment]
        /// How many the day holds.
        public let count: Int
    }

    /// Moments shown under one day before "and N more": thirty years of a busy day would be a
    /// long scroll, and a long read.
    public static let bulletsPerDay = 5

    /// Years looked back (a history imported from elsewhere may reach far).
    public static let yearsBack = 30

    /// The earlier days to look at, nearest first.
    public static func days(before today: LocalDay) -> [(Distance, LocalDay)] {
        [(.months(1), back(months: 1, from: today)), (.months(6), back(months: 6, from: today))]
            + (1...yearsBack).map { (.years($0), back(months: 12 * $0, from: today)) }
    }

    static func back(months: Int, from day: LocalDay) -> LocalDay {
        let index = day.year * 12 + (day.month - 1) - months
        let (year, month) = (index / 12, index % 12 + 1)
        let dayOfMonth = min(day.dayOfMonth, AmountOfTime.daysIn(month: month, year: year))
        return LocalDay(number: CivilTime.daysFromCivil(year: year, month: month, day: dayOfMonth))
    }

    /// The groups with moments, from the first moments of the days of ``days(before:)`` (in the
    /// order they happened) and the days' counts.
    public static func groups(_ moments: [Moment], counts: [LocalDay: Int], today: LocalDay) -> [Group] {
        var byDay: [LocalDay: [Moment]] = [:]
        for moment in moments { byDay[moment.localDay, default: []].append(moment) }
        return days(before: today).compactMap { distance, day in
            guard let found = byDay[day], !found.isEmpty else { return nil }
            return Group(distance: distance, day: day, moments: found, count: max(counts[day] ?? 0, found.count))
        }
    }

    public static func render(_ groups: [Group], today: LocalDay, copy: Copy, width: Int) -> [StyledLine] {
        let words = copy[OnThisDayCopy.self]
        let timeWords = TimeWords(copy)
        var lines = [StyledLine(Copy.fill(words.title, ["date": timeWords.monthDay(today)]), .title)]
        guard !groups.isEmpty else {
            return lines + [StyledLine("")]
                + TextWidth.wrap(words.none, width: width).map { StyledLine($0, .secondary) }
        }
        for group in groups {
            lines.append(StyledLine(""))
            lines.append(StyledLine(heading(group, copy: copy), .primary))
            for moment in group.moments {
                lines += TextWidth.wrap(moment.text, width: width, firstIndent: " • ", indent: "   ").map {
                    StyledLine($0)
                }
            }
            if group.count > group.moments.count {
                let more = Copy.fill(
                    words.moreOnDay, ["count": String(group.count - group.moments.count), "date": group.day.text])
                lines += TextWidth.wrap(more, width: width, firstIndent: "   ", indent: "   ").map {
                    StyledLine($0, .dim)
                }
            }
        }
        return lines
    }

    /// "A year ago · Nov 25, 2025".
    static func heading(_ group: Group, copy: Copy) -> String {
        let words = copy[OnThisDayCopy.self]
        let date = TimeWords(copy).monthDayYear(group.day)
        switch group.distance {
        case .months(1): return Copy.fill(words.monthAgo, ["date": date])
        case .months(let n): return Copy.fill(words.monthsAgo, ["count": String(n), "date": date])
        case .years(1): return Copy.fill(words.yearAgo, ["date": date])
        case .years(let n): return Copy.fill(words.yearsAgo, ["count": String(n), "date": date])
        }
    }

    /// Home's one quiet line: the nearest year back that has a moment, and the first moment of
    /// that day. Never a moment that holds crisis language, never a month back.
    public static func homeLine(_ groups: [Group], copy: Copy) -> String? {
        for group in groups {
            guard case .years(let n) = group.distance,
                let moment = group.moments.first(where: { !$0.staysOnThisMachine && !$0.text.isEmpty })
            else { continue }
            let words = copy[OnThisDayCopy.self]
            let text = TerminalSanitizer.clean(moment.text)
            let sentence = text.last.map { ".!?…".contains($0) } == true ? text : text + "."
            return n == 1
                ? Copy.fill(words.homeYear, ["text": sentence])
                : Copy.fill(words.homeYears, ["count": String(n), "text": sentence])
        }
        return nil
    }
}

/// `/onthisday` and Home's line.
public struct OnThisDayCopy: CopySection {
    public static let key = "onThisDay"
    public let title, monthAgo, monthsAgo, yearAgo, yearsAgo, moreOnDay, none, homeYear, homeYears: String

    public init(_ words: CopyWords) throws {
        title = try words.text("title")
        monthAgo = try words.text("monthAgo")
        monthsAgo = try words.text("monthsAgo")
        yearAgo = try words.text("yearAgo")
        yearsAgo = try words.text("yearsAgo")
        moreOnDay = try words.text("moreOnDay")
        none = try words.text("none")
        homeYear = try words.text("homeYear")
        homeYears = try words.text("homeYears")
    }
}
