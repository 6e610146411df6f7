/// Invention: a reply that names a person, a place, an object or an outcome the moment does not
/// hold (`your partner` for `called mom`, `a new job`, `the pain you share`, `eggs with toast` for
/// `cooked breakfast`) tells the person something about their day that yadg does not know, and a
/// small model does it often. Read by shape (`your X`, `the X you…`, a title and a name) and by
/// kinds of things a model makes up (people, animals, places, foods, belongings, outcomes). A
/// word the person wrote, in any form (`kids` for `kid`, `ran` for `run`), is theirs, and so are
/// general warm words (`your effort`, `your day`, `your later self`).
extension ReplyJudgement {
    /// True when the reply names something the moment does not hold. `words`: the reply's words
    /// (the model's part only, after yadg's own opening); `text`: the same, as written (capitals
    /// show a name).
    /// `continuation`: the words follow yadg's opening, which already says what the person did;
    /// a deed the model adds there is made up (`you ate the cat`), while a whole line may say the
    /// moment in its own words (`You laced up and went for a run`).
    static func invents(
        _ words: [String], text: String, moment: Set<String>, lemmas: Set<String>, continuation: Bool = false
    ) -> Bool {
        func own(_ word: String) -> Bool {
            moment.contains(word) || lemmas.contains(lemma(word)) || sameKind(word, moment)
        }
        for (index, word) in words.enumerated() {
            // `your partner`, `your new job`, `your back pain`.
            if word == "your" {
                let nouns = words.dropFirst(index + 1).drop { modifiers.contains($0) }.prefix(1)
                if let noun = nouns.first, !own(noun), !generalWords.contains(noun),
                    !generalWords.contains(lemma(noun)),
                    !function.contains(noun)
                {
                    return true
                }
            }
            // `the cookies you tucked in`, `the pain you share`.
            if word == "the", index + 2 < words.count, words[index + 2] == "you" {
                let noun = words[index + 1]
                if !own(noun), !generalWords.contains(noun), !generalWords.contains(lemma(noun)) { return true }
            }
            // `a new job`, `a new car`.
            if word == "new", index + 1 < words.count, outcomes.contains(words[index + 1]), !own(words[index + 1]) {
                return true
            }
            if inventedKinds.contains(word) || word.hasSuffix("s") && inventedKinds.contains(String(word.dropLast())),
                !own(word)
            {
                return true
            }
        }
        // A phrase whose words, but for `you`, are the person's own is theirs (`You passed!`).
        for phrase in inventedPhrases
        where contains(words, phrase) && !phrase.filter({ $0 != "you" }).allSatisfy({ own($0) }) {
            return true
        }
        if continuation && doesSomethingElse(words, own: own) { return true }
        return namesSomeone(text, moment: moment)
    }

    /// `you ate the cat`, `you were looking at the sky`: the model tells of the person doing
    /// something the moment does not say. Deeds any praise may name (`you did it`, `you showed
    /// up`, `you took care`, `you made it happen`) are not made up.
    static func doesSomethingElse(_ words: [String], own: (String) -> Bool) -> Bool {
        for (index, word) in words.enumerated() where word == "you" || word == "youve" || word == "youd" {
            let rest = words.dropFirst(index + 1).drop { auxiliaries.contains($0) }
            guard let verb = rest.first, verb.count > 2, !own(verb) else { continue }
            let isDeed = verb.hasSuffix("ing") || verb.hasSuffix("ed") || baseOfIrregular[verb] != nil
            guard isDeed, MomentRetelling.pastVerb(verb) != nil || verb.hasSuffix("ing") else { continue }
            if !generalDeeds.contains(lemma(verb)) && !generalDeeds.contains(verb) { return true }
        }
        return false
    }

    /// Words between `you` and its verb (`you were looking`, `you just ate`).
    static let auxiliaries: Set<String> = [
        "were", "was", "are", "have", "had", "just", "also", "really", "still", "even", "then", "always", "never",
        "been", "already", "finally",
    ]

