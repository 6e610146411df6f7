/// The Journey: one card per day, newest first.
/// ```
/// Oct 25, 2025  🙂 Calm day
/// 3 moments logged
///  • Cleaned something quietly bothering me
/// Summary: "Steady, gentle progress. You took care of small things today."
/// ```
public enum JourneyView {
    public struct Day: Sendable, Equatable {
        public let day: LocalDay
        public let moments: [Moment]
        public let summary: String

        public init(day: LocalDay, moments: [Moment], summary: String) {
            self.day = day
            self.moments = moments
            self.summary = summary
        }
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
        for day in days {
            lines.append(StyledLine(""))
            lines.append(StyledLine("\(day.day.long)  \(DayDigest.moodLabel(for: day.moments))", .primary))
            let count = day.moments.count
            lines.append(
                StyledLine(
                    count == 1 ? copy.journeyCountOne : Copy.fill(copy.journeyCount, ["count": String(count)]), .dim))
            for moment in day.moments.reversed() {  // in the order they happened
                lines += TextWidth.wrap(moment.text, width: width, firstIndent: " • ", indent: "   ").map {
                    StyledLine($0)
                }
            }
            lines += TextWidth.wrap("Summary: \"\(day.summary)\"", width: width).map { StyledLine($0, .secondary) }
        }
        if hasMore {
            lines.append(StyledLine(""))
            lines.append(StyledLine(copy.journeyMore, .dim))
        }
        return lines
    }
}
