#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Date ↔ text conversions that need no formatter objects (fast, locale-free, exact).
///
/// Uses Howard Hinnant's days-from-civil algorithms for the proleptic Gregorian calendar.
public enum CivilTime {
    /// Days since 1970-01-01 for a Gregorian date.
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The Gregorian date of a day count since 1970-01-01.
    public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Broken-down local wall time of an instant in a zone.
    public struct Fields: Equatable, Sendable {
        public var year, month, day, hour, minute, second, millisecond: Int
        /// Offset from UTC in seconds at that instant.
        public var offset: Int
    }

    public static func fields(of date: Date, in zone: Zone) -> Fields {
        fields(of: date, offset: zone.secondsFromGMT(for: date))
    }

    /// The same at a fixed offset from UTC in seconds (no time zone lookup: UTC is `0`).
    static func fields(of date: Date, offset: Int) -> Fields {
        let totalMs = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) + offset * 1000
        let days = Int((Double(totalMs) / 86_400_000).rounded(.down))
        let msOfDay = totalMs - days * 86_400_000
        let (y, m, d) = civilFromDays(days)
        return Fields(
            year: y, month: m, day: d, hour: msOfDay / 3_600_000, minute: msOfDay / 60_000 % 60,
            second: msOfDay / 1000 % 60, millisecond: msOfDay % 1000, offset: offset)
    }

    /// `2026-11-19T13:04:00-05:00`: local wall time with the offset in force at that instant.
    public static func iso8601(_ date: Date, in zone: Zone) -> String {
        let f = fields(of: date, in: zone)
        let off = abs(f.offset)
        guard var text = FixedDigits(dateAndTimeOf: f, shape: "0000-00-00T00:00:00+00:00") else {
            return dateAndTimeText(f) + "\(f.offset < 0 ? "-" : "+")\(pad(off / 3600)):\(pad(off / 60 % 60))"
        }
        if f.offset < 0 { text.bytes[19] = UInt8(ascii: "-") }
        text.put(off / 3600, at: 20, width: 2)
        text.put(off / 60 % 60, at: 23, width: 2)
        return text.string
    }

    /// The storage form has four digits of year: a date outside 0000…9999 (UTC) could be written,
    /// but never read back. Such a moment is refused before it is saved.
    public static func isStorable(_ date: Date) -> Bool {
        (0...9999).contains(fields(of: date, offset: 0).year)
    }

    /// `2026-11-19T18:04:00.000Z`: the storage form (UTC, milliseconds; sorts as text).
    public static func utcTimestamp(_ date: Date) -> String {
        let f = fields(of: date, offset: 0)
        guard var text = FixedDigits(dateAndTimeOf: f, shape: "0000-00-00T00:00:00.000Z") else {
            return dateAndTimeText(f) + ".\(pad(f.millisecond, 3))Z"
        }
        text.put(f.millisecond, at: 20, width: 3)
        return text.string
    }

    /// `2026-11-19T18:04:00` for a year outside 0…9999, the slow way.
    private static func dateAndTimeText(_ f: Fields) -> String {
        "\(pad(f.year, 4))-\(pad(f.month))-\(pad(f.day))T\(pad(f.hour)):\(pad(f.minute)):\(pad(f.second))"
    }

    /// A timestamp's shape with its numbers written in place: interpolating padded numbers cost
    /// about ten thousand instructions a timestamp.
    private struct FixedDigits {
        var bytes: [UInt8]

        /// `shape` (`0000-00-00T00:00:00` and what follows) with the date and time written in;
        /// nil for a year outside 0…9999. Every saved moment needs two of these, and every
        /// `--json` event one.
        init?(dateAndTimeOf f: Fields, shape: String) {
            guard (0...9999).contains(f.year) else { return nil }
            bytes = Array(shape.utf8)
            put(f.year, at: 0, width: 4)
            put(f.month, at: 5, width: 2)
            put(f.day, at: 8, width: 2)
            put(f.hour, at: 11, width: 2)
            put(f.minute, at: 14, width: 2)
            put(f.second, at: 17, width: 2)
        }

        mutating func put(_ number: Int, at offset: Int, width: Int) {
            var number = number
            for i in stride(from: offset + width - 1, through: offset, by: -1) {
                bytes[i] = UInt8(48 + number % 10)
                number /= 10
            }
        }

        var string: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Reads `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z`, `±HH:MM`, or nothing (then `zone`'s
    /// wall time). Returns nil when the text is not of that form.
    public static func parse(_ text: String, zone: Zone? = nil) -> Date? {
        let s = Array(text.utf8)
        var i = 0
        func number(_ width: Int) -> Int? {
            guard i + width <= s.count else { return nil }
            var n = 0
            for k in i..<(i + width) {
                guard s[k] >= 48, s[k] <= 57 else { return nil }
                n = n * 10 + Int(s[k] - 48)
            }
            i += width
            return n
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < s.count, s[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
            i < s.count, s[i] == 84 || s[i] == 32
        else { return nil }
        i += 1
        guard let hour = number(2), expect(58), let minute = number(2) else { return nil }
        var second = 0
        var ms = 0
        if expect(58) {
            guard let sec = number(2) else { return nil }
            second = sec
            if expect(46) {
                var digits = 0
                var frac = 0
                while i < s.count, s[i] >= 48, s[i] <= 57 {
                    if digits < 3 { frac = frac * 10 + Int(s[i] - 48) }
                    digits += 1
                    i += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<3 where digits < 3 { frac *= 10 }
                ms = frac
            }
        }
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else {
            return nil
        }
        let wall =
            Double(daysFromCivil(year: year, month: month, day: day)) * 86400
            + Double(hour * 3600 + minute * 60 + second) + Double(ms) / 1000
        if i == s.count {
            guard let zone else { return nil }
            return localToInstant(wallSeconds: wall, zone: zone)
        }
        if expect(90) { return i == s.count ? Date(timeIntervalSince1970: wall) : nil }
        let sign: Double
        if expect(43) { sign = 1 } else if expect(45) { sign = -1 } else { return nil }
        guard let oh = number(2), expect(58), let om = number(2), i == s.count else { return nil }
        return Date(timeIntervalSince1970: wall - sign * Double(oh * 3600 + om * 60))
    }

    /// The instant at which a zone's wall clock shows `wallSeconds` (seconds since 1970-01-01 on
    /// the wall). A wall time inside a spring-forward gap moves forward by the gap; one that occurs
    /// twice (fall-back) means its first occurrence.
    public static func localToInstant(wallSeconds: Double, zone: Zone) -> Date {
        let guess = Date(timeIntervalSince1970: wallSeconds)
        let offsetA = Double(zone.secondsFromGMT(for: guess.addingTimeInterval(-86400)))
        let offsetB = Double(zone.secondsFromGMT(for: guess.addingTimeInterval(86400)))
        // No change of offset within a day either side (nearly always): one answer.
        if offsetA == offsetB { return Date(timeIntervalSince1970: wallSeconds - offsetA) }
        let candidateA = Date(timeIntervalSince1970: wallSeconds - offsetA)
        let candidateB = Date(timeIntervalSince1970: wallSeconds - offsetB)
        let validA = Double(zone.secondsFromGMT(for: candidateA)) == offsetA
        let validB = Double(zone.secondsFromGMT(for: candidateB)) == offsetB
        switch (validA, validB) {
        case (true, true): return min(candidateA, candidateB)  // fall-back overlap: first occurrence
        case (true, false): return candidateA
        case (false, true): return candidateB
        case (false, false):  // spring-forward gap: move forward by the gap
            return Date(timeIntervalSince1970: wallSeconds - offsetA)
        }
    }

    static func pad(_ n: Int, _ width: Int = 2) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