    /// What any praise may say the person did.
    static let generalDeeds: Set<String> = [
        "do", "did", "doing", "done", "make", "making", "show", "showed", "showing", "get", "getting", "gotten", "be",
        "being", "have", "having", "take", "taking", "taken", "find", "finding", "found", "give", "giving", "given",
        "keep", "keeping", "choose", "choosing", "chosen", "manage", "managed", "managing", "care", "cared", "caring",
        "put", "putting", "let", "carry", "carried", "carrying", "stick", "stuck", "follow", "followed", "push",
        "pushed", "handle", "handled", "earn", "earned", "deserve", "deserved", "need", "needed", "want", "wanted",
        "feel", "felt", "feeling", "try", "tried", "trying", "go", "going", "gone", "come", "came", "stay", "stayed",
        "look", "looked", "looking", "say", "said", "mean", "meant", "know", "knew", "think", "thought", "thinking",
        "can", "could", "will", "would", "pull", "pulled", "step", "stepped", "rise", "rose", "start", "started",
        "finish", "finished", "meet", "met", "face", "faced", "tackle", "tackled", "decide", "decided", "trust",
        "listen", "listened", "remember", "remembered", "notice", "noticed", "help", "helped", "spend", "spent",
        "invest", "invested", "treat", "treated", "build", "built", "set", "kept", "make", "made", "pick", "picked",
        "turn", "turned", "reach", "reached", "hold", "held", "grow", "grew", "learn", "learned", "keep", "figure",
        "figured", "work", "worked", "working", "prove", "proved", "lift", "lifted",
    ]

    /// A title and a name (`Mrs. Patel`), or a capitalised word inside a sentence that the moment
    /// does not hold (`Bella`): someone the model made up.
    static func namesSomeone(_ text: String, moment: Set<String>) -> Bool {
        // German and other languages capitalise nouns: only a reply in English is read for names.
        let english: Set<String> = ["the", "a", "you", "your", "and", "is", "to", "it", "that", "of", "for", "so"]
        guard words(text).contains(where: english.contains) else { return false }
        let tokens = text.split(separator: " ").map(String.init)
        for (index, token) in tokens.enumerated() {
            let word = words(token).first ?? ""
            if titles.contains(word), index + 1 < tokens.count, tokens[index + 1].first?.isUppercase == true {
                return true
            }
            guard index > 0, let first = token.first, first.isUppercase, !moment.contains(word),
                !["i", "im", "ive", "id", "ill"].contains(word),
                !word.isEmpty, !generalWords.contains(word), !warmWords.contains(word)
            else { continue }
            let before = tokens[index - 1]
            // After a sentence's end, a dash or a colon a capital is only the start of a clause.
            if let mark = before.last, ".!:—–-\"“".contains(mark) || before == "—" { continue }
            if token.allSatisfy({ $0.isUppercase || !$0.isLetter }) && token.count > 1 { continue }  // AND, OK
            return true
        }
        return false
    }

    /// A word in its base form where the grammar knows it (`ran` → `run`, `kids` → `kid`).
    static func lemma(_ word: String) -> String {
        if let base = baseOfIrregular[word] { return base }
        if word.hasSuffix("ied"), word.count > 4 { return word.dropLast(3) + "y" }
        return MomentQuestion.stem(word)
    }

    static let baseOfIrregular: [String: String] = {
        var table: [String: String] = [:]
        for (base, past) in MomentRetelling.irregular where base != past { table[past] = base }
        table["children"] = "kid"
        table["child"] = "kid"
        table["kids"] = "kid"
        table["people"] = "person"
        return table
    }()

    /// Words of one kind count as the moment's own (`mum` for `mom`, `bike` for `biking`).
    static func sameKind(_ word: String, _ moment: Set<String>) -> Bool {
        kinds.contains { $0.contains(word) && !$0.isDisjoint(with: moment) }
    }

