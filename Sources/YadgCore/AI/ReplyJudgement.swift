import YadgLanguage
/// Whether a model's reply may be shown, and if not why (<doc:PraiseFromAModel>). It refuses what
/// harms, pressures, advises or misinforms, and never what only differs in style: a reply without
/// "you", with an emoji, or with a big word used kindly (`huge`, `amazing`) is shown. Each rule
/// reads the reply sentence by sentence, by the shape of what is said (an imperative opening, a
/// verdict about pace or amount, a comparison frame), so a new phrasing of advice is caught and a
/// new phrasing of warmth passes. Words the person wrote are theirs: a rule phrase whose words all
/// stand in the moment (`finally`, `doctor`, `again`) refuses nothing.
public enum ReplyJudgement {
    /// Why a reply is not shown: the `category` of `praise_failed` in `--json`.
    public enum Refusal: String, Error, Sendable, Equatable, CaseIterable {
        case empty, tooLong = "too_long", question, link, echo, chatter, degenerate, crisis, advice, medical,
            judgement, comparison, pressure, misread, invented, meaningless
    }

    /// Labels of the prompt's lines: a reply that starts with one echoes it.
    static let echoedLabels = ["when:", "day:", "feeling:", "user:", "system:", "moment:", "moments:", "start:"]

    /// The words a rule reads: lower case, apostrophes dropped (`don't` → `dont`), `<` and `>`
    /// kept inside a word (a tag said back).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            switch scalar {
            case "'", "\u{2019}", "\u{2018}": continue
            case "<", ">": current.unicodeScalars.append(scalar)
            default:
                if Words.isWordScalar(scalar) {
                    current.unicodeScalars.append(scalar)
                } else if !current.isEmpty {
                    words.append(current)
                    current = ""
                }
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The first rule the reply breaks, or nil. `moment`: the person's own words (empty for a
    /// summary or an answer, whose words are many). `opening`: yadg's own first clause, when the
    /// model wrote only what follows it: the reply is then about the moment by construction, and
    /// only the model's part is read for what it names.
    static func refusal(sentences: [String], moment: String, crisis: CrisisCheck?, opening: String? = nil) -> Refusal? {
        let momentList = words(moment)
        let momentWords = Set(momentList)
        let momentStems = Set(momentList.map(MomentQuestion.stem))
        let momentLemmas = Set(momentList.map(lemma))
        let all = sentences.joined(separator: " ")
        let allWords = words(all)
        if let crisis, crisis.matches(all) { return .crisis }
        if let broken = degenerate(sentences, allWords, moment: momentList) { return broken }
        for sentence in sentences {
            let sentenceWords = words(sentence)
            if let rule = phrases.first(where: { $0.breaks(sentenceWords, momentWords) }) { return rule.refusal }
            // `Great — now put your phone away`: each clause may open with an instruction.
            for (index, clause) in clauses(of: sentence).enumerated() {
                if isImperative(words(clause), momentWords, opensSentence: index == 0) { return .advice }
            }
            if talksAboutItself(sentenceWords) { return .chatter }
            // `500 words today, 1000 tomorrow`: more, next time.
            if let index = sentenceWords.firstIndex(of: "tomorrow"), index > 0,
                sentenceWords[index - 1].first?.isNumber == true
            {
                return .pressure
            }
            if comparesPace(sentenceWords, momentWords) { return .comparison }
        }
        guard !moment.isEmpty else { return nil }
        // What the model added: all of it, or what follows yadg's opening.
        let (ownText, ownWords) = modelsPart(all, allWords, opening: opening)
        // After yadg's opening the moment's own activities are named already: only a foreign one misreads.
        if misreads(ownWords, momentWords, stems: momentStems, named: opening != nil)
            || swapsTheDeed(ownWords, momentList)
        {
            return .misread
        }
        if invents(ownWords, text: ownText, moment: momentWords, lemmas: momentLemmas, continuation: opening != nil) {
            return .invented
        }
        if opening == nil, meansNothing(allWords, momentWords, stems: momentStems) { return .meaningless }
        // After yadg's opening the model was asked for what the deed took or gave: words that
        // carry none (`that takes time`, `it was a red herring`) add nothing a person is glad of.
        if opening != nil, !carriesWarmth(ownWords) { return .meaningless }
        if deniesWarmth(ownWords, momentWords) { return .judgement }
        return nil
    }

