import YadgLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a line is, decided before anything is saved: the one reading every typed or piped line
/// goes through (<doc:Conversation>). In order: crisis language, a `/command`, what the talk
/// reader hears (leaving, help, a how-to question, small talk, a question about one's moments, a
/// correction, something that did not happen), a correction said as chat or the shell says it
/// (`s/old/new/`, `the gym one was at 6pm`, `*8am`), a time or a `#word` alone right after a
/// moment, a question, a plan, and otherwise a moment.
///
/// The rules are narrow on purpose. A line is read as anything but a moment only when all of it is
/// something else (`exit` alone, `undo that`, `when did I last call mom?`); whatever the reader is
/// unsure about is a moment, so logging a real win never gets harder (`quit smoking`, `asked my
/// boss for a raise`, `deleted old photos` stay moments).
public enum LineMeaning: Equatable, Sendable {
    case blank
    /// Crisis language (<doc:CrisisSafety>): read first, whatever else the line looks like.
    case crisis
    /// A line starting with `/`.
    case command
    /// `exit`, `quit()`, `:q`, `gotta go, bye!`: leave, as Ctrl-D does.
    case leave
    /// `help`, `?`, `--help`, `what commands are there`: `/help`.
    case help
    /// A command said in words, read into the command it stands for: `show my moments` is
    /// `/moments`, `delete that` is `/delete last`, `actually it was yesterday` is `/when yesterday`.
    case inWords(kind: Said, command: SlashCommand)
    /// A command on a moment named by its words or its place (`remove the gym one`, `the one
    /// before that, delete it`): the shell finds the moment, then runs `command` with its number as
    /// the argument.
    case onMoment(kind: Said, target: MomentTarget, command: SlashCommand)
    /// `change "mom" to "mum"`, `I meant Priya not Pria`: words of a moment's text replaced.
    case fix(old: String, new: String, target: MomentTarget)
    case question(MomentQuestion)
    case smallTalk(SmallTalk)
    /// A how-to or app question, answered from copy (`howTo` in `Resources/copy.json`): its topic.
    case howTo(String)
    /// Something that did not happen, a to-do, a hard day or a feeling with no act, or a call for
    /// help (`didn't go to the gym`, `bad day`, `help me`): a kind line, never praise, and how to
    /// keep it anyway. Its kind: `negated`, `todo`, `feeling`, `hardday`, `help`.
    case notAWin(String)
    /// `keep it`: the line just answered as not a win, kept as a moment after all.
    case keep
    /// The time parser reads it as a plan (`gonna run tomorrow`, <doc:TimeSemantics> §6); what it read is kept, so
    /// logging does not read the line twice.
    case plan(ParsedMoment)
    case moment(ParsedMoment)

    /// The reading's name, as the corpus writes it (`leave`, `when`, `question.count`, `howto.export`).
    public var name: String {
        switch self {
        case .blank: "blank"
        case .crisis: "crisis"
        case .command: "command"
        case .leave: "leave"
        case .help: "help"
        case .inWords(let kind, _), .onMoment(let kind, _, _): kind.rawValue
        case .fix: "replace"
        case .question(let question): "question." + question.kind.rawValue
        case .smallTalk(let talk): "smalltalk." + talk.rawValue
        case .howTo(let topic): "howto." + topic
        case .notAWin(let kind): "notawin." + kind
        case .keep: "keep"
        case .plan: "plan"
        case .moment: "moment"
        }
    }

    /// What a command said in words does, named as the corpus and `Resources/talk.json` name it:
    /// the one list of them.
    public enum Said: String, Sendable, CaseIterable {
        case show, undo, when, find, edit, note, tag, mood, favorite, unfavorite, delete

        /// Whether the last moment is still what the conversation is about after it (a correction
        /// or a look at the moments; not once it is deleted or undone), so `I felt proud` on the
        /// next line is still its mood.
        public var keepsTalkingAboutLast: Bool { self != .undo && self != .delete }
    }

    /// Whether the line is kept as a moment (or answered as a plan, which a moment could have been).
    public var isMomentOrPlan: Bool {
        switch self {
        case .moment, .plan: true
        default: false
        }
    }
}

/// A moment a correction names.
public enum MomentTarget: Equatable, Sendable {
    /// `that`, `it`, `the last one`.
    case last
    case number(Int)
    /// `the one before that`.
    case beforeLast
    /// `the last two`: the last and the one before it.
    case lastTwo
    /// `the duplicate`: the later of the last two when they say the same.
    case duplicate
    /// `the gym one`: the latest moment holding these words.
    case words([String])
    /// `the walk from monday`, `the gym one on friday`: the latest moment holding these words that
    /// happened within the day (or other period) said.
    case wordsWithin([String], DateInterval)

    /// The reference a command takes, when the target is one it names itself.
    var reference: String? {
        switch self {
        case .last: "last"
        case .number(let n): String(n)
        default: nil
        }
    }
}

/// The stage's inputs beyond the line: what it must not read for itself.
public struct LineContext {
    public var crisis: CrisisCheck
    public var moods: MoodVocabulary
    public var talk: TalkWords
    /// The time parser, at the conversation's now and zone.
    public var parse: (String) -> ParsedMoment
    /// The line before logged a moment: `I felt proud` is then its mood, `2 hours ago` its time.
    public var afterMoment: Bool
    /// The caller read the line for crisis language already (the shell does, before anything).
    public var crisisChecked: Bool

    public init(
        crisis: CrisisCheck, moods: MoodVocabulary, talk: TalkWords, parse: @escaping (String) -> ParsedMoment,
        afterMoment: Bool, crisisChecked: Bool = false
    ) {
        self.crisis = crisis
        self.moods = moods
        self.talk = talk
        self.parse = parse
        self.afterMoment = afterMoment
        self.crisisChecked = crisisChecked
    }
}

extension LineMeaning {
    /// A moment can be long; what the talk reader reads is short. Past this it is a moment.
    static let longestTalk = 160