    static let kinds: [Set<String>] = [
        ["mom", "mum", "mother", "mama", "momma", "mommy", "mummy", "maman", "mom's", "moms", "mums"],
        ["dad", "father", "papa", "daddy", "dads"],
        ["grandma", "grandmother", "granny", "gran", "nana", "nan", "grandmas"],
        ["grandpa", "grandfather", "grandad", "granddad"],
        ["kid", "kids", "child", "children", "son", "daughter", "sons", "daughters", "family"],
        ["bike", "bicycle", "biking", "cycling", "cycle", "rode"],
        ["neighbor", "neighbour", "neighbors", "neighbours"],
        ["email", "emails", "inbox", "message", "messages", "mail"],
        ["story", "book", "chapter", "bedtime", "reading"],
        ["bill", "bills", "payment"],
        ["dishes", "sink", "plates", "kitchen"],
        ["cook", "cooked", "cooking", "dinner", "breakfast", "lunch", "meal", "kitchen", "soup"],
        ["doctor", "dentist", "appointment", "vet"],
        ["plants", "plant", "garden", "flowers", "bulbs", "tulip", "tulips", "fern", "seeds", "garden's"],
        ["guitar", "piano", "violin", "music", "song", "songs", "practice", "practiced", "practised"],
        ["call", "called", "calling", "phone", "chat", "talked", "texted", "text"],
        ["grocery", "groceries", "shopping", "store", "market", "supermarket", "shop"],
        ["salad", "vegetables", "veggies", "greens"],
        ["partner", "partners", "together"],
        ["swim", "swam", "swimming", "pool", "lap", "laps"],
    ]

    /// Words a `your` may name whatever the moment: the person, their day, what it took.
    static let generalWords: Set<String> = [
        "self", "selves", "day", "days", "time", "effort", "efforts", "care", "mind", "body", "heart", "head", "hands",
        "legs", "feet", "energy", "work", "week", "morning", "evening", "night", "space", "home", "life", "own",
        "future", "best", "part", "way", "voice", "list", "routine", "plate", "word", "words", "step", "steps",
        "thing", "things", "one", "kind", "love", "patience", "courage", "strength", "kindness", "win", "wins",
        "progress", "choice", "moment", "evening", "afternoon", "weekend", "today", "tomorrow", "world", "place",
        "spirit", "soul", "breath", "pace", "turn", "end", "shoulders", "back", "yourself", "favor", "favour",
        "thanks", "attention", "focus", "calm", "peace", "rest", "wellbeing", "promise", "goal", "goals", "plan",
        "plans", "task", "tasks", "chores", "chore", "job", "hard", "honesty", "nerve", "grit", "self-care", "care",
        "health", "smile", "laugh", "fun", "joy", "pride", "gift", "treat", "habit", "habits", "spot", "thoughts",
        "feelings", "mood", "confidence", "skills", "skill", "craft", "hobby", "play", "playing", "space", "corner",
        "lungs", "muscles", "muscle", "skin", "later", "tired", "brain", "eyes", "ears", "boundaries", "needs",
        "room", "arms", "core", "two", "rep", "reps",
    ]

    /// Words between `your` and what it names (`your new job`, `your later self`).
    static let modifiers: Set<String> = [
        "new", "own", "whole", "little", "big", "best", "favorite", "favourite", "later", "future", "old", "first",
        "next", "very", "own", "sweet", "lovely", "dear", "tired", "busy", "hard", "kind", "future", "younger",
        "older", "morning", "evening", "daily", "two", "three",
    ]

    /// Words a `your` never names a thing with (`your own`, `your way to`).
    static let function: Set<String> = [
        "and", "to", "of", "for", "with", "is", "are", "was", "a", "the", "that", "it", "in", "on", "so", "too",
    ]

    static let titles: Set<String> = ["mr", "mrs", "ms", "dr", "miss", "mx", "sir", "madam", "aunt", "uncle"]

    /// Outcomes a model invents after `a new` (`a new job`).
    static let outcomes: Set<String> = [
        "job", "house", "car", "partner", "friend", "friends", "record", "career", "apartment", "flat", "phone",
        "goal", "level", "hobby", "habit", "skill",
    ]

