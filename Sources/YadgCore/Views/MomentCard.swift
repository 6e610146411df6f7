import Foundation

/// The card printed right after a moment is saved:
/// ```
/// Moment logged  #12
///   took a walk
///   2 hours ago · 1:04 PM
///   Nice move, champ.
/// ```
public enum MomentCard {
    public static func render(_ moment: Moment, now: Date, zone: TimeZone, copy: Copy) -> [StyledLine] {
        let card = [
            StyledLine(
                moment.ref > 0
                    ? copy.momentLogged + "  " + Copy.fill(copy.momentReference, ["ref": String(moment.ref)])
                    : copy.momentLogged, .primary),
            StyledLine("  " + moment.text),
            StyledLine("  " + TimeWords.when(moment.happenedAt, said: moment.said, now: now, in: zone), .dim),
        ]
        // A crisis moment has no praise line: the crisis message stands in its place.
        return moment.offlinePraise.isEmpty ? card : card + [StyledLine("  " + moment.offlinePraise, .secondary)]
    }
}
