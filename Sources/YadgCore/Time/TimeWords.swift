#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Says when something happened the way a person would ("2 hours ago · 1:04 PM"), in the words of
/// the `time` section of the copy.
public struct TimeWords: Sendable {
    let words: TimeWordsCopy

    public init(_ copy: Copy) { words = copy[TimeWordsCopy.self] }

    /// "1:04 PM".
    public func clock(_ date: Date, in zone: Zone) -> String {
        let f = CivilTime.fields(of: date, in: zone)
        let hour12 = f.hour % 12 == 0 ? 12 : f.hour % 12
        return Copy.fill(
            words.clock,
            ["hour": String(hour12), "minute": CivilTime.pad(f.minute), "period": f.hour < 12 ? words.am : words.pm])
    }

    /// Within a minute either way of `now`: said as "just now".
    public static func isNow(_ date: Date, now: Date) -> Bool { abs(now.timeIntervalSince(date)) < 60 }

    /// "just now", "5 min ago", "2 hours ago", "yesterday", "Monday", "Nov 3", "Nov 3, 2025".
    public func relative(_ date: Date, now: Date, in zone: Zone) -> String {
        let seconds = now.timeIntervalSince(date)
        let day = Self.dayNumber(date, zone)
        let today = Self.dayNumber(now, zone)
        if Self.isNow(date, now: now) { return words.justNow }
        if day == today && seconds > 0 {
            let minutes = Int(seconds / 60)
            if minutes < 60 { return Copy.fill(words.minutesAgo, ["count": String(minutes)]) }
            return hoursAgo(seconds)
        }
        if day == today - 1 { return words.yesterday }
        if day < today && day >= today - 6 { return words.weekdays[TimeContext.weekday(ofDay: day)] }
        let dayOfMonth = LocalDay(number: day)
        return dayOfMonth.year == LocalDay(number: today).year ? monthDay(dayOfMonth) : monthDayYear(dayOfMonth)
    }

    /// An hour or more ago: "2 hours ago" when it is that to the minute, else rounded and said so,
    /// "about 2 hours ago" (122 min), never a different amount said as exact. Under three hours to
    /// the half hour ("about 1.5 hours ago"), then to the hour.
    func hoursAgo(_ seconds: TimeInterval) -> String {
        // In half hours, rounded to the half under three hours and to the whole hour after.
        let step = seconds < 10_800 - 60 ? 1 : 2
        let halves = Int((seconds / Double(1800 * step)).rounded()) * step
        let count = halves % 2 == 0 ? String(halves / 2) : String(halves / 2) + ".5"
        if abs(seconds - Double(halves * 1800)) <= 60 {
            return halves == 2 ? words.hourAgo : Copy.fill(words.hoursAgo, ["count": count])
        }
        return halves == 2 ? words.aboutHourAgo : Copy.fill(words.aboutHoursAgo, ["count": count])
    }

    /// "2 hours ago · 1:04 PM": the card's "when" line.
    public func when(_ date: Date, now: Date, in zone: Zone) -> String {
        Copy.fill(words.withClock, ["when": relative(date, now: now, in: zone), "clock": clock(date, in: zone)])
    }

    /// "Nov 3".
    public func monthDay(_ day: LocalDay) -> String {
        Copy.fill(words.monthDay, ["month": words.months[day.month - 1], "day": String(day.dayOfMonth)])
    }

    /// "Nov 3, 2025".
    public func monthDayYear(_ day: LocalDay) -> String {
        Copy.fill(
            words.monthDayYear,
            ["month": words.months[day.month - 1], "day": String(day.dayOfMonth), "year": String(day.year)])
    }

    /// "Sunday, Nov 15".
    public func weekdayMonthDay(_ day: LocalDay) -> String {
        Copy.fill(words.weekdayAnd, ["weekday": words.weekdays[day.weekday], "date": monthDay(day)])
    }

    /// "Sunday, Nov 15, 2026".
    public func weekdayMonthDayYear(_ day: LocalDay) -> String {
        Copy.fill(words.weekdayAnd, ["weekday": words.weekdays[day.weekday], "date": monthDayYear(day)])
    }

    /// The local calendar day of an instant, as days since 1970-01-01.
    public static func dayNumber(_ date: Date, _ zone: Zone) -> Int {
        let f = CivilTime.fields(of: date, in: zone)
        return CivilTime.daysFromCivil(year: f.year, month: f.month, day: f.day)
    }
}

/// Words for times and dates: relative times, clock times, weekday and month names.
public struct TimeWordsCopy: CopySection {
    public static let key = "time"
    public let justNow, minutesAgo, hourAgo, hoursAgo, yesterday: String
    /// Monday first.
    public let weekdays: [String]
    /// Short month names, January first.
    public let months: [String]
    public let monthDay, monthDayYear, weekdayAnd, clock, am, pm, withClock: String
    /// Labels spoken from now once the words said are no longer true.
    public let today, earlierToday, dayAndPart, weekOf, inMonth: String
    /// A part of today (`this {part}`), and the night's own words.
    public let thisPart, tonight, lastNight: String
    /// An amount of hours that is not exact: `about 2 hours ago`.
    public let aboutHourAgo, aboutHoursAgo: String
    /// `morning`, `afternoon`, `evening`, `night`, as a view says them.
    public let dayParts: [String: String]

    public init(_ words: CopyWords) throws {
        justNow = try words.text("justNow")
        minutesAgo = try words.text("minutesAgo")
        hourAgo = try words.text("hourAgo")
        hoursAgo = try words.text("hoursAgo")
        yesterday = try words.text("yesterday")
        weekdays = try words.list("weekdays")
        months = try words.list("months")
        monthDay = try words.text("monthDay")
        monthDayYear = try words.text("monthDayYear")
        weekdayAnd = try words.text("weekdayAnd")
        clock = try words.text("clock")
        am = try words.text("am")
        pm = try words.text("pm")
        withClock = try words.text("withClock")
        today = try words.text("today")
        earlierToday = try words.text("earlierToday")
        dayAndPart = try words.text("dayAndPart")
        thisPart = try words.text("thisPart")
        tonight = try words.text("tonight")
        lastNight = try words.text("lastNight")
        aboutHourAgo = try words.text("aboutHourAgo")
        aboutHoursAgo = try words.text("aboutHoursAgo")
        weekOf = try words.text("weekOf")
        inMonth = try words.text("inMonth")
        dayParts = try words.table("dayParts")
    }
}