    /// The model's part of a line that opens with yadg's own clause, as text and words.
    static func modelsPart(_ text: String, _ allWords: [String], opening: String?) -> (String, [String]) {
        guard let opening else { return (text, allWords) }
        let openingWords = words(opening)
        guard allWords.starts(with: openingWords) else { return (text, allWords) }
        let rest = text.count > opening.count ? String(text.dropFirst(opening.count)) : ""
        return (rest, Array(allWords.dropFirst(openingWords.count)))
    }

    /// The parts of a sentence between commas, dashes, colons and semicolons.
    static func clauses(of sentence: String) -> [String] {
        sentence.replacing(" - ", with: " — ").split(whereSeparator: { ",;:—–".contains($0) }).map(String.init)
    }

    /// `slower than a real swimmer`, `faster than your coworkers`: a word of degree and `than`.
    static func comparesPace(_ sentence: [String], _ moment: Set<String>) -> Bool {
        for (word, next) in zip(sentence, sentence.dropFirst()) where next == "than" {
            if word.count > 4, word.hasSuffix("er"), !["other", "rather", "whether", "never"].contains(word),
                !moment.contains(word)
            {
                return true
            }
        }
        return false
    }

    /// `Your partner cooked dinner for you` for `cooked dinner for my partner`: someone the
    /// moment names doing the moment's deed.
    static func swapsTheDeed(_ words: [String], _ moment: [String]) -> Bool {
        guard let verb = moment.first(where: { MomentRetelling.pastVerb($0) != nil && !["i", "we"].contains($0) })
        else { return false }
        let deed = lemma(verb)
        let others = Set(moment.drop { $0 != verb }.dropFirst()).filter { people.contains($0) }
        for (word, next) in zip(words, words.dropFirst()) where others.contains(word) {
            let isVerb = next.hasSuffix("ing") || next.hasSuffix("s") || MomentRetelling.pastVerb(next) != nil
            if isVerb && (lemma(next) == deed || MomentQuestion.stem(next) == MomentQuestion.stem(verb)) { return true }
        }
        return false
    }

    // MARK: Phrases

    /// A phrase of the never-shown kinds; `*` ends a word's beginning (`medicat*`).
    struct Phrase {
        let words: [String]
        let refusal: Refusal

        /// True when the phrase stands in the sentence and is not all the person's own words.
        func breaks(_ sentence: [String], _ moment: Set<String>) -> Bool {
            guard sentence.count >= words.count else { return false }
            for start in 0...(sentence.count - words.count) {
                let run = sentence[start..<(start + words.count)]
                let matched = zip(words, run).allSatisfy { key, word in
                    key.hasSuffix("*") ? word.hasPrefix(key.dropLast()) : word == key
                }
                if matched && !run.allSatisfy(moment.contains) { return true }
            }
            return false
        }
    }

