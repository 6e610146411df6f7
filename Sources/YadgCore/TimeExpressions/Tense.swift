import YadgLanguage
/// How a line tells what it says (<doc:TimeSemantics> §6): as done (`went`, `have done`,
/// `finally`), as meant (`will`, `gonna`, `need to`), or neither (`gym at 6`). Tense decides
/// whether a line is a win or a plan; the clock only places it.
///
/// The first word that tells decides: `was going to skip the gym but went anyway` is told in the
/// past, `need to remember I did great` as a plan. `just`, `already` and `finally` tell the past
/// only when nothing else in the line tells anything (`just need to rest` is a plan).
enum Tense: Sendable, Equatable {
    case past, intent, none

    /// Bits of the parser's trigger masks: the word may tell the past, or an intent. Every word is
    /// hashed once per phrase for the families already, so the cue words cost no second lookup.
    static let pastBit: UInt32 = 1 << 30
    static let intentBit: UInt32 = 1 << 29

    /// Reads the tense of a tokenized line; `masks` are the parser's trigger masks of the tokens.
    static func read(_ t: [TimeToken], masks: [UInt32]) -> Tense {
        var toldAsDoneLoosely = false
        for i in t.indices where t[i].kind == .word {
            let mask = masks[i]
            if mask & intentBit != 0, let told = intent(t, i) { return told }
            if mask & pastBit != 0 {
                if looseDone.contains(t[i].lower) {
                    toldAsDoneLoosely = true
                } else if let told = past(t, i) {
                    return told
                }
            } else if isRegularPast(t, i) {
                return .past
            }
        }
        if toldAsDoneLoosely { return .past }
        // Nothing told: a first word that is a past verb with two letters swapped (`wnet for a run
        // at 6pm`) still tells it; read only here, so a line with a cue pays nothing.
        if let first = t.firstIndex(where: { $0.kind == .word }), isSwappedPast(t[first].lower) { return .past }
        return .none
    }

    /// A past verb of four letters or more typed with two neighbouring letters swapped, and no word
    /// of its own (`wnet`, `mdae`; never `split`, `lots` or `snug`, real words one swap from `spilt`,
    /// `lost` and `sung`).
    static func isSwappedPast(_ word: String) -> Bool {
        let letters = Array(word.utf8)
        guard letters.count >= 4, letters.count <= 12, !swappedRealWords.contains(word) else { return false }
        for i in 0..<(letters.count - 1) where letters[i] != letters[i + 1] {
            var swapped = letters
            swapped.swapAt(i, i + 1)
            let candidate = String(decoding: swapped, as: UTF8.self)
            if pastWordSet.contains(candidate), !looseDone.contains(candidate) { return true }
        }
        return false
    }

    /// Real words one swap of neighbouring letters from a past word here (from the system's English
    /// word lists): never read as its misspelling.
    static let swappedRealWords: WordSet = [
        "weer", "snag", "beta", "lots", "acme", "roes", "brunt", "split", "eben", "snug", "tron", "juts",
    ]

    /// A verb in the past tense at `index` of `t`, by the rules `read` uses.
    static func isPast(_ t: [TimeToken], _ index: Int) -> Bool {
        guard let word = t.word(index) else { return false }
        if pastWordSet.contains(word) { return !looseDone.contains(word) }
        return isRegularPast(t, index)
    }

    /// A full verb in the past tense, not the `was` of `was dreading`: for the refiner that reads a
    /// clause about a thing (`finished the book I started in June`, §5.7).
    static func isPastVerb(_ t: [TimeToken], _ index: Int) -> Bool {
        isPast(t, index) && !["was", "were", "had"].contains(t[index].lower)
    }

    // MARK: The words

