/// The commands people say in words, and the shapes that make them commands. Each is the command
/// line it stands for, so what it does and says is that command's (one command table).
enum PhrasesSaid {
    static let leave: Set<String> = [
        "exit", "quit", "q", "q!", ":q", ":q!", ":wq", "bye", "bye bye", "byebye", "goodbye", "good bye", "bye for now",
        "ok bye", "okay bye", "logout", "log out", "see you", "see ya", "cya", "ttyl",
    ]

    static let help: Set<String> = [
        "help", "commands", "help please", "show commands", "list commands", "show me the commands", "menu",
        "what can you do", "what can i do", "what can i do here", "what can i type", "what do i type",
        "how does this work", "how do i use this", "how does yadg work", "what are the commands", "usage",
    ]

    /// `/undo` said alone (`undo that`, `undo the last one` say the same, below).
    static let undo: Set<String> = ["undo", "undo please", "bring it back", "restore it", "undo the delete"]

    /// Leading words that say "I am correcting myself": `actually`, `oops`, `no wait`.
    static let fillers: Set<String> = [
        "actually", "oops", "wait", "no", "sorry", "oh", "um", "umm", "hmm", "ah", "please",
    ]

    /// The words that name the last moment: `that`, `it`, `the last one`.
    static let lastMoment: Set<[String]> = [
        ["that"], ["it"], ["this"], ["that", "one"], ["this", "one"], ["the", "last", "one"], ["last", "one"],
        ["the", "last", "moment"], ["my", "last", "moment"], ["the", "last", "entry"], ["that", "moment"],
        ["the", "last"], ["last"], ["the", "last", "thing"],
    ]