    /// Reads a line. Pure: the clock, zone and vocabularies come in through `context`.
    public static func read(_ line: String, in context: LineContext) -> LineMeaning {
        read(line, in: context, lookingAtFirstWord: true)
    }

    /// `lookingAtFirstWord`: let the talk reader pass over a line whose first word opens nothing
    /// (most wins); a test holds that shortcut to the reading without it.
    static func read(_ line: String, in context: LineContext, lookingAtFirstWord: Bool) -> LineMeaning {
        let trimmed = undictated(line.trimmedWhitespace)
        guard !trimmed.isEmpty else { return .blank }
        if !context.crisisChecked && context.crisis.matches(trimmed) { return .crisis }
        if trimmed.hasPrefix("/") { return .command }
        let short = trimmed.utf8.count <= longestTalk || trimmed.count <= longestTalk
        if short, trimmed.allSatisfy({ $0 == "?" }) { return .help }
        if short, !lookingAtFirstWord || context.talk.openers.mayRead(trimmed) {
            for reading in context.talk.reader.read(trimmed) {
                if let meaning = meaning(of: reading, trimmed, in: context) { return meaning }
            }
        }
        if short, keyboardMash(trimmed) { return .smallTalk(.ack) }
        if short, let symbol = typedSymbol(trimmed) { return symbol }
        if short, let fix = substitution(trimmed) { return fix }
        if short, let correction = namedWhen(trimmed, in: context) ?? starred(trimmed, in: context) {
            return correction
        }
        let parsed = context.parse(trimmed)
        if short, context.afterMoment, let correction = alone(trimmed, parsed, in: context) { return correction }
        // Any other question (a question word first, `?` last: `how was my week?`), or one asked
        // without its `?` (`is this open source`, `which folder does it save to`): answered kindly,
        // with `/help`.
        if short, context.talk.openers.mayAsk(trimmed) {
            let words = context.talk.reader.words(of: trimmed)
            // `can you believe I finished the whole tax return?` exclaims.
            let exclaims = words.starts(with: ["can", "you", "believe"]) || words.starts(with: ["would", "you", "believe"])
            if !exclaims, let first = words.first, MomentQuestion.questionWords.contains(first),
                TalkReader.asks(trimmed) || (parsed.kind != .future && Self.asksWithoutMark(words, trimmed))
            {
                return .question(MomentQuestion.open(trimmed, parse: context.parse))
            }
        }
        return parsed.kind == .future ? .plan(parsed) : .moment(parsed)
    }

    /// Words that open a question asked without its `?` (never `did`, `had`, `was`: wins open
    /// with them).
    static let askingFirstWords: Set<String> = [
        "how", "what", "where", "why", "who", "which", "can", "could", "is", "are", "does", "do", "will", "would",
        "should",
    ]

    /// Words that may come second in a question asked without its `?` (`how do`, `is this`, `can
    /// my`), after a question word first.
    static let askingSecondWords: Set<String> = [
        "do", "does", "did", "can", "could", "is", "are", "i", "you", "it", "this", "my", "much", "many", "long",
        "the", "we", "there", "yadg", "app", "folder", "version", "anyone", "someone", "somebody", "people", "your",
        "else", "am", "should", "would", "will",
    ]

    /// A question asked without its `?`: a question word, then one of ``askingSecondWords`` (or a
    /// word of measure and then `is`, `are`, `does` or `do`), at
    /// most ten words, and nothing told as done (`how I spent my sunday` tells, `what a day` exclaims).
    static func asksWithoutMark(_ words: [String], _ line: String) -> Bool {
        // `did the dishes` is a win, `how many push-ups: 20` a note of one.
        // `how tall is mount everest`, `what time is it`: a word of measure second, a verb of asking
        // third (never `how amazing is my new job`, which exclaims).
        let measures: Set<String> = [
            "tall", "far", "old", "big", "high", "deep", "heavy", "hot", "cold", "fast", "time", "day", "year", "month",
            "size", "colour", "color", "weather",
        ]
        let askingThird: Set<String> = ["is", "are", "does", "do", "was"]
        guard words.count >= 3, words.count <= 10, askingFirstWords.contains(words[0]),
            askingSecondWords.contains(words[1]) || (words.count > 3 && measures.contains(words[1]) && askingThird.contains(words[2])),
            !line.contains(":")
        else { return false }
        return !tellsDone(Array(words.dropFirst()))
    }

    /// Whether words tell something as done: a past verb other than an auxiliary (`helped`,
    /// `fixed`), never `just`/`finally`/`already`, a verb that is also present (`put`, `read`), a
    /// verb after `to` (`remember to get organised`) or an `-ed` word after a describer.
    static func tellsDone(_ words: [String]) -> Bool {
        let auxiliaries: Set<String> = ["did", "was", "were", "had", "done", "been"]
        return words.indices.contains { i in
            let word = words[i]
            guard !auxiliaries.contains(word), !Tense.looseDone.contains(word), !Tense.alsoPresent.contains(word),
                i == 0 || words[i - 1] != "to"
            else { return false }
            if Tense.pastWordSet.contains(word) { return true }
            return word.utf8.count > 3 && word.hasSuffix("ed") && !word.hasSuffix("eed") && !Tense.notPast.contains(word)
                && (i == 0 || !Tense.describers.contains(words[i - 1]))
        }
    }

    /// Verbs that open a new time for a moment named by its words (`move the laundry one to tuesday`).
    static let movingWords: Set<String> = ["move", "change", "put", "shift", "set", "switch", "push", "bump", "make", "fix"]
    /// Words that tie a named moment to its new time (`the gym one was at 6pm`, `… should be on saturday`).
    static let linkingRuns: [[String]] = [
        ["should", "have", "been"], ["should", "be"], ["was", "actually"], ["is", "actually"], ["happened"], ["was"],
        ["is"], ["to"], ["for"],
    ]
    /// Marks that end a moment's name (`the gym one`, `the walk entry`); never `win` or `thing`,
    /// which end a win's own words (`my first marathon win was today`).
    static let namingMarks: Set<String> = ["one", "entry", "moment"]
    /// What a person adds after a correction's time (`…, fix it`, `… actually`): not part of the time.
    static let afterTimeWords: Set<String> = ["actually", "please", "pls", "thanks", "lol", "i", "think", "sorry", "oops"]
    /// Words that may follow a correction's comma (`…, fix it`, `…, fix the date please`, `…, sorry`):
    /// anything else after the comma tells more (`it was 2 hours, longest hike ever`), and the line
    /// is not read as a correction.
    static let correctionTailWords: Set<String> = afterTimeWords.union([
        "fix", "it", "that", "the", "date", "day", "time", "change", "correct", "update", "my", "bad", "mistake", "typo",
        "oopsie", "whoops", "ta", "cheers", "x", "move",
    ])

