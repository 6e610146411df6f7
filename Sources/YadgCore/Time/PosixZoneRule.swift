/// A POSIX `TZ` rule such as `EST5EDT,M3.2.0,M11.1.0` or `<+0530>-5:30`: a standard offset and,
/// for a zone with daylight saving time, its offset and the two yearly changes (POSIX.1-2017 §8.3,
/// with RFC 8536's extension of change times to ±167 hours).
///
/// A TZif file's footer is one, and says the offsets after the file's last transition; the `TZ`
/// variable may be one too.
struct PosixZoneRule: Sendable, Equatable {
    /// Seconds east of UTC (POSIX writes the opposite sign: `EST5` is five hours west).
    let standardOffset: Int
    let daylight: Daylight?

    struct Daylight: Sendable, Equatable {
        let offset: Int
        let start: Change
        let end: Change
    }

    /// When in the year a change happens, at `time` seconds after that day's local midnight (on
    /// the clock in force before the change).
    struct Change: Sendable, Equatable {
        let day: Day
        let time: Int
    }

    enum Day: Sendable, Equatable {
        /// `Jn`: day 1…365, February 29th never counted.
        case julianNoLeap(Int)
        /// `n`: day 0…365, February 29th counted.
        case zeroBased(Int)
        /// `Mm.w.d`: the `week`th (5 = last) `weekday` (0 = Sunday) of `month`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    init(standardOffset: Int, daylight: Daylight?) {
        self.standardOffset = standardOffset
        self.daylight = daylight
    }

    /// Nil when `text` is not a rule.
    init?(_ text: String) {
        var reader = Reader(bytes: Array(text.utf8))
        guard reader.name(), let standard = reader.offset(maxHours: 24) else { return nil }
        standardOffset = -standard
        if reader.atEnd {
            daylight = nil
            return
        }
        guard reader.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if !reader.atEnd, reader.peek != UInt8(ascii: ",") {
            guard let written = reader.offset(maxHours: 24) else { return nil }
            daylightOffset = -written
        }
        // A zone named without its changes keeps the United States' (as the C library does).
        let start: Change
        let end: Change
        if reader.atEnd {
            start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
            end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
        } else {
            guard reader.take(UInt8(ascii: ",")), let first = reader.change(), reader.take(UInt8(ascii: ",")),
                let second = reader.change(), reader.atEnd
            else { return nil }
            (start, end) = (first, second)
        }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    /// The offset at an instant (seconds since 1970, UTC).
    func offset(at instant: Int64) -> Int {
        guard let daylight else { return standardOffset }
        let year = CivilTime.civilFromDays(Self.floorDivide(Int(instant) + standardOffset, 86400)).year
        let starts = Int64(Self.day(daylight.start.day, in: year) * 86400 + daylight.start.time - standardOffset)
        let ends = Int64(Self.day(daylight.end.day, in: year) * 86400 + daylight.end.time - daylight.offset)
        let inDaylight =
            starts < ends ? (instant >= starts && instant < ends) : !(instant >= ends && instant < starts)
        return inDaylight ? daylight.offset : standardOffset
    }

    /// The day (days since 1970) a change falls on in `year`.
    static func day(_ day: Day, in year: Int) -> Int {
        let january1 = CivilTime.daysFromCivil(year: year, month: 1, day: 1)
        switch day {
        case .julianNoLeap(let n):
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return january1 + n - 1 + (leap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            return january1 + n
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilTime.daysFromCivil(year: year, month: month, day: 1)
            let next =
                month == 12
                ? CivilTime.daysFromCivil(year: year + 1, month: 1, day: 1)
                : CivilTime.daysFromCivil(year: year, month: month + 1, day: 1)
            // 1970-01-01 was a Thursday (weekday 4).
            let firstWeekday = ((first + 4) % 7 + 7) % 7
            var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            while day >= next { day -= 7 }
            return day
        }
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }

        static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        /// `EST` (three letters or more) or `<+0530>` (three or more letters, digits and signs).
        mutating func name() -> Bool {
            let start = index
            if take(UInt8(ascii: "<")) {
                while let byte = peek, Self.isLetter(byte) || Self.isDigit(byte) || byte == 0x2B || byte == 0x2D {
                    index += 1
                }
                return index - start - 1 >= 3 && take(UInt8(ascii: ">"))
            }
            while let byte = peek, Self.isLetter(byte) { index += 1 }
            return index - start >= 3
        }

        mutating func number(maxDigits: Int) -> Int? {
            var value = 0
            var digits = 0
            while let byte = peek, Self.isDigit(byte), digits < maxDigits {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            return digits > 0 ? value : nil
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, as written (positive west for an offset).
        mutating func offset(maxHours: Int) -> Int? {
            let sign = take(UInt8(ascii: "-")) ? -1 : (take(UInt8(ascii: "+")) ? 1 : 1)
            guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
            var seconds = hours * 3600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(UInt8(ascii: ":")) {
                    guard let rest = number(maxDigits: 2), rest < 60 else { return nil }
                    seconds += rest
                }
            }
            return sign * seconds
        }

        /// `Jn`, `n` or `Mm.w.d`, then `/time` (two o'clock when left out).
        mutating func change() -> Change? {
            let day: Day
            if take(UInt8(ascii: "J")) {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                day = .julianNoLeap(n)
            } else if take(UInt8(ascii: "M")) {
                guard let month = number(maxDigits: 2), (1...12).contains(month), take(UInt8(ascii: ".")),
                    let week = number(maxDigits: 1), (1...5).contains(week), take(UInt8(ascii: ".")),
                    let weekday = number(maxDigits: 1), weekday <= 6
                else { return nil }
                day = .monthWeekDay(month: month, week: week, weekday: weekday)
            } else {
                guard let n = number(maxDigits: 3), n <= 365 else { return nil }
                day = .zeroBased(n)
            }
            var time = 7200
            if take(UInt8(ascii: "/")) {
                guard let written = offset(maxHours: 167) else { return nil }
                time = written
            }
            return Change(day: day, time: time)
        }
    }
}
