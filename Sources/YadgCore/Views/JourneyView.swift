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
        public var isHeavy: Bool { moments.contains(where: \.isCrisis) }
    }

    /// `firstPage` shows the title; `hasMore` adds the hint for earlier days.
    public static func render(_ days: [Day], copy: Copy, width: Int, firstPage: Bool, hasMore: Bool)
        -> [StyledLine]
    {
        var lines: [StyledLine] = []
        if firstPage {
            lines = [StyledLine(copy.journeyTitle, .title), StyledLine(copy.journeySubtitle, .dim)]
            if days.isEmpty { return lines + [StyledLine(""), StyledLine(copy.journeyEmpty)] }
        } else if days.isEmpty {
            return [StyledLine(copy.journeyNoMore, .dim)]
        }
        var hasShownHelp = false
        for day in days {
            lines.append(StyledLine(""))
            let label = day.isHeavy ? "" : "  " + DayDigest.moodLabel(for: day.moments)
            lines.append(StyledLine(day.day.long + label, .primary))
            let count = day.moments.count
            lines.append(
                StyledLine(
                    count == 1 ? copy.journeyCountOne : Copy.fill(copy.journeyCount, ["count": String(count)]), .dim))
            // In the order they happened; a busy day shows its first few, so a card stays a card.
            let shown = day.moments.reversed().prefix(Self.bulletsPerDay)
            for moment in shown {
                lines += TextWidth.wrap(moment.text, width: width, firstIndent: " • ", indent: "   ").map {
                    StyledLine($0)
                }
            }
            if count > shown.count {
                let more = Copy.fill(copy.journeyMoreOnDay, ["count": String(count - shown.count)])
                lines.append(StyledLine("   " + more, .dim))
            }
            guard day.isHeavy else {
                lines += TextWidth.wrap("Summary: \"\(day.summary)\"", width: width).map { StyledLine($0, .secondary) }
                continue
            }
            lines += TextWidth.wrap(copy.journeyHeavyDay, width: width).map { StyledLine($0, .secondary) }
            if !hasShownHelp {
                hasShownHelp = true
                lines += TextWidth.wrap(copy.journeyHeavyDayHelp, width: width).map { StyledLine($0, .dim) }
            }
        }
        if hasMore {
            lines.append(StyledLine(""))
            lines.append(StyledLine(copy.journeyMore, .dim))
        }
        return lines
    }
}