    /// The moment a correction is about: `that`, `it`, `the last one` (the last moment), or a number.
    static func target(_ words: ArraySlice<String>) -> String? {
        if lastMoment.contains(Array(words)) { return "last" }
        var rest = words
        if let first = rest.first, ["moment", "number", "no"].contains(first) { rest = rest.dropFirst() }
        guard rest.count == 1, let word = rest.first else { return nil }
        let digits = word.hasPrefix("#") ? word.dropFirst() : Substring(word)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), Int(digits) != nil else { return nil }
        return String(digits)
    }

    // MARK: Views

    static let viewVerbs: Set<String> = ["show", "list", "view", "open", "see", "display"]

    /// `show my moments`, `list my moments today`, `my journey`, `show calendar`.
    static func view(_ said: SaidWords) -> LineMeaning? {
        var words = said.words[...]
        let verb = words.first.map(viewVerbs.contains) == true
        if verb { words = words.dropFirst() }
        if words.first == "me" { words = words.dropFirst() }
        var range: String?
        if words.first == "all" {
            range = "all"
            words = words.dropFirst()
        }
        let mine = words.first == "my"
        if mine { words = words.dropFirst() }
        guard verb || mine else { return nil }
        if let day = words.first, let named = ["today's": "today", "yesterday's": "yesterday"][day] {
            range = named
            words = words.dropFirst()
        }
        guard let target = words.first else { return nil }
        words = words.dropFirst()
        let ranges: [[String]: String] = [
            []: range ?? "", ["today"]: "today", ["yesterday"]: "yesterday", ["this", "week"]: "week", ["all"]: "all",
        ]
        guard let said = ranges[Array(words)] else { return nil }
        let span = said.isEmpty ? "" : " " + said
        switch target {
        case "moments", "wins", "entries": return .inWords(kind: "show", line: "/moments" + span)
        case "journey" where span.isEmpty: return .inWords(kind: "show", line: "/journey")
        case "stats" where span.isEmpty, "statistics" where span.isEmpty: return .inWords(kind: "show", line: "/stats")
        case "calendar" where span.isEmpty: return .inWords(kind: "show", line: "/calendar")
        case "favorites", "favourites", "favs", "faves", "stars": return .favorites
        default: return nil
        }
    }

    // MARK: Corrections of the last moment

    /// `undo that`, `star it`, `add a note: …`, `that was for #garden`, `I felt proud`,
    /// `actually it was yesterday`.
    static func correction(_ said: SaidWords, in context: LineContext) -> LineMeaning? {
        var words = said.words[...]
        var skipped = 0
        while let first = words.first, fillers.contains(first) {
            words = words.dropFirst()
            skipped += 1
        }
        guard let first = words.first else { return nil }
        let rest = words.dropFirst()
        switch first {
        case "undo" where lastMoment.contains(Array(rest)):
            // `undo that` takes back the last thing done (a moment logged, a delete, an edit…).
            return .inWords(kind: "undo", line: "/undo")
        case "delete", "remove", "erase", "scratch", "undo":
            return target(rest).map { .inWords(kind: "delete", line: "/delete " + $0) }
        case "favorite", "favourite", "fav", "fave", "star", "heart":
            return target(rest).map { .inWords(kind: "favorite", line: "/fav " + $0) }
        case "mark"
        where Array(rest.dropFirst()) == ["as", "a", "favorite"] || Array(rest.dropFirst()) == ["as", "favorite"]
            || Array(rest.dropFirst()) == ["as", "a", "favourite"]:
            return target(rest.prefix(1)).map { .inWords(kind: "favorite", line: "/fav " + $0) }
        case "add"
        where ["to favorites", "to my favorites", "to favourites", "to my favourites"].contains(
            rest.dropFirst().joined(separator: " ")):
            return target(rest.prefix(1)).map { .inWords(kind: "favorite", line: "/fav " + $0) }
        case "add", "note", "note:":
            return note(said, words: words, skipped: skipped)
        case "tag":
            // `tag it #work`, `tag that with #health`: an object first, then at most five tags.
            let tags = rest.drop { ["it", "that", "this", "with", "as"].contains($0) }.map {
                $0.hasPrefix("#") ? $0 : "#" + $0
            }
            guard !tags.isEmpty, tags.count < rest.count, tags.count <= 5 else { return nil }
            return .inWords(kind: "tag", line: "/tag last " + tags.joined(separator: " "))
        default:
            break
        }
        if let tagged = tagFor(words) { return tagged }
        if context.afterMoment, let mood = mood(words, moods: context.moods) {
            return .inWords(kind: "mood", line: "/mood last " + mood)
        }
        return when(said, words: words, skipped: skipped, parse: context.parse)
    }

    /// `add a note: it was sunny`, `add a note to #2: with Sam`, `note: went with Sam`,
    /// `note that …` (never `note to self: …`, which is a moment).
    private static func note(_ said: SaidWords, words: ArraySlice<String>, skipped: Int) -> LineMeaning? {
        var rest = words
        var used = skipped
        func take(_ word: String) -> Bool {
            guard rest.first == word else { return false }
            rest = rest.dropFirst()
            used += 1
            return true
        }
        if take("add") {
            _ = take("a")
            guard take("note") || take("note:") else { return nil }
        } else if !(take("note:") || (take("note") && (take("that") || take(":")))) {
            return nil
        }
        var reference = "last"
        if rest.first == "to" || rest.first == "for" {
            var end = rest.index(after: rest.startIndex)
            while end < rest.endIndex, !rest[rest.index(before: end)].hasSuffix(":"), end - rest.startIndex < 4 {
                end += 1
            }
            let named = rest[rest.index(after: rest.startIndex)..<end].map {
                $0.hasSuffix(":") ? String($0.dropLast()) : $0
            }
            guard let found = target(named[...]) else { return nil }
            reference = found
            used += end - rest.startIndex
            rest = rest[end...]
        }
        _ = take(":")
        var text = said.original(after: used)
        if text.hasPrefix(":") { text = String(text.dropFirst()).trimmedWhitespace }
        guard !text.isEmpty else { return nil }
        return .inWords(kind: "note", line: "/note \(reference) \(text)")
    }

    /// `that was for #garden`, `that's for #work #focus`: the words after `for` must all be `#tags`.
    private static func tagFor(_ words: ArraySlice<String>) -> LineMeaning? {
        let array = Array(words)
        let tags: ArraySlice<String>
        if array.count >= 4, ["that", "it"].contains(array[0]), array[1] == "was", array[2] == "for" {
            tags = array[3...]
        } else if array.count >= 3, ["that's", "thats", "it's", "its"].contains(array[0]), array[1] == "for" {
            tags = array[2...]
        } else {
            return nil
        }
        guard tags.count <= 5, tags.allSatisfy({ $0.hasPrefix("#") && $0.count > 1 }) else { return nil }
        return .inWords(kind: "tag", line: "/tag last " + tags.joined(separator: " "))
    }

    /// `I felt proud`, `feeling calm`, `it made me feel calm`: right after a moment, its mood.
    static let moodOpenings = [
        ["it", "made", "me", "feel"], ["i", "was", "feeling"], ["i", "am", "feeling"], ["i'm", "feeling"],
        ["im", "feeling"], ["i", "felt"], ["i", "feel"], ["felt"], ["feeling"], ["was", "feeling"],
    ]

    private static func mood(_ words: ArraySlice<String>, moods: MoodVocabulary) -> String? {
        var rest = words
        for opening in moodOpenings where rest.starts(with: opening) {
            rest = rest.dropFirst(opening.count)
            if let very = rest.first, ["so", "really", "very", "pretty", "quite", "super", "a bit"].contains(very) {
                rest = rest.dropFirst()
            }
            guard rest.count == 1, let word = rest.first else { return nil }
            return moods.mood(named: word)?.name
        }
        return nil
    }

    static let whenOpenings = [
        ["it", "was", "actually"], ["that", "was", "actually"], ["it", "was"], ["that", "was"], ["it", "happened"],
        ["that", "happened"], ["that's"], ["make", "that"], ["change", "it", "to"], ["change", "that", "to"],
    ]

    /// `actually it was yesterday`, `that was 2 hours ago`, `make that 3 hours ago`,
    /// `oops, last night`: the rest must be a time and nothing else.
    private static func when(
        _ said: SaidWords, words: ArraySlice<String>, skipped: Int, parse: (String) -> ParsedMoment
    ) -> LineMeaning? {
        var used = skipped
        if let opening = whenOpenings.first(where: { words.starts(with: $0) }) {
            used += opening.count
        } else if skipped == 0 {
            return nil
        }
        let expression = said.original(after: used).trimmingTrailing(".!,")
        guard !expression.isEmpty else { return nil }
        let parsed = parse(expression)
        guard parsed.kind != .none, parsed.text.isEmpty else { return nil }
        return .inWords(kind: "when", line: "/when " + expression)
    }
}

extension String {
    /// Without the given characters at the end (`"yesterday."` → `"yesterday"`).
    func trimmingTrailing(_ characters: String) -> String {
        var result = self
        while let last = result.last, characters.contains(last) { result.removeLast() }
        return result
    }
}
