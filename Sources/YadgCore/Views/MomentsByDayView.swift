import Foundation

/// The Moments list: sections Today, Yesterday, then dates, newest first.
/// ```
/// Moments
///
/// Today
///    1  took a walk
///       2 hours ago · "Nice move, champ."
/// ```
/// The numbers are the moments' own short references (``Moment/ref``), the same in every list.
public enum MomentsByDayView {
    public static func render(_ moments: [Moment], now: Date, zone: TimeZone, copy: Copy, width: Int = 80)
        -> [StyledLine]
    {
        var lines = [StyledLine(copy.momentsTitle, .title)]
        guard !moments.isEmpty else {
            lines.append(StyledLine(""))
            lines.append(StyledLine(copy.momentsEmpty))
            lines.append(StyledLine(copy.momentsEmptyAction, .dim))
            return lines
        }
        let today = TimeWords.dayNumber(now, zone)
        var currentDay: Int?
        let digits = String(moments.map(\.ref).max() ?? 0).count
        for moment in moments {
            let day = TimeWords.dayNumber(moment.happenedAt, zone)
            if day != currentDay {
                currentDay = day
                lines.append(StyledLine(""))
                lines.append(StyledLine(sectionTitle(day: day, today: today, moment.happenedAt, zone, copy), .title))
            }
            let number = String(moment.ref)
            let reference = String(repeating: " ", count: digits - number.count) + number
            let star = moment.isFavorite ? "★ " : ""
            let pad = String(repeating: " ", count: digits + 4)
            lines += TextWidth.wrap(star + moment.text, width: width, firstIndent: "  \(reference)  ", indent: pad)
                .map { StyledLine($0) }
            let when =
                moment.said.words
                ?? (day == today
                ? TimeWords.relative(moment.happenedAt, now: now, in: zone)
                : TimeWords.clock(moment.happenedAt, in: zone))
            let detail = moment.praise.isEmpty ? when : "\(when) · \"\(moment.praise)\""
            lines += TextWidth.wrap(detail, width: width, firstIndent: pad, indent: pad).map { StyledLine($0, .dim) }
        }
        return lines
    }

    static func sectionTitle(day: Int, today: Int, _ date: Date, _ zone: TimeZone, _ copy: Copy) -> String {
        if day == today { return copy.momentsToday }
        if day == today - 1 { return copy.momentsYesterday }
        let f = CivilTime.fields(of: date, in: zone)
        let weekday = TimeWords.weekdayNames[TimeContext.weekday(ofDay: day)]
        return "\(weekday), \(TimeWords.monthAbbreviations[f.month - 1]) \(f.day), \(f.year)"
    }
}