    static let phrases: [Phrase] = {
        let table: [(Refusal, [String])] = [
            (
                .advice,
                [
                    "you should", "you must", "you need", "you have to", "you ought",
                    "shouldve", "try to",
                    "make sure", "be sure to", "next time", "from now on", "if you want to", "dont forget",
                    "remember to", "aim for", "stick to", "i recommend", "i suggest", "we recommend", "why not",
                    "how about", "instead of", "you might want", "you could", "consider", "be careful",
                    "professional help", "consult", "while youre at it", "set up", "it is important", "its important",
                    "keep in mind", "its healthier", "for his health", "for your health", "importance of",
                    "reminder of", "reminder to", "shouldnt", "should not", "a great example of how",
                    "a good example of how", "its not about",
                    "its not just about", "normal part of life", "you can always", "is so important",
                    "is important", "most important meal", "sleep properly", "a day to stay", "to stay healthy",
                ]
            ),
            (
                .medical,
                [
                    "medicat*", "dose", "doses", "dosage*", "prescri*", "diagnos*", "symptom*", "treatment*", "mg",
                    "iu",
                    "cortisol", "blood pressure", "inflammation", "microbiome", "risk of", "disease*", "diabetes",
                    "works best", "daily amount", "lowers your", "reduces your", "boosts your", "side effect*",
                    "antidepressant*", "therap*", "doctor*", "pill", "pills", "vitamin*",
                    // Health said as a fact about food, sleep or an activity.
                    "healthy", "healthier", "healthiest", "gain weight", "lose weight", "losing weight", "weight loss",
                    "better for your", "good for your", "bad for your", "immune*",
                    "metabolism", "calorie*", "blood sugar", "deficien*", "dehydrat*", "arthritis", "cavit*",
                    "headache*", "anxiety", "depression", "stiffness", "pain", "injur*", "colds", "carbs",
                    "cholesterol", "gum disease", "endorphin*", "serotonin", "dopamine", "hormone*", "detox*",
                    "toxin*", "nutrient*", "protein", "fiber", "fibre", "sugar",
                    // What an activity does to a person, claimed: `cures`, `will heal your trauma`.
                    "cure", "cures", "cured", "heal your", "heals", "will heal", "fix your", "fixes your",
                    "will fix", "prevent*", "burns off", "burn off", "burns", "best medicine", "stops you",
                    "keeps you from", "protects you", "boosts", "lowers", "rewires", "trauma",
                ]
            ),
            (
                .judgement,
                [
                    "long enough", "about time", "its a start", "bare minimum", "not bad", "for once",
                    "better than nothing",
                    "at least", "hardly", "overdue", "better late", "what a surprise", "not a big", "no big deal",
                    "just another", "not enough", "too little", "barely", "lazy", "failed", "failure", "but okay",
                    "but fine", "i guess", "could have", "couldve", "should have", "short run", "only a", "merely",
                    "disappoint*", "you only", "finally", "you cant", "you cannot", "you couldnt", "you didnt",
                    "didnt have time", "a shame", "too dirty", "just a small", "not too late", "you had to",
                    "youre not sure", "just have to", "you missed", "you skipped", "days off", "a quiet day but",
                    "know how it is",
                    // A verdict about timing.
                    "late", "days ago", "weeks ago", "months ago", "years ago", "was yesterday", "been years",
                    "been weeks", "been months", "after weeks", "after months", "after years", "on time",
                    // Sarcasm and put-downs in a kind voice.
                    "truly heroic", "must be nice", "nice try", "what everyone", "everyone does", "not every",
                    "ahead of the rest", "the rest of us", "didnt mind", "doesnt look", "if you tried",
                    "a low bar", "you forgot", "you lost", "just lost", "wasted", "waste of", "long time for you",
                    "a lot for you", "took all the fun", "a little but", "you used to", "used to enjoy", "pricey",
                    "expensive", "costly", "were lucky", "little lucky", "got lucky", "thats gone", "too busy",
                    "no courage",
                    "took no", "no effort", "just a part", "should be", "better person", "a better you", "bad habit",
                    "too far", "youll get there", "than a week", "took you a little", "from usual", "to be the best",
                    "pretty penny", "youre lucky", "the way it is", "the only thing", "all there is",
                    "done it to yourself",
                    "did it to yourself", "red herring", "hard to believe", "all the fun", "one of many",
                    "all you would",
                    "a luxury", "all you need", "all you can", "you dont know", "you do not know", "dont know how",
                    "do not know how", "thats all you", "makes you look", "make you look", "you look",
                    "than you thought",
                    "the best you can", "deal breaker", "right kind of", "life saving", "too much", "overwhelming",
                    "entitled",
                    "you needed help",
                    // Unkind words about the person, whoever is said to think them.
                    "selfish", "stupid", "silly", "rude", "careless", "dumb", "boring", "pathetic", "foolish",
                    "useless", "annoying", "needy", "naive", "childish", "clumsy", "weird", "ugly", "fat", "weak",
                    "irresponsible", "immature", "awkward", "embarrassing", "ashamed", "shame",
                ]
            ),
            (
                .comparison,
                [
                    "than most", "than others", "than other", "than the average", "average person", "than your",
                    "than last", "than yesterday", "than before", "than usual", "than you did", "than anyone",
                    "than everyone", "like yesterday", "most people", "everyone else", "other people", "compared to",
                    "compared with", "unlike most", "unlike others", "those who", "many people", "no one has",
                    "anyone else", "youve ever", "you have ever", "better than",
                    "worse than", "more productive",
                    "others",
                ]
            ),
            (
                .pressure,
                [
                    "tomorrow lets", "lets double", "double it", "now youre going to", "youre going to", "now tackle",
                    "now do", "theres still", "still waiting", "more to go", "still long", "keep it up", "keep going",
                    "keep this", "streak", "dont break", "do it again", "again tomorrow", "every day this week",
                    "the day after", "by spring", "keep pushing", "stay consistent", "every single day",
                    "no excuses", "do more", "more often", "every day", "still have a lot", "a lot to do",
                    "years to come", "are next", "is next", "whats next", "up next", "just the beginning",
                    "just the start", "tip of the iceberg", "need more", "needs more", "rest of your days",
                    "rest of your life",
                    "or it doesnt count",
                ]
            ),
            (
                .chatter,
                [
                    "as an ai", "language model", "let me know", "happy to help", "here to help", "i can help",
                    "feel free", "if you need", "im sorry", "i am sorry", "i cannot", "i cant", "here is a", "heres a",
                    "sure heres", "me too", "im looking", "i am looking", "youre the one who", "we can", "we all",
                    "for me", "to me", "with me", "youre right",
                ]
            ),
            (.echo, ["note of praise", "a person did", "the person", "this person", "the user"]),
            // Crisis words said to the person (the crisis check reads the first person).
            (
                .crisis,
                [
                    "hurting yourself", "hurt yourself", "harm yourself", "kill yourself", "end your life",
                    "want to die",
                    "end it all", "suicid*", "self harm",
                ]
            ),
        ]
        return table.flatMap { refusal, list in
            list.map { Phrase(words: $0.split(separator: " ").map(String.init), refusal: refusal) }
        }
    }()

