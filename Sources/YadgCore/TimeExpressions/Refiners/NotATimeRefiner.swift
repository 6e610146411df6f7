import YadgLanguage
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Drops matches that do not say when the win happened (<doc:TimeSemantics> §2.10):
/// - the time of something else, a plan or a deadline: "for next Tuesday", "due on the 1st",
///   "since last week", "registered for the 10k in June";
/// - a time word used as or with a noun: "the Saturday market", "my 8am meds",
///   "the 7 o'clock news", "another Monday", "the best Saturday ever".
struct NotATimeRefiner: TimeMatchRefiner {
    static let otherEventWords: WordSet = [
        "for", "due", "since", "expires", "expire", "expired", "starts", "start", "until", "till", "before", "after",
        "every", "each",
        // "replied to that email from last week", "leftovers from yesterday": when the thing is
        // from, not when the win happened (§5.7).
        "from",
    ]
    static let determiners: WordSet = [
        "the", "my", "a", "an", "another", "every", "each", "our", "your", "his", "her", "their", "its", "that",
    ]
    /// Adjectives that make a weekday or date a noun after a determiner: "the best Saturday".
    static let adjectives: WordSet = [
        "best", "worst", "first", "great", "good", "nice", "lovely", "whole", "entire", "lazy", "busy", "long",
        "perfect", "typical", "usual", "rainy", "sunny", "cozy", "slow", "quiet", "productive", "same", "proper",
    ]
    /// Words skipped when looking back for `otherEventWords`: "for the 10k in June".
    static let skippable: WordSet = ["on", "the", "at", "around", "about", "a", "an", "in"]

    func refine(_ matches: [TimeMatch], tokens t: [TimeToken], context: TimeContext) -> [TimeMatch] {
        // Most lines keep every match: then the list is handed back as it came, not copied.
        guard let firstDropped = matches.firstIndex(where: { !saysWhen($0, t) }) else { return matches }
        // Another thing's time still ahead stays, marked: a line told in no tense that names only
        // it is a plan ("book the vet for next Monday", §6); told in the past, it is passed over.
        var kept = Array(matches[..<firstDropped])
        for (index, match) in matches[firstDropped...].enumerated() {
            if index > 0 && saysWhen(match, t) {
                kept.append(match)
            } else if TimeResolution(match.meaning, context, .none).future {
                var another = match
                another.role = .anotherThing
                kept.append(another)
            }
        }
        return kept
    }

    /// Whether the match says when the win happened (not a noun, an event's time or a deadline).
    private func saysWhen(_ match: TimeMatch, _ t: [TimeToken]) -> Bool {
        let first = match.tokens.lowerBound
        if let w = t.word(first - 1), Self.determiners.contains(w), !startsWithOwnArticle(match, t) {
            return false
        }
        if let adjective = t.word(first - 1), Self.adjectives.contains(adjective),
            let w = t.word(first - 2), Self.determiners.contains(w)
        {
            return false
        }
        if Self.namesAnEvent(t, before: first) || Self.inAClauseAboutTheThing(t, before: first) { return false }
        var k = first - 1
        while k >= 0 {
            if let w = t.word(k), Self.otherEventWords.contains(w) { return false }
            let skippable =
                t.word(k).map(Self.skippable.contains) == true || t[k].kind == .number
                || (t[k].kind == .word && !t[k].spaceBefore && k > 0 && t[k - 1].kind == .number
                    && TimeUnit.read(t[k].lower) == nil)
            guard skippable else { break }
            k -= 1
        }
        return true
    }

    /// "registered for the half marathon in October", "tickets for the concert in March": "in" or
    /// "on" after "for the" and a few words names when that event is, not the win (§5.7), when the
    /// thing is an event or the line arranges one. "went for a run in October" (no "the") and
    /// "cooked pasta for the flat on Tuesday night" (no event) are the win's own time.
    static func namesAnEvent(_ t: [TimeToken], before first: Int) -> Bool {
        guard let connector = t.word(first - 1), connector == "in" || connector == "on" || t.word(first) == "in"
        else { return false }
        let end = t.word(first) == "in" ? first : first - 1
        for k in stride(from: end - 1, through: max(0, end - 5), by: -1) {
            guard let w = t.word(k), w != "and" else { return false }
            if w == "the", t.word(k - 1) == "for" {
                guard k < end - 1 else { return false }
                return ((k + 1)..<end).contains { t.word($0).map(events.contains) == true }
                    || (0..<(k - 1)).contains { t.word($0).map(arranging.contains) == true }
            }
        }
        return false
    }

    /// Things that have their own time: "for the concert in March".
    static let events: WordSet = [
        "party", "concert", "show", "gig", "match", "game", "race", "marathon", "10k", "5k", "exam", "test",
        "meeting", "wedding", "trip", "holiday", "appointment", "interview", "festival", "conference", "flight",
        "event", "reunion", "recital", "play", "panto", "birthday", "funeral", "ceremony", "tournament", "course",
    ]
    /// Words that arrange a thing for later: "booked a table for the party on Friday".
    static let arranging: WordSet = [
        "booked", "book", "registered", "register", "signed", "sign", "bought", "buy", "tickets", "ticket",
        "paid", "pay", "ordered", "order", "reserved", "reserve", "entered", "applied", "scheduled", "schedule",
        "arranged", "invited", "rsvped", "prepped", "prepared", "studied", "trained", "revised",
    ]

    /// "finished the book I started in June": after a verb in the past tense, a thing ("the book")
    /// and a clause about it ("I started"), the time is the clause's, not the win's (§5.7).
    static let pronouns: WordSet = ["i", "we", "you", "he", "she", "they"]

    static func inAClauseAboutTheThing(_ t: [TimeToken], before first: Int) -> Bool {
        for k in stride(from: first - 2, through: max(2, first - 6), by: -1) {
            guard let pronoun = t.word(k), pronouns.contains(pronoun), t.word(k - 1) != nil,
                let determiner = t.word(k - 2), determiners.contains(determiner),
                Tense.isPastVerb(t, k + 1), first - (k + 1) <= 2  // right after the clause's verb
            else { continue }
            if (0..<(k - 2)).contains(where: { Tense.isPastVerb(t, $0) }) { return true }
        }
        return false
    }

    /// "the day before yesterday" and "the 3rd of November" carry their own "the".
    private func startsWithOwnArticle(_ match: TimeMatch, _ t: [TimeToken]) -> Bool {
        t.word(match.tokens.lowerBound) == "the"
    }
}
