import YadgLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a view shows for a moment's time at any later now (<doc:TimeSemantics>, "Labels that stay
/// true"). The words that were said are shown while they are still true: the day they were said
/// for a day or a part of one (`yday`, `this am`, `last night`), the hour after for a vague recent
/// time (`an hour or so ago`), the week or month for a relative period (`last week`). Then the
/// view speaks from now with the precision that was given: `yesterday morning`, `Monday`,
/// `Nov 19`, `earlier today`, `the week of Nov 9`, never a clock time. Words that name a date
/// (`on Nov 3`, `in 2020`) stay true. Slang is for typing: `yday` reads `yesterday`.
extension TimeWords {
    /// The label, or nil when no words were said (the view shows the relative time or clock).
    public func label(for moment: Moment, now: Date, in zone: Zone) -> String? {
        label(moment.said, happenedAt: moment.happenedAt, saidAt: moment.submittedAt, now: now, in: zone)
    }

    /// The label of a time said at `saidAt` (the moment's submission, or now for `/when`'s answer).
    public func label(_ saidTime: SaidTime, happenedAt: Date, saidAt: Date, now: Date, in zone: Zone) -> String? {
        guard let said = saidTime.words else { return nil }
        let lowered = said.lowercased()
        let happened = Self.dayNumber(happenedAt, zone)
        let today = Self.dayNumber(now, zone)
        let saidOn = Self.dayNumber(saidAt, zone)
        if Self.namesADate(lowered) { return said }
        // Words of today are true only of today's calendar day: "tonight" said at 00:30 is under
        // Yesterday, so it reads "last night" there (the sections are calendar days).
        let stillTrue = saidOn == today && (happened == today || Self.namesAnotherDay(lowered))
        switch saidTime.precision {
        case .day:
            if stillTrue { return Self.spelledOut(said, lowered: lowered) }
            return dayAndPart(happened, Self.part(of: lowered), today: today)
        case .period:
            if lowered.hasSuffix("ago") || lowered.hasSuffix("back") {
                // A vague recent time: true for the hour after it was said.
                if now.timeIntervalSince(saidAt) < 3600 { return said }
                return happened == today ? words.earlierToday : dayName(happened, today: today)
            }
            if stillTrue { return Self.spelledOut(said, lowered: lowered) }
            // A meal or a routine (`at lunch`, `before work`): the day, with its part.
            if let part = Self.part(of: lowered) { return dayAndPart(happened, part, today: today) }
            if lowered.contains("week") {
                let monday = LocalDay(number: happened - LocalDay(number: happened).weekday)
                return Copy.fill(words.weekOf, ["date": monthDay(monday)])
            }
            let day = LocalDay(number: happened)
            return Copy.fill(
                words.inMonth,
                ["month": day.year == LocalDay(number: today).year ? words.months[day.month - 1] : monthYear(day)])
        case .exact, .clock:
            return Self.spelledOut(said, lowered: lowered)
        }
    }

    /// A day and the part of it said, from now: `this morning`, `tonight`, `yesterday evening`,
    /// `last night`, `Monday evening`, `Nov 19 night`; the day alone without a part.
    func dayAndPart(_ day: Int, _ part: String?, today: Int) -> String {
        guard let part else { return dayName(day, today: today) }
        let partWords = words.dayParts[part] ?? part
        if day == today { return part == "night" ? words.tonight : Copy.fill(words.thisPart, ["part": partWords]) }
        if day == today - 1 && part == "night" { return words.lastNight }
        return Copy.fill(words.dayAndPart, ["day": dayName(day, today: today), "part": partWords])
    }

    /// Whether the words name a day other than the one they were said on (`yday`, `last night`,
    /// `on monday`, `3 days ago`): then they stay true all that day, whatever day they name.
    static func namesAnotherDay(_ words: String) -> Bool {
        var words = words
        return words.withUTF8 { bytes in anyWord(of: bytes) { otherDayWords[bytes: $0] != nil } }
    }

    static let otherDayWords = WordSet(
        words: ["yesterday", "yday", "yest", "ystrdy", "last", "ago", "before", "other", "past"]
            + WeekdayParser.names.keys + WeekdayParser.abbreviations.keys)

