#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns a match's meaning into the moment's time: past (with the instant to store and the period
/// it names) or future. A clock time without a day takes its most recent reading in a line told in
/// the past, and its nearest one in a line that tells no tense (<doc:TimeSemantics> §2.7, §6).
struct TimeResolution {
    var future: Bool
    var at: Date
    var window: DateInterval?

    init(_ meaning: TimeMeaning, _ context: TimeContext, _ tense: Tense = .past) {
        let now = context.now
        switch meaning {
        case .instant(let date):
            self.init(future: date.timeIntervalSince(now) > 60, at: date, window: nil)
        case .period(let start, let end, let representative):
            self.init(start: start, end: end, representative: representative, context)
        case .day(let day, let part):
            let (start, end) =
                part.map { $0.bounds(onDay: day, context) }
                ?? (context.instant(day: day), context.instant(day: day + 1))
            // "today" is stored as now: the person is logging it as it happens.
            let representative = day == context.today && part == nil ? now : nil
            self.init(start: start, end: end, representative: representative, context)
        case .window(let day, let from, let to):
            self.init(
                start: context.instant(day: day, seconds: from), end: context.instant(day: day, seconds: to),
                representative: nil, context)
        case .clock(let clock):
            let at = tense == .none ? Self.nearestReading(clock, context) : Self.mostRecentReading(clock, context)
            self.init(future: at.timeIntervalSince(now) > 60, at: at, window: nil)
        case .dayAndClock(let day, let part, let clock):
            let at = Self.reading(clock, onDay: day, part: part, context)
            self.init(future: at.timeIntervalSince(now) > 60, at: at, window: nil)
        case .future(let date):
            self.init(future: true, at: date, window: nil)
        }
    }

    private init(future: Bool, at: Date, window: DateInterval?) {
        self.future = future
        self.at = at
        self.window = window
    }

    /// A period: future when it has not begun; else cut at now.
    private init(start: Date, end: Date, representative: Date?, _ context: TimeContext) {
        if start > context.now {
            self.init(future: true, at: start, window: nil)
            return
        }
        let cut = min(end, context.now)
        let at = representative ?? start.addingTimeInterval(cut.timeIntervalSince(start) / 2)
        self.init(future: false, at: at, window: DateInterval(start: start, end: max(start, cut)))
    }

    /// A clock reading without a day. Explicit: today if not later than now, else yesterday. Bare
    /// hour: the most recent of its am and pm readings, today or yesterday.
    static func mostRecentReading(_ clock: ClockTime, _ context: TimeContext) -> Date {
        let limit = context.now.addingTimeInterval(60)
        var candidates: [Date] = []
        for day in [context.today, context.today - 1] {
            for seconds in secondsReadings(clock) {
                candidates.append(context.instant(day: day, seconds: seconds))
            }
        }
        return candidates.filter { $0 <= limit }.max() ?? candidates.min()!
    }

    /// A clock reading without a day, in a line that tells no tense: the reading today or yesterday
    /// nearest to now, so "dentist at 3" typed at 14:00 is the coming 15:00 (a plan) and "laundry
    /// at 11pm" typed at 00:40 the 23:00 just gone. On a tie, the earlier.
    static func nearestReading(_ clock: ClockTime, _ context: TimeContext) -> Date {
        var best: Date?
        var bestDistance = Double.infinity
        for day in [context.today - 1, context.today] {
            for seconds in secondsReadings(clock) {
                let reading = context.instant(day: day, seconds: seconds)
                let distance = abs(reading.timeIntervalSince(context.now))
                if distance < bestDistance { (best, bestDistance) = (reading, distance) }
            }
        }
        return best!
    }

    /// A clock reading on a given day. A part decides am or pm for a bare hour ("this evening at
    /// 7" is 19:00; "last night at 1" is 01:00 the next morning); without a part, the latest
    /// reading that is not in the future, else the later one.
    static func reading(_ clock: ClockTime, onDay day: Int, part: DayPart?, _ context: TimeContext) -> Date {
        if clock.explicit {
            var seconds = clock.secondsIntoDay
            if part == .night && clock.hour < 5 { seconds += 86400 }  // "last night at 2am"
            return context.instant(day: day, seconds: seconds)
        }
        let hour = clock.hour % 12
        let minutes = clock.minute * 60
        switch part {
        case .morning:
            return context.instant(day: day, seconds: hour * 3600 + minutes)
        case .afternoon, .evening:
            return context.instant(day: day, seconds: (hour + 12) * 3600 + minutes)
        case .night:
            // 6–11 in the evening of that day; 12 is midnight and 1–5 the small hours after it.
            let seconds = hour >= 6 ? (hour + 12) * 3600 : 86400 + hour * 3600
            return context.instant(day: day, seconds: seconds + minutes)
        case nil:
            let readings = secondsReadings(clock).map { context.instant(day: day, seconds: $0) }
            let limit = context.now.addingTimeInterval(60)
            return readings.filter { $0 <= limit }.max() ?? readings.max()!
        }
    }

    /// Seconds after midnight for each reading of a clock: one for explicit or placed in a half of
    /// the day, am and pm for a bare hour.
    static func secondsReadings(_ clock: ClockTime) -> [Int] {
        if clock.explicit { return [clock.secondsIntoDay] }
        let hour = clock.hour % 12
        let am = hour * 3600 + clock.minute * 60
        switch clock.half {
        case .am?: return [am]
        case .pm?: return [am + 12 * 3600]
        case nil: return [am, am + 12 * 3600]
        }
    }
}
