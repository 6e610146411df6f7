/// The Journey: one card per day, newest first.
/// ```
/// Oct 25, 2025  🙂 Calm day
/// 3 moments logged
///  • Cleaned something quietly bothering me
/// Summary: "Steady, gentle progress. You took care of small things today."
/// ```
public enum JourneyView {
    /// Bullets on one card before "and N more that day".
    public static let bulletsPerDay = 8

    public struct Day: Sendable, Equatable {
        public let day: LocalDay
        public let moments: [Moment]
        public let summary: String

        public init(day: LocalDay, moments: [Moment], summary: String) {
            self.day = day
            self.moments = moments
            self.summary = summary
        }

        /// The day holds crisis language: no mood label, no summary, never sent to write one.
        public var isHeavy: Bool { moments.contains(where: \.isHeavy) }
    }

    /// `firstPage` shows the title; `hasMore` adds the hint for earlier days.
    public static func render(
        _ days: [Day], copy: Copy, moods: MoodVocabulary, width: Int, firstPage: Bool, hasMore: Bool
    )
        -> [StyledLine]
    {
        let words = copy[JourneyCopy.self]
        var lines: [StyledLine] = []
        if firstPage {
            lines = [StyledLine(words.title, .title), StyledLine(words.subtitle, .dim)]
            if days.isEmpty { return lines + [StyledLine(""), StyledLine(words.empty)] }
        } else if days.isEmpty {
            return [StyledLine(words.noMore, .dim)]
        }
        var hasShownHelp = false
        for day in days {
            lines.append(StyledLine(""))
            let label = day.isHeavy ? "" : "  " + DayDigest.moodLabel(for: day.moments, copy: copy, moods: moods)
            lines.append(StyledLine(TimeWords(copy).monthDayYear(day.day) + label, .primary))
            let count = day.moments.count
            lines.append(
                StyledLine(
                    count == 1 ? words.countOne : Copy.fill(words.count, ["count": String(count)]), .dim))
            // In the order they happened; a busy day shows its first few, so a card stays a card.
            let shown = day.moments.reversed().prefix(Self.bulletsPerDay)
            for moment in shown {
                lines += TextWidth.wrap(moment.text, width: width, firstIndent: " • ", indent: "   ").map {
                    StyledLine($0)
                }
            }
            if count > shown.count {
                let more = Copy.fill(words.moreOnDay, ["count": String(count - shown.count)])
                lines.append(StyledLine("   " + more, .dim))
            }
            guard day.isHeavy else {
                lines += TextWidth.wrap(Copy.fill(words.summaryLine, ["summary": day.summary]), width: width).map {
                    StyledLine($0, .secondary)
                }
                continue
            }
            lines += TextWidth.wrap(words.heavyDay, width: width).map { StyledLine($0, .secondary) }
            if !hasShownHelp {
                hasShownHelp = true
                lines += TextWidth.wrap(words.heavyDayHelp, width: width).map { StyledLine($0, .dim) }
            }
        }
        if hasMore {
            lines.append(StyledLine(""))
            lines.append(StyledLine(words.more, .dim))
        }
        return lines
    }
}

/// The Journey: day cards, summaries, mood labels.
public struct JourneyCopy: CopySection {
    public static let key = "journey"
    public let title: String
    public let subtitle: String
    public let empty: String
    public let count: String
    public let countOne: String
    public let moreOnDay: String
    public let more: String
    public let noMore: String
    public let summaryOne: String
    public let heavyDay: String
    public let heavyDayHelp: String
    public let summaryArrived: String
    /// A one-shot Journey asked for a round of summaries only: how many days wait for the next.
    public let summariesLater: String
    public let summarySeveral: String
    public let actions: [String: String]
    public let summaryLine: String
    public let twoThings: String
    public let moods: Moods
    /// A day's label from the moods the person gave: `{symbol} {label}`, two joined by `feelings`.
    public let feeling: String
    public let feelings: String

    public init(_ words: CopyWords) throws {
        title = try words.text("title")
        subtitle = try words.text("subtitle")
        empty = try words.text("empty")
        count = try words.text("count")
        countOne = try words.text("countOne")
        moreOnDay = try words.text("moreOnDay")
        more = try words.text("more")
        noMore = try words.text("noMore")
        summaryOne = try words.text("summaryOne")
        heavyDay = try words.text("heavyDay")
        heavyDayHelp = try words.text("heavyDayHelp")
        summaryArrived = try words.text("summaryArrived")
        summariesLater = try words.text("summariesLater")
        summarySeveral = try words.text("summarySeveral")
        actions = try words.table("actions")
        summaryLine = try words.text("summaryLine")
        twoThings = try words.text("twoThings")
        moods = try Moods(words.section("moods"))
        feeling = try words.text("feeling")
        feelings = try words.text("feelings")
    }

    /// The label of each kind of day (the closed list the summaries choose from).
    public struct Moods: Sendable {
        public let full, busy, gentle, calm: String

        init(_ words: CopyWords) throws {
            full = try words.text("full")
            busy = try words.text("busy")
            gentle = try words.text("gentle")
            calm = try words.text("calm")
        }
    }
}