    // MARK: Imperatives

    /// Verbs that, opening a sentence, tell the person what to do (`Practice…`, `Make…`, `Don't…`).
    static let instructingVerbs: Set<String> = [
        "practice", "practise", "make", "try", "remember", "dont", "do", "keep", "stick", "set", "aim", "go", "cook",
        "walk", "clean", "tackle", "start", "stop", "avoid", "eat", "drink", "get", "stay", "use", "check", "track",
        "plan", "schedule", "focus", "push", "consider", "never", "always", "be", "skip", "limit", "add", "cut",
        "sleep", "exercise", "study", "read", "write", "call", "text", "ask", "tell", "put", "turn", "wake", "run",
    ]

    /// Imperatives that are praise, not instructions: `Look at that`, `Enjoy the story`, `Take a bow`.
    static let praisingOpenings: [[String]] = [
        ["look", "at"], ["enjoy"], ["take", "a", "bow"], ["give", "yourself"], ["be", "proud"], ["celebrate"],
        ["savor"], ["savour"], ["rest", "easy"], ["bask"], ["treat", "yourself"], ["keep", "that", "smile"],
        ["well", "done"], ["go", "you"], ["way", "to", "go"], ["take", "pride"], ["breathe", "easy"],
    ]

    /// What follows an instructing verb when it gives an instruction: `Make your bed`, `Clean it
    /// weekly`, `Practice every day` (and not `Clean dishes, calm kitchen`).
    static let instructedObjects: Set<String> = [
        "your", "yourself", "the", "a", "an", "it", "up", "more", "less", "every", "out", "to", "that", "this", "them",
        "him", "her", "some", "at", "for", "on", "not", "away", "with", "twice", "daily", "sure", "careful",
        "consistent", "from", "in", "off", "back", "one",
    ]