    /// Things a model makes up: people, animals, places, foods, belongings and outcomes. One of
    /// them the moment does not hold is refused wherever it stands.
    static let inventedKinds: Set<String> = people.union([
        // animals
        "dog", "dogs", "puppy", "cat", "cats", "kitten", "duck", "ducks", "horse", "pet", "pets", "birds", "animals",
        // places
        "hospital", "ocean", "beach", "sea", "lake", "office", "school", "church", "restaurant", "cafe", "bar", "mall",
        "store", "market", "gym", "park", "hotel", "airport", "mountains", "mountain", "forest", "river", "pool",
        "library", "house", "garden", "city", "country", "abroad", "bathroom", "kitchen", "bedroom", "classroom",
        // foods
        "eggs", "egg", "toast", "bacon", "cookies", "cookie", "cake", "pie", "pizza", "pasta", "sauce", "salad",
        "soup", "pancakes", "strawberries", "fruit", "vegetables", "chocolate", "coffee", "wine", "beer", "sandwich",
        "burger", "rice", "chicken", "steak", "cheese", "honey", "dessert", "muffins", "cupcakes", "candy", "carbs",
        "sugar", "snack", "snacks", "juice", "smoothie", "oatmeal", "cereal", "sausage", "potatoes", "fries",
        // belongings and things
        "flowers", "presents", "music", "teeth", "insects", "mailbox", "junk", "noise", "car", "phone",
        "money", "cash", "letters", "suit", "dress", "shoes", "ring", "camera", "laptop", "piano",
        "guitar", "violin", "painting", "poster", "tickets", "ticket", "newspaper", "debt", "loan", "magazine",
        "television", "tv",
        "netflix", "game", "games",
        // outcomes
        "promotion", "raise", "bonus", "award", "prize", "trophy", "medal", "grade", "grades", "fluent", "approved",
        "hired", "cavities", "vacation", "party", "wedding", "interview", "marathon", "race",
        "competition", "concert", "movie", "birthday", "anniversary", "holiday",
    ])

    /// People a model puts in a moment that holds none of them.
    static let people: Set<String> = [
        "partner", "wife", "husband", "boyfriend", "girlfriend", "spouse", "boss", "manager", "coworker",
        "coworkers", "colleague", "colleagues", "classmate", "classmates", "teacher", "landlord", "neighbor",
        "neighbors", "neighbour", "neighbours", "sister", "brother", "sibling", "siblings", "mom", "dad", "mother",
        "father", "grandmother", "grandfather", "grandma", "grandpa", "baby", "roommate", "roommates", "therapist",
        "plumber", "parent", "parents", "cousin", "aunt", "uncle", "nephew", "niece", "son", "daughter", "kid",
        "kids", "children", "child", "team", "teammates", "family", "guests", "guest", "client", "clients",
        "customer", "customers", "students", "student", "audience", "fans", "crowd", "stranger", "strangers",
        "guy", "guys", "gal",
    ]

    /// Plans and events the model makes up (`you're visiting next month`).
    static let inventedPhrases: [[String]] = [
        ["never", "done", "before"], ["never", "before"], ["done", "before"], ["it", "to", "you"],
        ["them", "to", "you"], ["for", "you", "too"], ["you", "had", "fun"], ["had", "a", "lot", "of", "fun"],
        ["you", "enjoyed"], ["you", "loved"], ["made", "you", "happy"], ["made", "you", "feel"], ["you", "love", "it"],
        ["you", "said"], ["you", "told"], ["credit", "card"], ["did", "great", "on"], ["did", "well", "on"],
        ["you", "passed"], ["you", "won"],
        ["next", "month"], ["next", "week"], ["the", "first", "time"], ["for", "the", "first"], ["next", "year"],
        ["this", "weekend"], ["next", "weekend"],
    ]

    /// True when `phrase` stands in `words`.
    static func contains(_ words: [String], _ phrase: [String]) -> Bool {
        guard words.count >= phrase.count else { return false }
        return (0...(words.count - phrase.count)).contains { words[$0..<($0 + phrase.count)].elementsEqual(phrase) }
    }
}
