#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The reference a phrase is read against: now, the person's zone, and derived calendar days.
///
/// Days are counted as local calendar days since 1970-01-01 ("day numbers"), so day arithmetic is
/// integer arithmetic and the zone's rules (DST) apply only when a wall time becomes an instant.
public struct TimeContext: Sendable {
    public let now: Date
    public let zone: Zone
    /// Today's local date, as a day number.
    public let today: Int
    /// Seconds since local midnight, now.
    public let secondsIntoToday: Int

    public init(now: Date, zone: Zone) {
        self.now = now
        self.zone = zone
        let f = CivilTime.fields(of: now, in: zone)
        today = CivilTime.daysFromCivil(year: f.year, month: f.month, day: f.day)
        secondsIntoToday = f.hour * 3600 + f.minute * 60 + f.second
    }

    /// The day a "this morning" or "tonight" refers to: today, except before 05:00, when a person
    /// still awake means the previous calendar day.
    public var logicalToday: Int { secondsIntoToday < 5 * 3600 ? today - 1 : today }

    /// Monday = 0 … Sunday = 6 for a day number (1970-01-01 was a Thursday).
    public static func weekday(ofDay day: Int) -> Int { ((day % 7) + 7 + 3) % 7 }

    /// The instant the wall clock shows `seconds` after midnight on `day` (may exceed 24 h).
    public func instant(day: Int, seconds: Int = 0) -> Date {
        CivilTime.localToInstant(wallSeconds: Double(day) * 86400 + Double(seconds), zone: zone)
    }

    /// The same wall-clock time as now, `days` days earlier (DST-aware calendar arithmetic).
    public func sameTime(daysAgo days: Int) -> Date {
        let f = CivilTime.fields(of: now, in: zone)
        let seconds = Double(f.hour * 3600 + f.minute * 60 + f.second) + Double(f.millisecond) / 1000
        return CivilTime.localToInstant(wallSeconds: Double(today - days) * 86400 + seconds, zone: zone)
    }
}
