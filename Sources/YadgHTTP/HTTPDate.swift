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
        // FoundationEssentials' own Gregorian calendar at UTC needs no ICU.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
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
