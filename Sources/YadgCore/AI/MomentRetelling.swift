import YadgLanguage
/// A moment said back to the person: `made my bed` → `You made your bed`, `called mom` → `You
/// called your mom`, `I was brave at the dentist` → `You were brave at the dentist`. It is the true
/// first clause of an AI line for a small model (<doc:PraiseFromAModel>): yadg states what
/// happened, the model only adds the warmth. A small grammar, not a parser: the person as subject
/// (`I`, or nobody, as moments are usually written), a verb at the start put in the past (`call
/// mom`, `cleaning the kitchen` → `called`, `cleaned`), pronouns and possessives turned to the
/// second person, and `mom`, `dad` and their kin given `your`. A line it cannot read as something
/// the person did (`huge presentation done`, `tired`, a question, two sentences) has no retelling,
/// and the model writes the whole line.
public enum MomentRetelling {
    /// `You` and the moment in the second person and the past, without a closing mark; nil when
    /// the moment does not open with something the person did.
    public static func opening(of moment: String) -> String? {
        var tokens = moment.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // A closing mark, emoji or a trailing #tag is not part of the clause.
        while let last = tokens.last, last.hasPrefix("#") || !last.contains(where: { $0.isLetter || $0.isNumber }) {
            tokens.removeLast()
        }
        if var last = tokens.popLast() {
            while let mark = last.last, !(mark.isLetter || mark.isNumber || mark == ")" || mark == "'") {
                last.removeLast()
            }
            tokens.append(last)
        }
        guard !tokens.isEmpty, tokens.count <= 24, !moment.contains("?"), !moment.contains("\n"),
            !tokens.dropLast().contains(where: { $0.hasSuffix(".") && $0.count > 3 || $0.hasSuffix("!") })
        else { return nil }

        var words = tokens[...]
        var opening = "You"
        // The subject, said or not: `I called`, `I've`, `I'm`, `we`.
        switch key(words.first!) {
        case "i", "we":
            words = words.dropFirst()
            if let verb = words.first {
                let be = ["am": "are", "was": "were", "wasnt": "weren't"][key(verb)]
                if let be {
                    opening += " " + be
                    words = words.dropFirst()
                    return finish(opening, words)
                }
            }
        case "ive", "weve": opening = "You've"; words = words.dropFirst(); return finish(opening, words)
        case "im": opening = "You're"; words = words.dropFirst(); return finish(opening, words)
        case "id", "wed": opening = "You'd"; words = words.dropFirst(); return finish(opening, words)
        default: break
        }
        // Adverbs before the verb stay where they are: `finally called`, `just made`.
        var adverbs: [String] = []
        while let first = words.first, leadingAdverbs.contains(key(first)) {
            adverbs.append(first.lowercased())
            words = words.dropFirst()
        }
        guard let first = words.first, let verb = pastVerb(first) else { return nil }
        words = words.dropFirst()
        opening += (adverbs + [verb]).map { " " + $0 }.joined()
        return finish(opening, words)
    }

    /// The rest of the moment after its verb, turned to the second person.
    private static func finish(_ opening: String, _ rest: ArraySlice<String>) -> String? {
        var out = [opening]
        var previous = ""
        for token in rest {
            out.append(secondPerson(token, after: previous))
            previous = key(token)
        }
        let text = out.joined(separator: " ")
        return text.count <= 160 ? text : nil
    }

    /// One word of the moment in the second person, its punctuation kept.
    static func secondPerson(_ token: String, after previous: String) -> String {
        let leading = token.prefix { !$0.isLetter && !$0.isNumber }
        let trailing = String(token.reversed().prefix { !$0.isLetter && !$0.isNumber }.reversed())
        guard leading.count + trailing.count < token.count else { return token }
        let core = String(token.dropFirst(leading.count).dropLast(trailing.count))
        let lower = core.lowercased().replacing("\u{2019}", with: "'")
        var said: String
        if let swapped = pronouns[lower] {
            said = swapped
        } else if lower == "am", previous == "i" {
            said = "are"
        } else if lower == "was", previous == "i" || previous == "we" {
            said = "were"
        } else if lower == "wasn't", previous == "i" {
            said = "weren't"
        } else if kin.contains(lower), !determiners.contains(previous) {
            // `called mom` → `called your mom`.
            said = "your " + lower
        } else {
            said = core
        }
        return leading + said + trailing
    }

    /// The word as rules compare it: lower case, apostrophes dropped, marks at its ends trimmed.
    static func key(_ token: String) -> String {
        String(
            token.lowercased().unicodeScalars.filter { Words.isWordScalar($0) && $0 != "'" && $0 != "\u{2019}" }
                .map(Character.init))
    }