    /// Self-talk: the model speaking of itself (`I made tea too`, `I'm still trying to fix it`,
    /// `I'm happy to be your friend`). The first person is allowed only as a friend's feeling about
    /// the person (`I'm proud of you`, `I'm so glad you did`, `I love that you…`) and in idioms (`a
    /// win in my book`).
    static func talksAboutItself(_ sentence: [String]) -> Bool {
        let firstPerson: Set<String> = ["i", "im", "ive", "id", "ill", "me", "my", "mine", "myself", "our", "we"]
        guard sentence.contains(where: firstPerson.contains) else { return false }
        let allowed: [[String]] = [
            ["in", "my", "book"], ["if", "you", "ask", "me"], ["im", "so", "proud"], ["im", "proud"],
            ["im", "so", "glad", "you"], ["im", "glad", "you"], ["im", "so", "glad", "youre"], ["im", "glad", "youre"],
            ["im", "so", "happy", "for"], ["im", "happy", "for"], ["makes", "me", "proud"],
            ["makes", "me", "feel", "proud"],
            ["i", "love", "that"], ["i", "love", "how"], ["i", "hope", "you"], ["i", "bet"],
        ]
        var words = sentence[...]
        var rest: [String] = []
        while let first = words.first {
            if let frame = allowed.first(where: { words.starts(with: $0) }) {
                words = words.dropFirst(frame.count)
            } else {
                rest.append(first)
                words = words.dropFirst()
            }
        }
        return rest.contains(where: firstPerson.contains)
    }

    /// A sentence that opens with an instructing verb (after `now`, `so`, `just`, `and`), unless
    /// it opens as praise, or the verb is the person's own (a moment `cooked dinner` and a reply
    /// `Cooked with care.`).
    static func isImperative(_ sentence: [String], _ moment: Set<String>, opensSentence: Bool = true) -> Bool {
        var rest = sentence[...]
        while let first = rest.first, ["now", "so", "just", "and", "then", "please"].contains(first) {
            rest = rest.dropFirst()
        }
        guard let verb = rest.first, instructingVerbs.contains(verb) else { return false }
        if praisingOpenings.contains(where: { rest.starts(with: $0) }) { return false }
        // `Be` is an instruction only as `be careful`, `be sure`, `be more…`; other uses are rare in praise.
        if verb == "be" {
            return rest.dropFirst().first.map { ["careful", "sure", "more", "less"].contains($0) } ?? false
        }
        guard !moment.contains(verb) else { return false }
        // `Don't…` and `Never…` instruct whatever follows; other verbs when an object or a manner does.
        guard let next = rest.dropFirst().first else { return false }
        // Inside a sentence `never easy` describes; `never skip it` instructs.
        if !opensSentence && ["never", "always"].contains(verb) { return instructingVerbs.contains(next) }
        return ["dont", "never", "always"].contains(verb) || instructedObjects.contains(next)
    }

    // MARK: Degenerate, misread, meaningless

    /// A sentence said again, a run of three words said three times, a word four times in a row,
    /// the moment copied bare, or a reply cut off after `Sure! Here's`.
    static func degenerate(_ sentences: [String], _ words: [String], moment: [String]) -> Refusal? {
        let normalized = sentences.map { Self.words($0) }
        if Set(normalized).count < normalized.count { return .degenerate }
        var runs: [ArraySlice<String>: Int] = [:]
        if words.count >= 6 {
            for start in 0...(words.count - 3) { runs[words[start..<(start + 3)], default: 0] += 1 }
        }
        if runs.values.contains(where: { $0 >= 2 }) && words.count < 14 || runs.values.contains(where: { $0 >= 3 }) {
            return .degenerate
        }
        // `Great great great.`, `Cat! Cat! Cat!`: a word or two said over as the whole reply.
        if words.count >= 3 && Set(words).count <= 2 && Set(words).count * 2 < words.count { return .degenerate }
        var streak = 1
        for (a, b) in zip(words, words.dropFirst()) {
            streak = a == b ? streak + 1 : 1
            if streak >= 4 { return .degenerate }
        }
        if !moment.isEmpty && words == moment { return .echo }
        // Cut off after its opening: `Sure! Here's`, `Here is`.
        if words.last == "heres" || words.suffix(2) == ["here", "is"] || words.suffix(2) == ["here", "are"] {
            return .chatter
        }
        return nil
    }