    /// The part before a comma when what follows it only asks for the correction (`3pm, fix it`)
    /// or says what it replaces (`thursday, not friday`); the whole text when there is no comma;
    /// nil when more is told after it (`2 hours, not bad`: what follows `not` must be a time).
    static func beforeCorrectionTail(_ text: String, in context: LineContext) -> String? {
        guard let comma = text.firstIndex(of: ",") else { return text }
        let tail = text[text.index(after: comma)...].lowercased().split { !$0.isLetter && !$0.isNumber }
        // `thursday, not friday`: the time meant, then the one it replaces.
        if tail.first == "not", (2...4).contains(tail.count) {
            let replaced = context.parse(tail.dropFirst().joined(separator: " "))
            return replaced.kind != .none && replaced.text.trimmingTrailing(".!,").isEmpty ? String(text[..<comma]) : nil
        }
        return tail.allSatisfy { correctionTailWords.contains(String($0)) } ? String(text[..<comma]) : nil
    }

    /// `the gym one was at 6pm, fix it`, `move the laundry one to tuesday`, `that meditation one
    /// was last week actually`: a new time for the recent moment holding the words that name it
    /// (`/when #N …`; when several hold them, they are listed to choose from). The name is a few
    /// words closed by `one`, `entry` or `moment`; what comes after it must be a time and nothing
    /// else, and after a comma only words that ask for the fix, so a win that only sounds like this
    /// (`the big one was at 6pm and I nailed it`, `…, nailed it`) stays a moment.
    static func namedWhen(_ line: String, in context: LineContext) -> LineMeaning? {
        // Most lines open with none of these: read no further (it runs on every short line, so the
        // first word is read as bytes, with nothing allocated).
        guard let first = firstWordKey(line), namedWhenOpeners.contains(first) else { return nil }
        guard let clause = beforeCorrectionTail(line, in: context) else { return nil }
        var words = clause.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        while let last = words.last, afterTimeWords.contains(last) { words.removeLast() }
        guard words.count >= 4, words.count <= 12 else { return nil }
        var start = 0
        if movingWords.contains(words[0]) { start = 1 }
        guard ["the", "that", "my", "this"].contains(words[start]) else { return nil }
        if start == 0, ["one", "bit", "entry", "moment", "thing", "part"].contains(words[1]),
            ["about", "with", "where", "when"].contains(words[2])
        {
            return namedAfterOne(words, in: context)
        }
        // `the run was on tuesday, fix it`: a name with no `one` to close it, when the line asks
        // for the fix in so many words.
        let asked = clause.count < line.count
            && line[clause.endIndex...].lowercased().split(whereSeparator: { !$0.isLetter })
                .contains { ["fix", "change", "correct", "update", "not", "move"].contains($0) }
        let marked = words[(start + 1)...].prefix(4).firstIndex(where: namingMarks.contains)
        let unmarked = asked && start == 0
            ? words.indices.dropFirst(2).prefix(3).first(where: { ["was", "is", "should"].contains(words[$0]) }).map { $0 - 1 }
            : nil
        guard let mark = marked ?? unmarked, mark > start + (marked == nil ? 0 : 1) else { return nil }
        let after = Array(words[(mark + 1)...])
        // `the coffee one should say tea`: the name's words put right in the moment it names.
        if start == 0, marked != nil, after.count >= 3, after.count <= 6, after[0] == "should", ["say", "read"].contains(after[1]) {
            let named = words[(start + 1)..<mark].filter { !["the", "my", "that", "this"].contains($0) }
            let said = clause.split(whereSeparator: \.isWhitespace).suffix(after.count - 2).joined(separator: " ")
            guard !named.isEmpty, let target = target(words[start...mark].joined(separator: " "), context), case .words = target
            else { return nil }
            return .fix(old: named.joined(separator: " "), new: unquoted(said), target: target)
        }
        guard let link = linkingRuns.first(where: { after.starts(with: $0) }) else { return nil }
        // A moving verb goes with `to`/`for`; the name alone with `was`/`should be`.
        guard (start == 1) == (link == ["to"] || link == ["for"]) else { return nil }
        let expression = after.dropFirst(link.count).joined(separator: " ")
        guard case .inWords(_, let command)? = time(expression, context),
            let target = target(words[start...mark].joined(separator: " "), context)
        else { return nil }
        switch target {
        case .words: return .onMoment(kind: .when, target: target, command: command)
        // `that last one was yesterday, not today`
        case .last: return .inWords(kind: .when, command: command)
        default: return nil
        }
    }

    /// `the one about the dentist was last week`: the name after `the one about`, up to the word
    /// that ties it to its new time (`was`, `should be`); at most four words of name.
    static func namedAfterOne(_ words: [String], in context: LineContext) -> LineMeaning? {
        guard let linkAt = (3..<words.count).first(where: { i in
            ["was", "is", "should", "happened"].contains(words[i]) && linkingRuns.contains { words[i...].starts(with: $0) }
        }), (4...7).contains(linkAt) else { return nil }
        var name = Array(words[3..<linkAt])
        if let first = name.first, ["the", "my", "a", "an"].contains(first) { name.removeFirst() }
        guard !name.isEmpty, let link = linkingRuns.first(where: { words[linkAt...].starts(with: $0) }) else { return nil }
        let expression = words[(linkAt + link.count)...].joined(separator: " ")
        guard case .inWords(_, let command)? = time(expression, context),
            let target = target("the " + name.joined(separator: " ") + " one", context), case .words = target
        else { return nil }
        return .onMoment(kind: .when, target: target, command: command)
    }