    static let pronouns: [String: String] = [
        "i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're",
        "i've": "you've", "i'd": "you'd", "i'll": "you'll", "we": "you", "us": "you", "our": "your",
        "ours": "yours", "ourselves": "yourselves", "we're": "you're", "we've": "you've",
    ]

    /// Family said without `my` (`called mom`, `texted Dad`).
    static let kin: Set<String> = [
        "mom", "mum", "dad", "mama", "papa", "mommy", "mummy", "daddy", "momma", "grandma", "grandpa", "granny",
        "gran", "nana", "nan", "grandad", "granddad", "grandmother", "grandfather", "mother", "father", "parents",
    ]

    /// Words after which a noun already has its determiner (`the`, `my`, `her`…).
    static let determiners: Set<String> = [
        "the", "a", "an", "my", "your", "his", "her", "their", "our", "its", "this", "that", "these", "those",
    ]

    static let leadingAdverbs: Set<String> = [
        "finally", "just", "actually", "also", "still", "even", "really", "somehow", "already", "quietly",
        "successfully", "slowly", "literally", "officially", "proudly", "bravely", "happily", "gently", "once",
        "again", "totally", "completely", "mostly", "almost", "nearly", "secretly", "willingly", "voluntarily",
    ]

    // MARK: Verbs

    /// The past of the verb that opens a moment (`made`, `call` → `called`, `cleaning` →
    /// `cleaned`), or nil when the word is not one.
    static func pastVerb(_ token: String) -> String? {
        let lower = token.lowercased().replacing("\u{2019}", with: "'")
        let word = key(token)
        guard word == lower.filter({ $0 != "'" }), !word.isEmpty else { return nil }
        if ["didn't", "didnt", "haven't", "havent", "hadn't", "wasn't"].contains(lower) {
            return lower == "wasn't" ? "weren't" : lower.contains("'") ? lower : String(lower.dropLast(2)) + "n't"
        }
        if feelingWords.contains(word) { return nil }
        if irregularPasts.contains(word) || auxiliaries.contains(word) {
            return word == "was" ? "were" : word
        }
        if let past = irregular[word] { return past }
        if regularBases.contains(word) { return regularPast(word) }
        if regularPasts.contains(word) { return word }
        if word.hasSuffix("ed"), word.count >= 5, word.allSatisfy(\.isLetter) { return word }
        // `cleaning the kitchen`: the -ing form of a verb known here.
        if word.hasSuffix("ing"), word.count >= 5 {
            let stem = String(word.dropLast(3))
            let doubled = stem.count >= 3 && stem.last == stem.dropLast().last ? String(stem.dropLast()) : nil
            for base in [stem, stem + "e", doubled].compactMap({ $0 }) {
                if let past = irregular[base] { return past }
                if regularBases.contains(base) { return regularPast(base) }
            }
        }
        return nil
    }

    /// `walk` → `walked`, `bake` → `baked`, `tidy` → `tidied`, `jog` → `jogged`.
    static func regularPast(_ base: String) -> String {
        if base.hasSuffix("e") { return base + "d" }
        if base.hasSuffix("y"), let before = base.dropLast().last, !"aeiou".contains(before) {
            return base.dropLast() + "ied"
        }
        if doubling.contains(base) { return base + String(base.last!) + "ed" }
        if base.hasSuffix("c") { return base + "ked" }
        return base + "ed"
    }

    /// Verbs whose last consonant doubles (`stopped`, `jogged`).
    static let doubling: Set<String> = [
        "stop", "plan", "skip", "drop", "chop", "shop", "step", "stir", "scrub", "swap", "trim", "jog", "hug", "mop",
        "nap", "prep", "admit", "commit", "submit", "ship", "grab", "knit", "plot", "rub", "spot", "tap", "wrap",
        "pat", "chat", "jot", "shred", "strum", "hop", "hum", "dip", "zip", "pin", "plug", "drum", "beg", "bag",
        "regret", "refer", "prefer", "pet", "sip", "tip", "hem",
    ]

    /// Words that open a moment but say a state, not a deed (`tired`, `stressed`).
    static let feelingWords: Set<String> = [
        "tired", "bored", "stressed", "exhausted", "overwhelmed", "worried", "scared", "excited", "relieved",
        "pleased", "annoyed", "frustrated", "depressed", "inspired", "motivated", "blessed",
        "need", "needed", "want", "wanted", "wish", "wished", "hope", "hoped", "feel", "feeling",
    ]

    /// Past forms and auxiliaries kept as they are.
    static let auxiliaries: Set<String> = ["was", "had", "did", "got", "could", "can", "have", "managed", "went"]
    static let regularPasts: Set<String> = Set(regularBases.map(regularPast))
    static let irregularPasts: Set<String> = Set(irregular.values).union([
        "learnt", "spelt", "dreamt", "burnt", "spilt",
    ])