    /// Irregular past forms and participles (`have done`), and a few regular ones the `-ed` rule
    /// leaves out (`agreed`, `fed`). Forms that are also the present (`read`, `put`, `cut`, `quit`)
    /// are here too: a line that logs a win says `read to the kids`, not a plan.
    static let pastWords: [String] = [
        "was", "were", "had", "did", "didn't", "didn’t", "wasn't", "wasn’t", "weren't", "weren’t", "hadn't",
        "hadn’t", "went", "ran", "ate", "drank", "read", "swam", "fed", "met", "slept", "caught", "made", "took",
        "got", "gave", "found", "saw", "paid", "sent", "spent", "built", "bought", "brought", "kept", "left", "felt",
        "held", "rode", "drove", "flew", "sang", "threw", "won", "beat", "hit", "lost", "began", "came", "knew",
        "taught", "thought", "sold", "told", "wore", "woke", "wrote", "sat", "stood", "spoke", "fell", "fought",
        "forgot", "forgave", "froze", "grew", "hung", "heard", "laid", "led", "lent", "lit", "meant", "put", "quit",
        "rang", "rose", "said", "set", "shook", "shot", "shut", "slid", "sought", "sped", "spun", "stuck", "struck",
        "swept", "swore", "swung", "tore", "understood", "wept", "bled", "bent", "blew", "broke", "chose", "cut",
        "dealt", "drew", "dreamt", "dug", "fled", "hid", "hurt", "knelt", "leapt", "learnt", "burnt", "spilt",
        "overcame", "became", "undertook", "withdrew", "agreed", "freed", "disagreed", "guaranteed", "peed",
        "let", "crept", "sank", "shrank", "sprang", "strode", "stung", "clung", "flung", "awoke", "arose",
        "overslept", "outran", "rewrote", "redid", "babysat", "leant", "spelt", "wove", "dove", "didnt",
        "wasnt",
        // Participles: `have done`, `I've been to the dentist`, `homework done in 45 mins`.
        "done", "been", "gone", "seen", "eaten", "written", "swum", "drawn", "sewn", "given", "taken", "grown",
        "shown", "driven", "ridden", "flown", "sung", "begun", "broken", "chosen", "spoken", "worn", "forgotten",
        "gotten", "fallen", "woken", "beaten", "hidden", "sworn", "torn", "thrown", "known",
        // Told loosely: only when nothing else tells.
        "just", "finally", "already",
    ]
    static let looseDone: WordSet = ["just", "finally", "already"]
    /// Past forms that are also the present: after `will` they are the plan (`will read at bedtime`).
    static let alsoPresent: WordSet = ["read", "put", "set", "cut", "hit", "quit", "let", "shut", "hurt", "beat"]
    static let pastWordSet = WordSet(words: pastWords)

    /// The words that may open an intent; ``intent(_:_:)`` says when they do.
    static let intentWords: [String] = [
        "will", "i'll", "i’ll", "we'll", "we’ll", "gonna", "wanna", "gotta", "shall", "should", "must", "might",
        "ought", "going", "about", "need", "needs", "want", "wants", "hope", "hopes", "hoping", "intend",
        "intends", "intending", "plan", "plans", "planning", "have", "has", "let's", "let’s", "todo", "remind",
        "imma", "tryna", "like", "love", "fancy", "do", "fixing", "fixin",
    ]

    /// Words after `going to` that say where, not what: `going to the gym`, `going to bed`.
    static let places: WordSet = [
        "the", "a", "an", "my", "our", "bed", "work", "school", "church", "sleep", "class", "yoga", "town", "his",
        "her", "their",
    ]
    static let determiners: WordSet = ["the", "a", "an", "my", "your", "our", "his", "her", "their", "this", "that"]