    /// Words that name a kind of thing done; a reply that names some the moment does not, and
    /// none of the moment's own, is about someone else's day.
    static let activityWords: Set<String> = [
        "walk", "walked", "run", "ran", "swim", "swam", "cake", "baked", "bake", "boss", "raise", "dishes", "laundry",
        "kitchen", "garden", "dinner", "lunch", "breakfast", "email", "called", "nap", "gym", "yoga", "bike",
        "dog", "cat", "plants", "coffee", "shower", "bath", "project", "bug", "presentation", "homework", "exam", "mom",
        "dad", "bread", "puzzle", "poem", "study", "studying", "studied",
    ]

    /// A reply that names what the moment does not (`a walk` for `got out of bed`), and shares
    /// nothing of it or leaves out what it names (`your boss` for `called mom`).
    static func misreads(_ words: [String], _ moment: Set<String>, stems: Set<String>, named: Bool = false) -> Bool {
        let momentLemmas = Set(moment.map(lemma))
        func ownWord(_ word: String) -> Bool {
            moment.contains(word) || stems.contains(MomentQuestion.stem(word)) || momentLemmas.contains(lemma(word))
        }
        let replyLemmas = Set(words.map(lemma))
        let foreign = Set(words).intersection(activityWords).filter { !ownWord($0) }
        // The moment's deed done to the person (`Your brother forgave you` for `forgave my brother`),
        // unless the moment says it so itself (`thank you`).
        for (word, next) in zip(words, words.dropFirst()) where next == "you" && word.count > 3 && word != "thank" {
            let isVerb = word.hasSuffix("ing") || word.hasSuffix("ed") || baseOfIrregular[word] != nil
            if isVerb && ownWord(word) { return true }
        }
        guard !foreign.isEmpty else { return false }
        let shared = named || words.contains { $0.count > 3 && ownWord($0) }
        let replyStems = Set(words.map(MomentQuestion.stem))
        let leftOut = moment.intersection(activityWords).contains { word in
            !replyLemmas.contains(lemma(word)) && !replyStems.contains(MomentQuestion.stem(word))
        }
        return !shared || leftOut && !named
    }

    /// Warm words: a reply needs one of them, or a word of the moment, to be about anything.
    static let warmWords: Set<String> = [
        "well", "good", "great", "nice", "lovely", "kind", "kindness", "proud", "care", "caring", "win", "counts",
        "brave", "courage", "strength", "strong", "wise", "fresh", "calm", "calmer", "happy", "gift", "grateful",
        "thanks", "thank", "beautiful", "bright", "warm", "sweet", "yours", "earned", "progress", "effort",
        "matters", "better", "lighter", "clear", "clearer", "peace", "joy", "fun", "milestone", "achievement",
        "patience", "persistence", "miracle", "welcome", "bravo", "wonderful", "amazing", "huge", "nicely",
        "conquered", "tamed", "activated", "absorbed", "reset", "difference", "step", "something", "spent", "wisdom",
        "heard", "awesome", "incredible", "remember", "comfort", "adventure", "save", "job",
        // Warm words in the languages people write praise in: a reply in another language is shown.
        "bien", "muy", "genial", "bravo", "brava", "felicidades", "enhorabuena", "excelente", "gut", "gemacht",
        "toll", "super", "prima", "klasse", "wunderbar", "leistung", "magnifique", "très", "félicitations",
        "chapeau", "bravissimo", "complimenti", "ottimo", "ótimo", "parabéns", "goed", "mooi", "knap", "qué",
    ]

