import Foundation

/// The card printed right after a moment is saved:
/// ```
/// Moment logged
///   took a walk
///   2 hours ago · 1:04 PM
///   Nice move, champ.
/// ```
public enum MomentCard {
    public static func render(_ moment: Moment, now: Date, zone: TimeZone, copy: Copy) -> [StyledLine] {
        [
            StyledLine(copy.momentLogged, .primary),
            StyledLine("  " + moment.text),
            StyledLine("  " + TimeWords.when(moment.happenedAt, now: now, in: zone), .dim),
            StyledLine("  " + moment.offlinePraise, .secondary),
        ]
    }
}