    /// Whether the intent word at `i` tells a plan; `.past` for a modal before `have` (`should have
    /// called`); nil when it tells nothing here (`the need to rest`, `I'll admit`, `going to the gym`).
    private static func intent(_ t: [TimeToken], _ i: Int) -> Tense? {
        let word = t[i].lower
        let next = t.word(i + 1)
        let previous = t.word(i - 1)
        switch word {
        case "will":
            // `the will`, `free will`, `will power`, and `Will came over` (a name before a past verb).
            guard previous.map({ determiners.contains($0) || $0 == "free" }) != true, next != "power",
                !isPast(t, i + 1) || next.map(alsoPresent.contains) == true, !introducesWhatWasDone(t, i + 1)
            else { return nil }
            return .intent
        case "i'll", "i’ll", "we'll", "we’ll":
            return introducesWhatWasDone(t, i + 1) ? nil : .intent
        case "should", "must", "might":
            return next == "have" ? .past : .intent
        case "going", "about":
            guard next == "to", let verb = t.word(i + 2), !places.contains(verb) else { return nil }
            return .intent
        case "plan", "plans", "planning":
            // `plan to`, `planning on`, `plan: market on Saturday`, `the plan is to hike`.
            if next == "to" || next == "on" || t.isMark(i + 1, ":") || (next == "is" && t.word(i + 2) == "to") {
                return .intent
            }
            return nil
        case "fixing", "fixin":
            // `fixing to mow the lawn` (about to, in the American South); not `fixing the sink`.
            guard next == "to", let verb = t.word(i + 2), !places.contains(verb) else { return nil }
            return .intent
        case "fancy":
            // `fancy a swim after tea`, `I fancy a curry`; not `a fancy dinner`.
            return i == 0 || previous == "i" || previous == "we" ? .intent : nil
        case "do":
            // `to do: bathe the kids`, `to-do: …` opening a line.
            let listStart = i == 1 || (i == 2 && t.isMark(1, "-"))
            return listStart && t.word(0) == "to" && (t.isMark(i + 1, ":") || t.isMark(i + 1, "-")) ? .intent : nil
        case "remind":
            return next == "me" ? .intent : nil
        case "todo":
            // `todo: email the landlord`, not `cleared my todo list`.
            return next == "list" || next == "lists" ? nil : .intent
        case "gonna", "wanna", "gotta", "shall", "let's", "let’s", "imma", "tryna":
            return .intent
        case "like", "love":
            // `I'd like to`, `would love to`; not `felt like`, `at like 8`, `I love to run`.
            guard next == "to", let before = previous, ["would", "i'd", "i’d", "we'd", "we’d"].contains(before)
            else { return nil }
            return .intent
        default:
            // `need to`, `want to`, `hoping to`, `ought to`, `have to`; not `the need to rest`, `no
            // need to`, nor `have to say` and `have to admit`, which introduce what was done.
            guard next == "to", previous.map({ determiners.contains($0) || $0 == "no" }) != true,
                !introducesWhatWasDone(t, i + 2)
            else { return nil }
            return .intent
        }
    }

    /// `… admit`, `… say`, `… be honest`: `I'll admit I ate the cake`, `I have to say, I crushed it`
    /// introduce what was done, not a plan.
    private static func introducesWhatWasDone(_ t: [TimeToken], _ i: Int) -> Bool {
        let word = t.word(i)
        return word == "admit" || word == "say" || (word == "be" && t.word(i + 1) == "honest")
    }

    /// Whether the past word at `i` tells the past: `got` after `have` and before `to` is an
    /// obligation (`I've got to call`).
    private static func past(_ t: [TimeToken], _ i: Int) -> Tense? {
        if t[i].lower == "got", t.word(i + 1) == "to",
            let previous = t.word(i - 1), previous == "have" || previous.hasSuffix("'ve") || previous.hasSuffix("’ve")
        {
            return .intent
        }
        return .past
    }

    /// `-ed` words that are rarely a verb told in the past: adjectives of how one feels or what is
    /// due (`excited to run tonight`, `supposed to call`), and nouns (`the shed`, `a hundred`).
    static let notPast: WordSet = [
        "excited", "supposed", "tired", "bored", "stressed", "worried", "interested", "pumped",
        "psyched", "motivated", "determined", "exhausted", "nervous", "scared", "hundred", "sacred", "naked",
        "wicked", "shed", "sled", "fred", "embed", "kindred", "beloved", "rugged", "ragged", "jagged", "crooked",
        "red", "overwhelmed", "stoked",
    ]
    /// Words after which an `-ed` word describes: `I'm so tired`, `feeling relaxed`, `a guided walk`.
    static let describers: WordSet = [
        "am", "i'm", "i’m", "im", "is", "are", "we're", "we’re", "so", "very", "too", "feel", "feeling", "feels",
        "get", "getting", "be", "being", "a", "an", "the", "my", "your", "our", "his", "her", "their", "this",
        "that", "these", "those",
    ]

    /// A regular verb in the past tense: `-ed`, four letters or more (`walked`, `cooked`), not an
    /// `-eed` word (`need`, `feed`, `speed`), not one of ``notPast``, and not after a word that
    /// makes it describe.
    private static func isRegularPast(_ t: [TimeToken], _ i: Int) -> Bool {
        let word = t[i].lower.utf8
        guard word.count > 3 else { return false }
        var last = word.index(before: word.endIndex)
        guard word[last] == UInt8(ascii: "d") else { return false }
        last = word.index(before: last)
        guard word[last] == UInt8(ascii: "e"), word[word.index(before: last)] != UInt8(ascii: "e") else {
            return false
        }
        return !notPast.contains(t[i].lower) && t.word(i - 1).map(describers.contains) != true
    }
}
