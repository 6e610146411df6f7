#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads an HTTP date in its one current form, IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`,
/// RFC 9110 §5.6.7), as servers send it in `Retry-After`.
///
/// By hand because the formatters that read it live in Foundation's internationalisation layer,
/// which yadg does not load (the ICU library it brings costs more than a whole one-shot log).
enum HTTPDate {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func parse(_ text: String) -> Date? {
        // "Sun," "06" "Nov" "1994" "08:49:37" "GMT"
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[5] == "GMT" || parts[5] == "UTC",
            let day = Int(parts[1]), (1...31).contains(day),
            let month = months.firstIndex(where: { $0 == parts[2] }).map({ $0 + 1 }),
            parts[3].count == 4, let year = Int(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = Int(clock[0]), hour < 24,
            let minute = Int(clock[1]), minute < 60, let second = Int(clock[2]), second < 61
        else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// Days since 1970-01-01 of a Gregorian date (Howard Hinnant's days-from-civil).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }
}

/// Header names and values without the spaces, tabs and line ends around them.
enum HeaderText {
    static func trimmed(_ text: some StringProtocol) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
        else { return "" }
        return String(text[first...last])
    }
}
