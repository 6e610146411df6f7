/// Totals, a small chart of recent weeks and the most common kinds of wins. No streaks.
/// ```
/// Stats
/// Moments             128
/// Days with moments    42
/// Favourites            7
///
/// Recent weeks (Mon → Sun)
/// Nov 2    ▂ ▅▃▁ █
/// ```
public enum StatsView {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    public static func render(
        _ totals: MomentTotals, today: LocalDay, weeks: Int, copy: Copy, moods: MoodVocabulary, width: Int
    )
        -> [StyledLine]
    {
        let words = copy[StatsCopy.self]
        var lines = [StyledLine(words.title, .title)]
        guard totals.moments > 0 else { return lines + [StyledLine(words.empty)] }
        let rows = [
            (words.moments, totals.moments), (words.days, totals.daysWithMoments),
            (words.favorites, totals.favorites),
        ]
        let labelWidth = rows.map { TextWidth.columns($0.0) }.max()! + 2
        let numberWidth = rows.map { String($0.1).count }.max()!
        for (label, value) in rows {
            let number = String(value)
            lines.append(
                StyledLine(
                    label + String(repeating: " ", count: labelWidth - TextWidth.columns(label))
                        + String(repeating: " ", count: numberWidth - number.count) + number))
        }
        lines.append(StyledLine(""))
        lines.append(StyledLine(words.recent, .primary))
        let monday = today.number - today.weekday
        let peak = max(1, totals.perDay.values.max() ?? 1)
        for week in stride(from: weeks - 1, through: 0, by: -1) {
            let start = LocalDay(number: monday - 7 * week)
            var bars = ""
            for offset in 0..<7 {
                let day = LocalDay(number: start.number + offset)
                if day > today { break }
                let count = totals.perDay[day.text] ?? 0
                bars.append(count == 0 ? "·" : blocks[min(7, (count * 8 - 1) / peak)])
            }
            let label = TimeWords(copy).monthDay(start)
            let weekTotal = (0..<7).reduce(0) { $0 + (totals.perDay[LocalDay(number: start.number + $1).text] ?? 0) }
            lines.append(StyledLine(label.padding(toLength: 8) + bars.padding(toLength: 9) + String(weekTotal)))
        }
        lines.append(StyledLine(""))
        lines.append(StyledLine(words.kinds, .primary))
        // A crisis moment has no kind (its action is empty): it is not a win to count.
        let kinds = totals.actions.filter { !$0.0.isEmpty }.prefix(5).map { "\($0.0) \($0.1)" }.joined(separator: " · ")
        lines += TextWidth.wrap(kinds, width: width).map { StyledLine($0) }
        // Only when moods were given; every feeling is counted the same way, none as "bad".
        guard !totals.moods.isEmpty else { return lines }
        lines.append(StyledLine(""))
        lines.append(StyledLine(words.feelings, .primary))
        let felt = totals.moods.map { mood, count in
            let symbol = moods.shown(mood).symbol
            return (symbol.isEmpty ? "" : symbol + " ") + TerminalSanitizer.clean(mood) + " " + String(count)
        }
        lines += TextWidth.wrap(felt.joined(separator: " · "), width: width).map { StyledLine($0) }
        return lines
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        let columns = TextWidth.columns(self)
        return columns >= length ? self + " " : self + String(repeating: " ", count: length - columns)
    }
}

/// `/stats`.
public struct StatsCopy: CopySection {
    public static let key = "stats"
    public let title: String
    public let moments: String
    public let days: String
    public let favorites: String
    public let recent: String
    public let kinds: String
    public let feelings: String
    public let empty: String

    public init(_ words: CopyWords) throws {
        title = try words.text("title")
        moments = try words.text("moments")
        days = try words.text("days")
        favorites = try words.text("favorites")
        recent = try words.text("recent")
        kinds = try words.text("kinds")
        feelings = try words.text("feelings")
        empty = try words.text("empty")
    }
}
