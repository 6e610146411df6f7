import Foundation

/// Says when something happened the way a person would: "2 hours ago · 1:04 PM".
public enum TimeWords {
    /// "1:04 PM".
    public static func clock(_ date: Date, in zone: TimeZone) -> String {
        let f = CivilTime.fields(of: date, in: zone)
        let hour12 = f.hour % 12 == 0 ? 12 : f.hour % 12
        return "\(hour12):\(CivilTime.pad(f.minute)) \(f.hour < 12 ? "AM" : "PM")"
    }

    /// "just now", "5 min ago", "2 hours ago", "yesterday", "Monday", "Nov 3", "Nov 3, 2025".
    public static func relative(_ date: Date, now: Date, in zone: TimeZone) -> String {
        let seconds = now.timeIntervalSince(date)
        let day = dayNumber(date, zone)
        let today = dayNumber(now, zone)
        if seconds < 60 && seconds > -60 { return "just now" }
        if day == today && seconds > 0 {
            let minutes = Int(seconds / 60)
            if minutes < 60 { return "\(minutes) min ago" }
            let hours = minutes / 60
            return hours == 1 ? "1 hour ago" : "\(hours) hours ago"
        }
        if day == today - 1 { return "yesterday" }
        if day < today && day >= today - 6 {
            return weekdayNames[((day % 7) + 7 + 3) % 7]  // 1970-01-01 was a Thursday
        }
        let f = CivilTime.fields(of: date, in: zone)
        let nowYear = CivilTime.fields(of: now, in: zone).year
        let monthDay = "\(monthAbbreviations[f.month - 1]) \(f.day)"
        return f.year == nowYear ? monthDay : "\(monthDay), \(f.year)"
    }

    /// "2 hours ago · 1:04 PM": the card's "when" line.
    public static func when(_ date: Date, now: Date, in zone: TimeZone) -> String {
        "\(relative(date, now: now, in: zone)) · \(clock(date, in: zone))"
    }

    /// What a card says about a moment's time: the words of a day or period as they were said
    /// ("yesterday", "in 2020"), else the relative time and the clock.
    public static func when(_ date: Date, said: SaidTime, now: Date, in zone: TimeZone) -> String {
        said.words ?? when(date, now: now, in: zone)
    }

    /// The local calendar day of an instant, as days since 1970-01-01.
    public static func dayNumber(_ date: Date, _ zone: TimeZone) -> Int {
        let f = CivilTime.fields(of: date, in: zone)
        return CivilTime.daysFromCivil(year: f.year, month: f.month, day: f.day)
    }

    public static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    public static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
}