    /// `yesterday`, a weekday within the week, else `Nov 19` (`Nov 19, 2025` in another year).
    func dayName(_ day: Int, today: Int) -> String {
        if day == today { return words.today }
        if day == today - 1 { return words.yesterday }
        if day < today && day >= today - 6 { return words.weekdays[TimeContext.weekday(ofDay: day)] }
        let date = LocalDay(number: day)
        return date.year == LocalDay(number: today).year ? monthDay(date) : monthDayYear(date)
    }

    func monthYear(_ day: LocalDay) -> String { words.months[day.month - 1] + " " + String(day.year) }

    /// Words that name the date itself stay true whenever they are read.
    static func namesADate(_ words: String) -> Bool {
        var words = words
        return words.withUTF8 { bytes in
            if bytes.contains(where: { (0x30...0x39).contains($0) }) && bytes.firstRange(of: "ago".utf8) == nil {
                return true
            }
            return anyWord(of: bytes) { $0.count >= 3 && monthNames[bytes: $0] != nil }
        }
    }

    static let monthNames = WordTable(MonthDayParser.months)

    /// Whether any of the space-separated words in `bytes` is one `isOne` accepts; each is looked
    /// at in place (a card's label reads its words this way for every moment logged).
    static func anyWord(of bytes: UnsafeBufferPointer<UInt8>, _ isOne: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var start = 0
        for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: " ") {
            if isOne(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return true }
            start = end + 1
        }
        return false
    }

    /// The part of a day the words name, if any.
    static func part(of words: String) -> String? {
        let tokens = Set(words.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
        if tokens.contains("before") && !tokens.isDisjoint(with: ["work", "school"]) { return "morning" }
        if tokens.contains("after") && tokens.contains("work") { return "evening" }
        if tokens.contains("after") && tokens.contains("school") { return "afternoon" }
        if !tokens.isDisjoint(with: ["bedtime", "bed"]) { return "night" }
        if tokens.contains("first") && tokens.contains("thing") { return "morning" }
        if !tokens.isDisjoint(with: ["morning", "am", "breakfast"]) { return "morning" }
        if !tokens.isDisjoint(with: ["afternoon", "arvo", "lunch", "lunchtime"]) { return "afternoon" }
        if !tokens.isDisjoint(with: [
            "evening", "eve", "tonight", "2nite", "tonite", "dinner", "supper", "tea", "bathtime",
        ]) {
            return "evening"
        }
        if !tokens.isDisjoint(with: ["night", "nite"]) { return "night" }
        return nil
    }

    /// Typed slang read back in full: `yday` → `yesterday`, `this am` → `this morning`. Words
    /// with no slang (nearly all) come back as they are: the lower-cased words are looked up in
    /// place, and only a line with slang is split and joined.
    static func spelledOut(_ words: String, lowered: String) -> String {
        var lowered = lowered
        guard lowered.withUTF8({ anyWord(of: $0) { slang[bytes: $0] != nil } }) else { return words }
        return words.split(separator: " ", omittingEmptySubsequences: false)
            .map { slang[$0.lowercased()] ?? String($0) }.joinedText(separator: " ")
    }

    static let slang = WordTable([
        "yday": "yesterday", "yest": "yesterday", "ystrdy": "yesterday", "am": "morning", "pm": "afternoon",
        "2nite": "tonight", "tonite": "tonight", "nite": "night", "arvo": "afternoon", "tmrw": "tomorrow",
        "eve": "evening", "brekkie": "breakfast", "brekky": "breakfast", "b4": "before",
        // Weekdays as the views write them (`monday evening` reads `Monday evening`).
        "monday": "Monday", "tuesday": "Tuesday", "wednesday": "Wednesday", "thursday": "Thursday",
        "friday": "Friday", "saturday": "Saturday", "sunday": "Sunday", "mon": "Monday", "tue": "Tuesday",
        "tues": "Tuesday", "thu": "Thursday", "thur": "Thursday", "thurs": "Thursday", "fri": "Friday",
    ])
}
