#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading an answer that is only a time, for `/when` and `/did`.
extension CommandContext {
    enum WhenAnswer: Equatable {
        case at(Date, SaidTime)
        case future
        case unclear
    }

    /// Reads any expression ("yesterday evening", "now"), or a short amount meaning that long ago
    /// ("5 h", "20 min", "an hour"). The moment is done, so a window still ahead is its last
    /// occurrence ("in the evening" at 14:00 is yesterday evening, <doc:TimeSemantics> §6.4).
    func readWhen(_ answer: String, now: Date) -> WhenAnswer {
        for candidate in [answer, answer + " ago"] {
            let parsed = parser.parseWhen(candidate, now: now, timeZone: zone)
            guard parsed.kind != .none, parsed.text.isEmpty else { continue }
            return parsed.kind == .future ? .future : .at(parsed.happenedAt, parsed.said)
        }
        return .unclear
    }

    /// "just now", "2 hours ago · 1:30 PM", a clock time as said ("8:00 AM" today, "yesterday ·
    /// 8:30 PM"), or a day or period as said ("last week").
    /// A day or a part of one reads as a list would show it (`this morning`, `Monday evening`).
    func whenWords(_ date: Date, _ said: SaidTime, _ now: Date, saidAt: Date? = nil) -> String {
        let words = TimeWords(copy)
        if let label = words.label(said, happenedAt: date, saidAt: saidAt ?? now, now: now, in: zone) { return label }
        if said.precision == .clock, TimeWords.dayNumber(date, zone) == TimeWords.dayNumber(now, zone) {
            return words.clock(date, in: zone)
        }
        return TimeWords.isNow(date, now: now)
            ? words.relative(date, now: now, in: zone) : words.when(date, now: now, in: zone)
    }
}
