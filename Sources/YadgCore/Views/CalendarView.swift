/// A month grid, Monday first, with a mark after each day that has moments:
/// ```
/// November 2026
/// Mo  Tu  We  Th  Fr  Sa  Su
///                          1
///  2   3•  4   5   6   7   8
/// ```
/// Today's number is drawn in the title colour on colour terminals and named below the grid.
public enum CalendarView {
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    public static func render(year: Int, month: Int, marked: Set<Int>, today: LocalDay, copy: Copy) -> [StyledLine] {
        var lines = [
            StyledLine("\(copy[CalendarCopy.self].months[month - 1]) \(year)", .title),
            StyledLine(copy[CalendarCopy.self].weekdays, .dim),
        ]
        let first = LocalDay(number: CivilTime.daysFromCivil(year: year, month: month, day: 1))
        let count = AmountOfTime.daysIn(month: month, year: year)
        var cells = Array(repeating: "    ", count: first.weekday)
        var todayRow: Int?
        var todayLabel = ""
        for day in 1...count {
            let number = first.number + day - 1
            let label = (day < 10 ? " " : "") + String(day)
            cells.append(label + (marked.contains(number) ? "• " : "  "))
            if number == today.number {
                todayRow = (cells.count - 1) / 7
                todayLabel = label
            }
        }
        for (row, start) in stride(from: 0, to: cells.count, by: 7).enumerated() {
            let text = cells[start..<min(start + 7, cells.count)].joined()
            var trimmed = text
            while trimmed.hasSuffix(" ") { trimmed.removeLast() }
            lines.append(StyledLine(trimmed, .plain, emphasis: row == todayRow ? todayLabel : nil))
        }
        lines.append(StyledLine(""))
        lines.append(StyledLine(copy[CalendarCopy.self].legend, .dim))
        lines.append(
            StyledLine(Copy.fill(copy[CalendarCopy.self].today, ["date": TimeWords(copy).monthDayYear(today)]), .dim))
        return lines
    }

    /// Reads "october", "oct 2025", "2026-10", "10/2026", "last month", "next month"; nil when it
    /// names no month.
    public static func month(_ text: String, today: LocalDay) -> (year: Int, month: Int)? {
        let (thisYear, thisMonth, _) = CivilTime.civilFromDays(today.number)
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "/" || $0 == "," })
        guard !words.isEmpty else { return (thisYear, thisMonth) }
        var month: Int?
        var year: Int?
        for word in words {
            if let number = Int(word) {
                if number > 31 { year = number } else if (1...12).contains(number) { month = number }
            } else if let named = MonthDayParser.months[String(word)] {
                month = named
            } else if word == "last" || word == "previous" {
                month = thisMonth == 1 ? 12 : thisMonth - 1
                year = thisMonth == 1 ? thisYear - 1 : thisYear
            } else if word == "next" {
                month = thisMonth == 12 ? 1 : thisMonth + 1
                year = thisMonth == 12 ? thisYear + 1 : thisYear
            } else if word == "this" || word == "month" {
                month = month ?? thisMonth
            } else {
                return nil
            }
        }
        guard let month else { return nil }
        // A month without a year is its most recent one.
        return (year ?? (month <= thisMonth ? thisYear : thisYear - 1), month)
    }
}

/// `/calendar`.
public struct CalendarCopy: CopySection {
    public static let key = "calendar"
    public let legend: String
    public let today: String
    public let unknownMonth: String
    public let months: [String]
    public let weekdays: String

    public init(_ words: CopyWords) throws {
        legend = try words.text("legend")
        today = try words.text("today")
        unknownMonth = try words.text("unknownMonth")
        months = try words.list("months")
        weekdays = try words.text("weekdays")
    }
}
