/// A local calendar day as "2026-11-19", with the arithmetic the views need.
public struct LocalDay: Sendable, Equatable, Comparable, Hashable {
    public let number: Int  // days since 1970-01-01

    public init(number: Int) { self.number = number }

    public init?(_ text: String) {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        number = CivilTime.daysFromCivil(year: parts[0], month: parts[1], day: parts[2])
    }

    public var text: String {
        let (y, m, d) = CivilTime.civilFromDays(number)
        return "\(CivilTime.pad(y, 4))-\(CivilTime.pad(m))-\(CivilTime.pad(d))"
    }

    public var year: Int { CivilTime.civilFromDays(number).year }
    /// 1…12.
    public var month: Int { CivilTime.civilFromDays(number).month }
    public var dayOfMonth: Int { CivilTime.civilFromDays(number).day }

    /// Monday = 0 … Sunday = 6.
    public var weekday: Int { TimeContext.weekday(ofDay: number) }

    public static func < (a: LocalDay, b: LocalDay) -> Bool { a.number < b.number }
}

/// `"2026-11-19"` in code and tests; a literal that is not a day is a programming error.
extension LocalDay: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) {
        guard let day = LocalDay(text) else { preconditionFailure("not a day: \(text)") }
        self = day
    }
}