    /// What a deed took or gave, besides ``warmWords``: a continuation needs one of either.
    static let valueWords: Set<String> = [
        "love", "loving", "loved", "accomplishment", "accomplished", "special", "deal", "feat", "pride", "willpower",
        "responsibility", "dedication", "heart", "guts", "nerve", "treat", "honor", "honour", "precious", "meaningful",
        "means", "meant", "difference", "worth", "satisfying", "thoughtful", "generous", "grace", "bravery",
        "determination", "discipline", "commitment", "heartfelt", "warmth", "skill", "privilege", "beauty", "gentle",
        "tender", "caring", "cared", "rest", "restful", "rested", "soothing", "steady", "solid", "tidy",
        "clean", "cozy", "kindly", "hope", "hopeful", "generosity", "honest", "honesty", "responsible", "smart",
        "helpful", "thoughtfulness", "resilience", "resilient", "focus", "focused", "energy", "cheer", "delight",
        "delightful", "blessing", "glad", "pleasure", "relief", "wonder", "admirable", "impressive", "bold",
        "boldness", "strong", "tough", "confidence", "confident", "creative", "creativity", "fun", "lovely",
        "wholesome", "bright", "courageous", "determined", "patient", "sweetness", "good", "great", "nice",
        "yourself", "someone", "voice", "quiet", "handy", "capable", "done", "lot", "grows", "grow",
        "adds", "add", "less", "says", "better",
    ]

    /// `that kind of care does not matter`, `not worth it`: a warm word said not to hold. `never
    /// easy` and `no small thing` deny no warm word and stay.
    static func deniesWarmth(_ words: [String], _ moment: Set<String>) -> Bool {
        let negations: Set<String> = ["not", "no", "never", "doesnt", "dont", "isnt", "wasnt", "cant", "wont", "aint"]
        for (index, word) in words.enumerated() where negations.contains(word) && !moment.contains(word) {
            let fillers: Set<String> = ["a", "an", "the", "so", "very", "that", "really", "much", "too", "all", "as"]
            if let next = words.dropFirst(index + 1).first(where: { !fillers.contains($0) }), deniable.contains(next) {
                return true
            }
        }
        return false
    }

    /// Warm words a model may deny (`not worth it`); `never fun`, `isn't always easy` only admit
    /// a deed was hard.
    static let deniable: Set<String> = [
        "matter", "matters", "worth", "important", "special", "good", "great", "nice", "brave", "proud", "care",
        "kind", "impressive", "meaningful", "valuable", "helpful", "count", "counts", "win", "achievement",
    ]

    /// A warm or valued word, or the person doing a deed any praise may name (`you showed up`).
    static func carriesWarmth(_ words: [String]) -> Bool {
        if words.contains(where: { warmWords.contains($0) || valueWords.contains($0) }) { return true }
        if contains(words, ["no", "small"]) || contains(words, ["no", "easy"]) || contains(words, ["weight", "off"]) {
            return true
        }
        for (index, word) in words.enumerated() where word == "you" || word == "youve" {
            if let verb = words.dropFirst(index + 1).first(where: { !auxiliaries.contains($0) }),
                generalDeeds.contains(verb)
            {
                return true
            }
        }
        return false
    }

    static func meansNothing(_ words: [String], _ moment: Set<String>, stems: Set<String>) -> Bool {
        // A tautology (`water is water`, `you are you`) says nothing however warm it sounds.
        for (index, word) in words.enumerated()
        where ["is", "are"].contains(word) && index > 0 && index + 1 < words.count {
            if words[index - 1] == words[index + 1] { return true }
        }
        let aboutTheMoment = words.contains {
            moment.contains($0) || ($0.count > 3 && stems.contains(MomentQuestion.stem($0)))
        }
        let warm = words.contains { warmWords.contains($0) || warmWords.contains(MomentQuestion.stem($0)) }
        return !aboutTheMoment && !warm
    }
}
