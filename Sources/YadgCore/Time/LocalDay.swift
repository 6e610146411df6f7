/// A local calendar day as "2026-11-19", with the arithmetic the views need.
public struct LocalDay: Sendable, Equatable, Comparable, Hashable {
    public let number: Int  // days since 1970-01-01

    public init(number: Int) { self.number = number }

    public init?(_ text: String) {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        number = CivilTime.daysFromCivil(year: parts[0], month: parts[1], day: parts[2])
    }

    /// `2026-11-25`, written digit by digit (every saved moment needs it, and interpolating three
    /// padded numbers cost two thousand instructions).
    public var text: String {
        let (y, m, d) = CivilTime.civilFromDays(number)
        guard (0...9999).contains(y) else { return "\(CivilTime.pad(y, 4))-\(CivilTime.pad(m))-\(CivilTime.pad(d))" }
        return String(unsafeUninitializedCapacity: 10) { bytes in
            for (offset, value, width) in [(0, y, 4), (5, m, 2), (8, d, 2)] {
                var n = value
                for i in stride(from: offset + width - 1, through: offset, by: -1) {
                    bytes[i] = UInt8(48 + n % 10)
                    n /= 10
                }
            }
            bytes[4] = UInt8(ascii: "-")
            bytes[7] = UInt8(ascii: "-")
            return 10
        }
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