    /// The first words `namedWhen` reads on, as ``firstWordKey(_:)`` packs them.
    static let namedWhenOpeners: Set<UInt64> = Set(
        (movingWords.union(["the", "that", "my", "this"])).compactMap { firstWordKey($0) })

    /// A first word of up to eight ASCII letters, lower-cased and packed into a number (nil for
    /// a longer word or any other byte): a cheap key to look a line's opening word up by.
    static func firstWordKey(_ line: String) -> UInt64? {
        var key: UInt64 = 0
        var count = 0
        for byte in line.utf8 {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: ",") { break }
            let lower = byte | 0x20
            guard lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z"), count < 8 else { return nil }
            key = key << 8 | UInt64(lower)
            count += 1
        }
        return count == 0 ? nil : key
    }

    /// `jfjdkdkdk`, `sdfghjk`: one run of six or more letters with no vowel (nor `y`) is a hand
    /// on the keyboard, not a moment.
    static func keyboardMash(_ line: String) -> Bool {
        // Read in place: it runs on every short line.
        let bytes = line.utf8
        guard (6...40).contains(bytes.count) else { return false }
        return bytes.allSatisfy { byte in
            let lower = byte | 0x20
            return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") && !"aeiouy".utf8.contains(lower)
        }
    }

    /// `<3` (a heart typed the old way) is a compliment; `^[[A` (an arrow key's escape sequence,
    /// typed where the terminal did not read it) is a key, and a link pasted alone a paste, not a
    /// word: none is a win.
    static func typedSymbol(_ line: String) -> LineMeaning? {
        let bytes = line.utf8
        if bytes.count >= 2, bytes.first == UInt8(ascii: "<"), bytes.dropFirst().allSatisfy({ $0 == UInt8(ascii: "3") }) {
            return .smallTalk(.compliment)
        }
        if bytes.starts(with: "^[".utf8), bytes.count <= 8 { return .smallTalk(.ack) }
        // A link pasted alone (`https://maps.app.goo.gl/…`) is not a thing done.
        if bytes.starts(with: "http://".utf8) || bytes.starts(with: "https://".utf8), !bytes.contains(UInt8(ascii: " ")) {
            return .smallTalk(.ack)
        }
        return nil
    }

    /// Words that name a thing before `period` or `comma` (`my period`, `first period`, `every
    /// comma`): never a mark said to dictation.
    static let namingBeforeMark: Set<String> = [
        "a", "the", "my", "her", "your", "this", "that", "every", "each", "one", "first", "second", "third", "fourth",
        "fifth", "last", "next", "free", "trial", "grace", "waiting", "probation", "notice", "cooling", "study",
        "exam", "holiday", "reporting", "class", "lunch", "oxford", "serial", "missing", "extra", "no", "any",
    ]

    /// `thank you so much period`, `good morning comma how are you`: a line said to dictation, its
    /// marks spoken as words, read with the marks (an end mark last, `comma` between words), so
    /// the line is read, and a win kept, as it was meant.
    static func undictated(_ line: String) -> String {
        // Looked at on the bytes first (String's own search costs thousands of instructions, and
        // every line of a pipe comes through here): an end mark's last word, or `comma`.
        let bytes = line.utf8
        guard bytes.count <= 400, let last = bytes.last.map({ $0 | 0x20 }) else { return line }
        guard "dpkt".utf8.contains(last) || Self.holds(line, "comma") else { return line }
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count >= 3 else { return line }
        func lower(_ index: Int) -> String { words[index].lowercased() }
        var changed = false
        let ends: [([String], String)] = [
            (["question", "mark"], "?"), (["exclamation", "mark"], "!"), (["exclamation", "point"], "!"),
            (["full", "stop"], "."), (["period"], "."),
        ]
        for (said, mark) in ends where words.count > said.count + 1 {
            let tail = words.suffix(said.count).map { $0.lowercased() }
            let before = lower(words.count - said.count - 1)
            guard tail == said, !(said == ["period"] && Self.namingBeforeMark.contains(before)) else { continue }
            words.removeLast(said.count)
            words[words.count - 1] += mark
            changed = true
            break
        }
        var index = 1
        while index < words.count - 1 {
            if lower(index) == "comma", !Self.namingBeforeMark.contains(lower(index - 1)) {
                words[index - 1] += ","
                words.remove(at: index)
                changed = true
            } else {
                index += 1
            }
        }
        return changed ? words.joined(separator: " ") : line
    }

    /// Whether `line` holds `piece`, upper and lower case alike for ASCII letters, looked for on the
    /// bytes: String's own search costs far more, and it runs on every line.
    static func holds(_ line: String, _ piece: String) -> Bool {
        var line = line
        var piece = piece
        return line.withUTF8 { haystack in
            piece.withUTF8 { needle in
                guard let first = needle.first else { return true }
                guard needle.count <= haystack.count else { return false }
                for start in 0...(haystack.count - needle.count) where haystack[start] | 0x20 == first | 0x20 {
                    if (1..<needle.count).allSatisfy({ haystack[start + $0] | 0x20 == needle[$0] | 0x20 }) { return true }
                }
                return false
            }
        }
    }

    /// `s/10k/5k/`: sed's way of putting words right, the editor's habit of people who live in a
    /// terminal: the words replaced in the last moment.
    static func substitution(_ line: String) -> LineMeaning? {
        // `teh -> the`: a word and the word meant, an arrow between (a word or two each side).
        for arrow in line.utf8.contains(UInt8(ascii: ">")) ? [" -> ", " => ", "->", "=>"] : [] where Self.holds(line, arrow) {
            let sides = line.components(separatedBy: arrow).map(\.trimmedWhitespace)
            guard sides.count == 2, !sides[0].isEmpty, !sides[1].isEmpty,
                sides.allSatisfy({ $0.split(separator: " ").count <= 2 && $0.count <= 30 })
            else { return nil }
            return .fix(old: sides[0], new: sides[1], target: .last)
        }
        // Only the whole form, closed by its `/` (`s/o to mom/dad for babysitting` is a shout-out).
        guard line.utf8.starts(with: "s/".utf8) else { return nil }
        let parts = line.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[2].allSatisfy({ "gi".contains($0) }), !parts[0].trimmedWhitespace.isEmpty,
            parts[0].count <= 60, parts[1].count <= 60
        else { return nil }
        return .fix(old: parts[0], new: parts[1], target: .last)
    }

    /// `*yesterday`, `*8am`, `*birthday`, `*then not than`: the chat habit of a star before the
    /// word meant. A time is a new time for the last moment; words put a word of it right — the
    /// word they replace named after `not`, or else the word nearest in spelling (`*birthday` after
    /// `brithday`), found when the moment is in hand.
    static func starred(_ line: String, in context: LineContext) -> LineMeaning? {
        guard line.utf8.first == UInt8(ascii: "*"), !line.utf8.starts(with: "**".utf8) else { return nil }
        let rest = String(line.dropFirst()).trimmedWhitespace
        if let time = time(rest, context) { return time }
        let words = rest.split(separator: " ").map(String.init)
        guard words.allSatisfy({ $0.allSatisfy { $0.isLetter || $0 == "'" || $0 == "-" } }) else { return nil }
        if let not = words.firstIndex(of: "not") {
            let new = words[..<not], old = words[(not + 1)...]
            guard (1...3).contains(new.count), (1...3).contains(old.count) else { return nil }
            return .fix(old: old.joined(separator: " "), new: new.joined(separator: " "), target: .last)
        }
        guard words.count == 1, rest.count <= 30 else { return nil }
        return .fix(old: "", new: rest, target: .last)
    }

    /// Right after a moment, a line that is only a time (`2 hours ago`), only a mood (`#calm`) or
    /// only tags (`#garden`) is about that moment.
    static func alone(_ line: String, _ parsed: ParsedMoment, in context: LineContext) -> LineMeaning? {
        if parsed.kind != .none, parsed.text.trimmingTrailing(".!,").isEmpty, let expression = parsed.timeExpression {
            return .inWords(kind: .when, command: SlashCommand(WhenCommand.self, expression))
        }
        guard line.hasPrefix("#") else { return nil }
        let tagged = Hashtags.read(line, moods: context.moods)
        guard tagged.text.isEmpty else { return nil }
        if let mood = tagged.mood, tagged.tags.isEmpty {
            return .inWords(kind: .mood, command: SlashCommand(MoodCommand.self, "last " + mood))
        }
        guard !tagged.tags.isEmpty else { return nil }
        return .inWords(
            kind: .tag, command: SlashCommand(TagCommand.self, "last " + tagged.tags.map { "#" + $0 }.joined(separator: " ")))
    }

    /// What the stage does with one of the talk reader's readings, or nil when it cannot act on it
    /// (a correction whose time is not a time, a target that names no moment): the next reading
    /// is tried, and a line none fits is a moment.
    static func meaning(of reading: TalkReading, _ line: String, in context: LineContext) -> LineMeaning? {
        let kind = reading.kind
        let rest = reading.rest
        // The commands `Resources/talk.json` gives (`/moments today`) are read once here; a kind or
        // a command the stage does not know is no reading (a test holds the file to both).
        if let text = reading.command {
            guard let said = Said(rawValue: kind), let command = try? SlashCommand.parse(text) else { return nil }
            return .inWords(kind: said, command: command)
        }
        if kind.hasPrefix("smalltalk.") {
            // `hello world! my first python program ran`: a later sentence that tells a thing done is a moment.
            let sentences = line.split(whereSeparator: { ".!?".contains($0) })
            let tells = sentences.dropFirst().contains { sentence in
                let said = String(sentence)
                // (`thanks! that helped`: a later sentence that is small talk too tells nothing.)
                return tellsDone(context.talk.reader.words(of: said))
                    && !context.talk.reader.read(said).contains { $0.kind.hasPrefix("smalltalk.") }
            }
            if tells { return nil }
            return SmallTalk(rawValue: String(kind.dropFirst(10))).map { .smallTalk($0) }
        }
        if kind.hasPrefix("howto.") {
            // `how to …` names a question only when short (`how-to video helped me fix the sink` is a win).
            let said = context.talk.reader.words(of: line)
            // A shell word that opens a thing done is a win (`history essay submitted!!`), not a command.
            if kind == "howto.shell", Self.tellsDone(Array(said.dropFirst())) { return nil }
            // An error pasted keeps the marks of output (`error: failed to push`, `fault (core
            // dumped)`); without them, a thing done after the word is a win (`error in the
            // invoice fixed`).
            if kind == "howto.pasted", !line.contains(":"), !line.contains("("), Self.tellsDone(Array(said.dropFirst())) {
                return nil
            }
            // A long `how to …` asks unless it tells something done (`how-to video helped me fix
            // the sink`); a short one asks whatever follows its comma (`how to change the colours,
            // it's hard to read`).
            let asked = line.split(separator: ",", maxSplits: 1).first.map { context.talk.reader.words(of: String($0)) } ?? said
            if asked.starts(with: ["how", "to"]), asked.count > 6 || said.count > 6, asked.count > 10 || Self.tellsDone(said) {
                return nil
            }
            // A question is short, and says nothing of what the person went on to do (`can't see a
            // thing without my glasses, so I finally got new ones`).
            // A long line may still ask in its first clause, the rest its reason (`can i change
            // the colours, the yellow is hard to read on my dark theme`), unless the rest tells.
            func clauseAsks() -> Bool {
                asked.count <= 8 && asked.count < said.count && !Self.tellsDone(Array(said.dropFirst(asked.count)))
            }
            if said.count > 14 && !clauseAsks() || zip(said, said.dropFirst()).contains(where: { ["so", "and", "but", "then"].contains($0) && $1 == "i" }) {
                return nil
            }
            // `is it a win if I got out of bed? cause I did`: asked and answered yes, a moment (but
            // `how do i export? tried everything` still asks).
            if Self.answeredInTheLine(line, onlyYes: true) { return nil }
            // A `:` followed by more tells a thing (`how to be kind: called my sister`).
            // (`split that into two: laundry and dishes` names the parts, and still asks.)
            // (An error pasted from another window keeps its colon: `error: failed to push`.)
            if kind != "howto.merge", kind != "howto.pasted", let colon = line.firstIndex(of: ":"), line[line.index(after: colon)...].contains(where: \.isLetter) {
                return nil
            }
            return .howTo(String(kind.dropFirst(6)))
        }
        if kind == "question.firstever" { return .question(MomentQuestion(.first, text: line)) }
        if kind.hasPrefix("notawin.") {
            // `todo list from monday: all ticked off`: a to-do told as done is a moment.
            if kind == "notawin.todo", tellsDone(context.talk.reader.words(of: line)) { return nil }
            return .notAWin(String(kind.dropFirst(8)))
        }
        if kind == "question.whatwhen" {
            // `show me last week`: a period and nothing else.
            guard let question = MomentQuestion(.what, rest: rest, reading: reading, line: line, talk: context.talk, parse: context.parse),
                question.window != nil, question.words.isEmpty
            else { return nil }
            return .question(question)
        }
        if kind.hasPrefix("question.") {
            // `last time I rode a bike I was 12, did 10 km today` tells; `last time I … ?` asks.
            if reading.phrase.hasPrefix("^ last time"), !reading.asks { return nil }
            // `what did I do today? made dinner for everyone`: a question answered in the same line tells.
            if Self.answeredInTheLine(line) { return nil }
            guard let questionKind = MomentQuestion.Kind(rawValue: String(kind.dropFirst(9))) else { return nil }
            return MomentQuestion(questionKind, rest: rest, reading: reading, line: line, talk: context.talk, parse: context.parse)
                .map { .question($0) }
        }
        switch kind {
        case "leave": return .leave
        case "help": return .help
        case "keep": return .keep
        case "untag": return .howTo("untag")
        case "find.tag":
            let words = rest.split(separator: " ").map(String.init)
            guard (1...3).contains(words.count) else { return nil }
            let tags = words.map { $0.hasPrefix("#") ? $0 : "#" + $0 }
            return .inWords(kind: .find, command: SlashCommand(FindCommand.self, tags.joined(separator: " ")))
        case "find":
            let words = rest.split(separator: " ").map(String.init)
            guard (1...4).contains(words.count) else { return nil }
            return .inWords(kind: .find, command: SlashCommand(FindCommand.self, words.joined(separator: " ")))
        case "find.kind":
            // `show me all the work ones`, `list my walks`: the moments with those words, ever.
            var words = rest.split(separator: " ").map(String.init)
            if let last = words.last?.lowercased(), Self.collectionWords.contains(last) {
                words.removeLast()
            } else if words.count > 2 {
                return nil
            }
            guard (1...3).contains(words.count),
                let question = MomentQuestion(
                    .what, rest: words.joined(separator: " "), reading: reading, line: line, talk: context.talk,
                    parse: context.parse),
                !question.words.isEmpty
            else { return nil }
            return .question(question)
        case "when.ask":
            return .inWords(kind: .when, command: SlashCommand(WhenCommand.self))
        case "when":
            if let when = time(rest, context) { return when }
            // `it was 2 hours, not bad`: a time, then how it went; no word is put right.
            if let not = rest.firstRange(of: " not "), time(String(rest[..<not.lowerBound]), context) != nil { return nil }
            return replacement(rest, frame: .meant)
        case "edit":
            if let when = time(rest, context) { return when }
            // `edit my last win, it was 2 hours not 1`: a new time, said as what it was.
            for said in ["it was ", "that was ", "it should be ", "it should have been ", "it is "]
            where rest.lowercased().hasPrefix(said) {
                if let when = time(String(rest.dropFirst(said.count)), context) { return when }
            }
            let text = Self.unquoted(rest)
            // `edit that`, `edit the previous entry`: no new text yet, so how to edit is said.
            guard !text.isEmpty else { return .howTo("edit") }
            return .inWords(kind: .edit, command: SlashCommand(EditCommand.self, "last " + text))
        case "replace":
            return time(rest, context)
                ?? replacement(
                    rest, frame: reading.phrase.contains("meant") || reading.phrase.contains("typo") ? .meant : .change,
                    oneWordMeant: true)
        case "favorite", "unfavorite", "delete":
            // `delete` alone names nothing; `scratch that`, `star it` name the last moment.
            // (`oops wrong one, please remove`: the line says which, the last one.)
            let saysWhich = ["wrong", "mistake", "oops", "whoops", "typo"].contains { line.lowercased().contains($0) }
            // (`take the star off` names the mark, and so the last moment that has it.)
            let namesMark = kind == "unfavorite" && reading.phrase.contains("the star")
            if rest.isEmpty, !reading.phrase.contains(" it") && !reading.phrase.contains("that") && !saysWhich && !namesMark {
                return nil
            }
            guard let target = target(rest, context) else { return nil }
            let (said, command): (Said, any ShellCommand.Type) =
                switch kind {
                case "favorite": (.favorite, FavCommand.self)
                case "unfavorite": (.unfavorite, UnfavCommand.self)
                default: (.delete, DeleteCommand.self)
                }
            return on(target, kind: said, command)
        case "delete.before":
            return .onMoment(kind: .delete, target: .beforeLast, command: SlashCommand(DeleteCommand.self))
        case "tag":
            return tags(rest, saidTag: reading.phrase.contains("tag") || reading.phrase.contains("label"))
        case "note.with":
            // `it was with Sam`: who it was with, noted.
            guard (1...4).contains(reading.restWords.count) else { return nil }
            return .inWords(kind: .note, command: SlashCommand(NoteCommand.self, "last with " + Self.unquoted(rest)))
        case "note":
            // `note: went with Sam`, never `note to self: …` (a moment).
            if reading.phrase == "^ note", !line.lowercased().hasPrefix("note:") { return nil }
            let text = Self.unquoted(rest)
            guard !text.isEmpty else { return nil }
            return .inWords(kind: .note, command: SlashCommand(NoteCommand.self, "last " + text))
        case "mood.last":
            // `set mood on the last one to happy`, `put mood happy on the last one`, `mood was happy,
            // not tired` (the mood meant, then the one it replaces): the line names the moment, so
            // no moment need come just before.
            let rest = reading.restWords
            let namesTheLast =
                rest.count == 1 || (rest.count == 3 && rest[1] == "not")
                || (rest.count > 2 && ["on", "for", "to"].contains(rest[1])
                    && TalkWords.lastMoment.contains(rest.dropFirst(2).joined(separator: " ")))
            guard namesTheLast, let mood = context.moods.mood(named: rest[0]) else { return nil }
            return .inWords(kind: .mood, command: SlashCommand(MoodCommand.self, "last " + mood.name))
        case "mood":
            guard context.afterMoment, reading.restWords.count == 1,
                let mood = context.moods.mood(named: reading.restWords[0])
            else { return nil }
            return .inWords(kind: .mood, command: SlashCommand(MoodCommand.self, "last " + mood.name))
        default:
            return nil
        }
    }

    /// A `?` with three words or more after it that tell a thing done: the person asked and
    /// answered (`wat did i do today? made dinner from scratch`), so the line tells a moment.
    /// `onlyYes`: only an answer `I did` counts (after a how-to, a told try still asks).
    static func answeredInTheLine(_ line: String, onlyYes: Bool = false) -> Bool {
        guard let mark = line.firstIndex(of: "?") else { return false }
        let after = line[line.index(after: mark)...].lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init)
        // (`did I mention I finished the half marathon? well I did`: the answer is the `did`.)
        let answersYes = zip(after, after.dropFirst()).contains { $0 == "i" && $1 == "did" }
        // `when did I last cook from scratch? today! dal and rice`: a day said back, not asked again.
        let answersWhen = !onlyYes && ["today", "tonight", "yesterday", "just"].contains(after.first ?? "")
            && !line[line.index(after: mark)...].contains("?")
        return after.count >= 3 && (answersYes || answersWhen || (!onlyYes && tellsDone(after)))
    }

    /// Words that stand for moments at the end of `show me all the work ones`.
    static let collectionWords: Set<String> = [
        "ones", "one", "stuff", "things", "moments", "entries", "wins", "items", "logs",
    ]

    /// A command on a target: the last moment or a number in the line itself, others found by the shell.
    static func on(_ target: MomentTarget, kind: Said, _ command: any ShellCommand.Type) -> LineMeaning {
        if let reference = target.reference { return .inWords(kind: kind, command: SlashCommand(command, reference)) }
        return .onMoment(kind: kind, target: target, command: SlashCommand(command))
    }

    /// `3pm`, `yesterday evening`, `2 hours not 3`: a time and nothing else, as `/when` takes it.
    static func time(_ rest: String, _ context: LineContext) -> LineMeaning? {
        var expression = unquoted(rest)
        // `2 hours not 3`: the new time is what comes first, when what `not` replaces is a time or
        // a number too (`2 hours, not bad` tells how it went).
        if let not = expression.firstRange(of: " not ") {
            let replaced = String(expression[not.upperBound...]).trimmingTrailing(".!,").trimmedWhitespace
            let parsed = context.parse(replaced)
            let numberWords: Set<String> = [
                "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "half",
            ]
            guard replaced.allSatisfy(\.isNumber) && !replaced.isEmpty || numberWords.contains(replaced.lowercased())
                || (parsed.kind != .none && parsed.text.trimmingTrailing(".!,").isEmpty)
            else { return nil }
            expression = String(expression[..<not.lowerBound])
        }
        // `yesterday actually`, `3pm, fix it`: what is said after the time is not part of it; but
        // `2 hours, longest hike ever` tells a win, and `march 3, 2024` is all one time.
        if expression.contains(","), context.parse(expression).text.trimmingTrailing(".!,").isEmpty == false {
            guard let before = beforeCorrectionTail(expression, in: context) else { return nil }
            expression = before
        }
        var words = expression.split(separator: " ")
        while let last = words.last, afterTimeWords.contains(last.lowercased()) { words.removeLast() }
        expression = words.joined(separator: " ")
        guard !expression.isEmpty else { return nil }
        for candidate in [expression, expression + " ago"] {
            let parsed = context.parse(candidate)
            // A time alone; `/when` reads it as told in the past (`sunday` is the last one).
            if parsed.kind != .none, parsed.text.trimmingTrailing(".!,").isEmpty {
                return .inWords(kind: .when, command: SlashCommand(WhenCommand.self, candidate))
            }
        }
        return nil
    }

    enum ReplacementFrame { case meant, change }

    /// Words after `I meant` that are talk, not a word of a moment put right.
    static let notAWordMeant: Set<String> = [
        "that", "this", "what", "well", "yeah", "then", "when", "just", "okay", "sure", "nothing", "something",
        "everything", "anything", "yes", "it",
    ]

    /// `Priya not Pria` (what was meant, then what stands), `"mom" to "mum"` and `mom with mum` (what
    /// stands, then what it becomes).
    /// `oneWordMeant`: the line said it puts a word right (`I meant`, `typo, should say`), so one
    /// word alone is the word meant.
    static func replacement(_ rest: String, frame: ReplacementFrame, oneWordMeant: Bool = false) -> LineMeaning? {
        let text = rest.replacing("\u{201C}", with: "\"").replacing("\u{201D}", with: "\"")
        func pair(_ separator: String) -> (String, String)? {
            guard let range = text.firstRange(of: separator) else { return nil }
            let a = unquoted(String(text[..<range.lowerBound]))
            let b = unquoted(String(text[range.upperBound...]))
            guard !a.isEmpty, !b.isEmpty, a.count <= 60, b.count <= 60 else { return nil }
            return (a, b)
        }
        if let (new, old) = pair(" not ") ?? pair(", not ") { return .fix(old: old, new: new, target: .last) }
        if let (old, new) = pair(" instead of ").map({ ($0.1, $0.0) }) { return .fix(old: old, new: new, target: .last) }
        // `typo, should say "groceries"`, `I meant Priya`: one word meant, put in for the word of the
        // last moment nearest it in spelling (a word of talk, `I mean that`, is not one).
        if frame == .meant, oneWordMeant {
            let word = unquoted(text)
            if word.count >= 4, word.count <= 30, word.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "-" }),
                !notAWordMeant.contains(word.lowercased())
            {
                return .fix(old: "", new: word, target: .last)
            }
        }
        guard frame == .change else { return nil }
        if let (old, new) = pair(" to ") ?? pair(" with ") ?? pair(" -> ") ?? pair(" → ") {
            return .fix(old: old, new: new, target: .last)
        }
        return nil
    }

    /// `#work`, `with #health`, `#garden to that`: tags, and words that only name the last moment.
    /// `saidTag`: the words that opened the line said so (`tag it`, `add tag`), so plain words are tags.
    static func tags(_ rest: String, saidTag: Bool) -> LineMeaning? {
        let words = rest.split(separator: " ").map(String.init)
        let tags = words.filter { $0.hasPrefix("#") && $0.count > 1 }
        let others = words.filter { !$0.hasPrefix("#") }.map { $0.lowercased() }
        let naming: Set<String> = ["to", "that", "it", "this", "the", "last", "one", "with", "as", "on", "for", "please"]
        if !tags.isEmpty, tags.count <= 5, others.allSatisfy(naming.contains) {
            return .inWords(kind: .tag, command: SlashCommand(TagCommand.self, "last " + tags.joined(separator: " ")))
        }
        // `tag it work`, `add tag health to that`: plain words after `tag`, a few.
        let plain = others.filter { !naming.contains($0) }
        guard saidTag, tags.isEmpty, (1...3).contains(plain.count),
            plain.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } })
        else { return nil }
        let named = plain.map { "#" + $0 }.joined(separator: " ")
        return .inWords(kind: .tag, command: SlashCommand(TagCommand.self, "last " + named))
    }

    /// The moment a correction names: nothing, `that`, `it`, `the last one` (the last moment), a
    /// number, `the one before that`, `the last two`, `the duplicate`, or `the gym one` (a few
    /// words of its text). Nil when the words name none of these.
    static func target(_ rest: String, _ context: LineContext) -> MomentTarget? {
        // `the last one, it was a mistake`: what comes after a comma is the reason, not the target.
        // `star that one ⭐`: an emoji after the name is not part of it.
        let cut = String(
            String.UnicodeScalarView(
                (rest.split(separator: ",", maxSplits: 1).first.map(String.init) ?? rest).unicodeScalars
                    .filter { !($0.properties.isEmoji && $0.value >= 0x2100) && $0.value != 0xFE0F }))
        var words = context.talk.reader.words(of: cut)
        let polite: Set<String> = [
            "please", "pls", "for", "me", "now", "again", "too", "as", "well", "thanks", "thank", "you", "mate", "dear",
            "lol", "then",
        ]
        while let last = words.last, polite.contains(last) { words.removeLast() }
        let joined = words.joined(separator: " ")
        if words.isEmpty || TalkWords.lastMoment.contains(joined) { return .last }
        if TalkWords.beforeLast.contains(joined) { return .beforeLast }
        if TalkWords.lastTwo.contains(joined) { return .lastTwo }
        if TalkWords.duplicate.contains(joined) { return .duplicate }
        var numbered = words[...]
        if let first = numbered.first, ["moment", "number", "no", "entry", "#"].contains(first) { numbered = numbered.dropFirst() }
        if numbered.count == 1, let n = Int(numbered[numbered.startIndex]), n >= 1 { return .number(n) }
        // `the walk from monday`, `the gym one on friday`: the words, then the day they happened.
        if let split = words.firstIndex(where: { ["from", "on"].contains($0) }), split > 0, split < words.count - 1 {
            let said = words[(split + 1)...].joined(separator: " ")
            let parsed = context.parse(said)
            if parsed.text.trimmingTrailing(".!,").isEmpty, let window = parsed.window,
                case .words(let named)? = target(words[..<split].joined(separator: " "), context)
            {
                return .wordsWithin(named, window)
            }
        }
        // `the gym one`, `the walk`, `my run from yesterday` is too much to guess from.
        var named = words[...]
        if let first = named.first, ["the", "my", "that", "this"].contains(first) { named = named.dropFirst() }
        // `the one about the dishes`, `the entry where I fixed the bike`: the words after `about`, a few.
        if named.count >= 3, ["one", "moment", "entry", "win"].contains(named[named.startIndex]),
            ["about", "where", "with", "saying"].contains(named[named.startIndex + 1])
        {
            let said = named.dropFirst(2).filter { !TalkWords.namingFillers.contains($0) }
            guard (1...3).contains(said.count), said.allSatisfy({ !TalkWords.notNames.contains($0) }) else { return nil }
            return .words(Array(said))
        }
        if let last = named.last, ["one", "moment", "entry", "thing", "win"].contains(last) { named = named.dropLast() }
        // `the duplicate walk entry`: the latest walk is the copy.
        named = named.filter { !["duplicate", "duplicated", "repeated", "extra"].contains($0) }[...]
        guard (1...2).contains(named.count), named.allSatisfy({ !TalkWords.notNames.contains($0) }) else { return nil }
        return .words(Array(named))
    }

    /// Without the quotes a person puts around words (`"ran 5k"`, `‘mum’`).
    static func unquoted(_ text: String) -> String {
        var trimmed = Substring(text.trimmedWhitespace)
        let quotes: Set<Character> = ["\"", "'", "\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}", "`"]
        while let first = trimmed.first, quotes.contains(first) { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, quotes.contains(last) || last == "." || last == "!" { trimmed = trimmed.dropLast() }
        return String(trimmed).trimmedWhitespace
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