    static let irregular: [String: String] = [
        "be": "were", "become": "became", "begin": "began", "bite": "bit", "blow": "blew", "break": "broke",
        "bring": "brought", "build": "built", "buy": "bought", "catch": "caught", "choose": "chose", "come": "came",
        "cut": "cut", "deal": "dealt", "dig": "dug", "do": "did", "draw": "drew", "drink": "drank", "drive": "drove",
        "eat": "ate", "fall": "fell", "feed": "fed", "feel": "felt", "fight": "fought", "find": "found", "fly": "flew",
        "forget": "forgot", "forgive": "forgave", "freeze": "froze", "get": "got", "give": "gave", "go": "went",
        "grow": "grew", "hang": "hung", "have": "had", "hear": "heard", "hide": "hid", "hit": "hit", "hold": "held",
        "keep": "kept", "know": "knew", "lay": "laid", "lead": "led", "leave": "left", "lend": "lent", "let": "let",
        "light": "lit", "lose": "lost", "make": "made", "meet": "met", "pay": "paid", "put": "put", "quit": "quit",
        "read": "read", "ride": "rode", "ring": "rang", "rise": "rose", "run": "ran", "say": "said", "see": "saw",
        "sell": "sold", "send": "sent", "set": "set", "shake": "shook", "shoot": "shot", "shut": "shut", "sing": "sang",
        "sit": "sat", "sleep": "slept", "slide": "slid", "speak": "spoke", "spend": "spent", "stand": "stood",
        "stick": "stuck", "sweep": "swept", "swim": "swam", "swing": "swung", "take": "took", "teach": "taught",
        "tear": "tore", "tell": "told", "think": "thought", "throw": "threw", "understand": "understood",
        "wake": "woke", "wear": "wore", "win": "won", "write": "wrote", "undo": "undid", "redo": "redid",
        "rewrite": "rewrote", "overcome": "overcame", "withdraw": "withdrew",
        "spin": "spun", "lie": "lay", "mean": "meant",
        "upset": "upset", "rebuild": "rebuilt", "reread": "reread", "oversleep": "overslept", "sink": "sank",
    ]

    /// Common verbs of everyday moments, said in their base form (`call mom`).
    static let regularBases: Set<String> = [
        "call", "clean", "cook", "walk", "finish", "fix", "help", "text", "wash", "water", "watch", "play", "visit",
        "work", "clear", "open", "close", "answer", "ask", "book", "brush", "change", "check", "climb", "collect",
        "complete", "cross", "dance", "decide", "deliver", "donate", "dust", "email", "exercise", "file", "fill",
        "fold", "hug", "iron", "jog", "journal", "kiss", "knit", "learn", "listen", "look", "love", "mail",
        "meditate", "mend", "mop", "move", "organise", "organize", "pack", "paint", "pass", "pick", "plant",
        "practice", "practise", "pray", "prepare", "print", "publish", "reach", "recycle", "relax", "remember",
        "repair", "reply", "rest", "return", "scrub", "share", "shop", "shower", "sign", "smile", "sort", "start",
        "stay", "stop", "stretch", "study", "submit", "talk", "thank", "tidy", "travel", "try", "turn", "use",
        "vacuum", "vote", "wait", "weed", "wrap", "apologize", "apologise", "volunteer", "declutter", "dry", "carry",
        "cancel", "plan", "post", "pull", "push", "save", "serve", "skip", "sketch", "stack", "step", "stir", "swap",
        "trim", "unpack", "update", "upload", "wipe", "cry", "laugh", "attend", "arrive", "bathe", "breathe",
        "celebrate", "chop", "comfort", "contact", "create", "design", "drop", "earn", "edit", "enjoy", "explore",
        "floss", "follow", "graduate", "greet", "handle", "invite", "join", "jump", "launch", "lift", "manage",
        "message", "nap", "order", "phone", "polish", "pour", "quit", "rake", "receive", "record", "refill",
        "register", "rehearse", "research", "review", "rinse", "roast", "schedule", "shave", "ship", "shovel",
        "solve", "sprint", "support", "test", "tutor", "type", "unload", "wander", "weigh", "hike", "bake",
        "garden", "declutter", "repot", "replant", "water", "paddle", "row", "ski", "skate", "bike", "cycle", "swim",
        "stroll", "mentor", "coach", "train", "lift", "squat", "plank", "frame", "hang", "assemble", "install",
        "reset", "backup", "defrost", "descale", "hoover", "grill", "fry", "boil", "steam", "chill", "brew",
        "tend", "groom", "mow", "sew", "show", "adopt", "foster", "rescue", "listen", "forgive", "hydrate", "stand",
    ]
}
