/// What ``TalkReader`` made of a line: which kind of talk it is, and what follows the words that
/// said so.
package struct TalkReading: Sendable, Equatable {
    /// The kind, as the resource names it (`leave`, `when`, `question.last`, `smalltalk.thanks`).
    package var kind: String
    /// The command the phrase stands for, when the resource gives one (`/moments today`).
    package var command: String?
    /// The text as written after the phrase that opened the line (`make it` → `3pm`, `note:` →
    /// `it rained`), or empty for a phrase that is the whole line.
    package var rest: String
    /// The words of ``rest``, folded and read as the phrases read them.
    package var restWords: [String]
    /// The phrase that spoke, as written (for `yadg-train talk explain`), or `(chat)` for a line of
    /// chat words only.
    package var phrase: String
    /// The line ended with `?`.
    package var asks: Bool
    /// The phrase opened the line and handed on the rest (``rest`` may still be empty).
    package var handsOnRest = false

    package init(
        kind: String, command: String? = nil, rest: String = "", restWords: [String] = [], phrase: String,
        asks: Bool = false
    ) {
        self.kind = kind
        self.command = command
        self.rest = rest
        self.restWords = restWords
        self.phrase = phrase
        self.asks = asks
    }
}

/// Reads what a line says to yadg rather than about a win: leaving, help and how-to questions,
/// greetings and thanks, questions about one's own moments, corrections of the last moment, and
/// lines that tell something that did not happen. The conversation's stage (`LineMeaning` in
/// YadgCore) turns a reading into what yadg does; a line this reader has no reading for is a
/// moment.
///
/// It reads as the crisis reader does, with the same machinery: ``Words`` cuts the line, each
/// word is brought to the form the phrases are written with (spellings people type: `thx`,
/// `pls`, `wat`), each word carries the classes it belongs to (`<greet>`, `<delete>`, `<that>`),
/// and the phrases are ``PhrasePattern``s over words and classes. What it listens for is data,
/// `Resources/talk.json`, reviewed like copy.
///
/// A line is talk only when **every sentence** of it is: each sentence must be covered whole by a
/// phrase (or be made of chat words only, `ok lol`, `hi there`), or opened by a phrase that hands
/// on the rest of the line (`make it 3pm`). `hi! took a walk` is a moment. Readings are tried in
/// the resource's order, so an earlier one wins; of several sentences, the first that is more
/// than chat speaks for the line (`oops! it was 8am` is a correction).
package struct TalkReader: Sendable {
    /// One reading of the resource: its kind, the command it stands for, and its phrases.
    package struct Entry: Sendable {
        package var kind: String
        package var command: String?
        /// Phrases that must cover a sentence whole.
        package var whole: [String]
        /// Phrases that open a line and hand on the rest.
        package var opening: [String]
        /// The kind is completed by the line's topic (`howto` → `howto.export`), and without one
        /// the phrase does not speak.
        package var topics: Bool
        /// Classes that keep the phrase silent wherever one of their words stands in the line
        /// (`didn't` + a drink is a win: `<abstain>`).
        package var unless: [String]

        package init(
            kind: String, command: String? = nil, whole: [String] = [], opening: [String] = [], topics: Bool = false,
            unless: [String] = []
        ) {
            self.kind = kind
            self.command = command
            self.whole = whole
            self.opening = opening
            self.topics = topics
            self.unless = unless
        }
    }

    struct Phrase: Sendable {
        let entry: Int
        let source: String
        let opensRest: Bool
        /// What a line must hold for the phrase to match it (``PhrasePattern/requirements``): a
        /// line without is never tried.
        var required: (words: UInt64, classes: PhrasePattern.ClassMask) = (0, 0)
    }

    let spellings: WordTable<[String]>
    let classBits: WordTable<PhrasePattern.ClassMask>
    let bitOf: [String: Int]
    let numberBit: PhrasePattern.ClassMask
    let emoji: [Unicode.Scalar: String]
    package let entries: [Entry]
    let phrases: [Phrase]
    /// Phrases by the words and classes they can open with, in the resource's order.
    let byWord: WordTable<[Int]>
    let byClass: [[Int]]
    /// Chat: the kinds a line of chat words only may be, each with the classes that make it so (in
    /// order: the first whose class the line holds), and every class a chat line may hold.
    let chatKinds: [(kind: String, mask: PhrasePattern.ClassMask)]
    let chatMask: PhrasePattern.ClassMask
    /// Words small talk may trail off in (`lol`, `mate`, `:)`), the class `tail`.
    let tailMask: PhrasePattern.ClassMask
    /// Words a sentence may open with that change nothing (`umm`, `ok so`), the class `lead`.
    let leadMask: PhrasePattern.ClassMask
    /// Each entry's `unless` classes, as a mask.
    let unlessMasks: [PhrasePattern.ClassMask]
    /// The topics of a how-to question, in order, each with its class.
    let topics: [(name: String, mask: PhrasePattern.ClassMask)]
    /// The kind of a line with no word at all (`😂`, `...`), if any.
    let wordlessKind: String?
    /// The first words that may open a reading at all (any phrase's, any chat word's): a line whose
    /// first word is none of them, and that does not end with `?`, is read no further.
    let openers: WordSet
    let shelf: PatternShelf
    /// Words a question about one's moments takes as the same (`ran`, `run`, `jog`), carried for
    /// the stage.
    package let sameWords: [[String]]
    /// Misspellings of the words the phrases and classes name (`thnaks`, `mornign`).
    let typos: TalkTypos
    /// The compiled form (`Resources/talk-reader.txt`): what a run reads.
    package let compiledText: String

    package enum ReadError: Error, Equatable {
        case syntax(TalkPhrase.SyntaxError)
        case phrase(PhrasePattern.ReadError)
        case tooManyClasses
        case unknownClass(String)
    }

    /// - Parameters:
    ///   - spellings: a word as typed (folded) → the words it stands for (`thx` → `thanks`).
    ///   - classes: each class's words, as typed.
    ///   - entries: the readings, in order: an earlier one wins.
    ///   - chat: the kinds a line of chat words may be, each with its classes; the first whose
    ///     class a line holds is its kind. Every class named here is a chat class.
    ///   - chatFillers: classes a chat line may hold besides those (`you`, `so`, `that`).
    ///   - topics: a how-to question's topics in order, each with the class that names it.
    ///   - wordless: the kind of a line with no word (only emoji or marks).
    ///   - notTypos: real words near a word the phrases or classes name, never read as its
    ///     misspelling (`yadg-train talk lexicon`).
    package init(
        spellings typed: [String: [String]], classes: [String: [String]], entries: [Entry],
        chat: [(kind: String, classes: [String])], chatFillers: [String] = [],
        topics: [(name: String, className: String)] = [], wordless: String?, emoji: [Unicode.Scalar: String],
        sameWords: [[String]] = [], notTypos: [String] = []
    ) throws(ReadError) {
        let spellings = WordTable(typed)
        func normalize(_ word: String) -> [String] {
            let folded = Words(word).folded
            guard folded.count == 1 else { return folded }
            return spellings[folded[0]] ?? folded
        }
        let names = classes.keys.sorted()
        guard names.count <= 64 else { throw .tooManyClasses }
        var bitOf: [String: Int] = [:]
        for (bit, name) in names.enumerated() { bitOf[name] = bit }
        var members: [String: PhrasePattern.ClassMask] = [:]
        for (bit, name) in names.enumerated() {
            for written in classes[name]! {
                let base = normalize(written)
                if base.count == 1 { members[base[0], default: 0] |= 1 << PhrasePattern.ClassMask(bit) }
            }
        }
        var phrases: [Phrase] = []
        var byWord: [String: [Int]] = [:]
        var byClass = [[Int]](repeating: [], count: 64)
        var openers = Set<String>()
        var pairs: [String] = []
        for (index, entry) in entries.enumerated() {
            for (list, opensRest) in [(entry.whole, false), (entry.opening, true)] {
                var written: [String] = []
                for text in list {
                    do {
                        written += try TalkPhrase.patterns(text) { token in
                            token == "$" || (token.hasPrefix("<") && token.hasSuffix(">")) || normalize(token).count == 1
                        }
                    } catch { throw .syntax(error) }
                }
                for text in written {
                    let source = "^ " + text + (opensRest ? "" : " $")
                    let opening: (words: [String], classes: PhrasePattern.ClassMask)
                    do {
                        opening = try PhrasePattern.opening(of: source, classes: bitOf, normalize: normalize)
                    } catch { throw .phrase(error) }
                    for word in Set(opening.words) { byWord[word, default: []].append(phrases.count) }
                    openers.formUnion(opening.words)
                    pairs.append(source)
                    var bits = opening.classes
                    while bits != 0 {
                        byClass[bits.trailingZeroBitCount].append(phrases.count)
                        bits &= bits - 1
                    }
                    let required: (words: UInt64, classes: PhrasePattern.ClassMask)
                    do { required = try PhrasePattern(source, classes: bitOf, normalize: normalize).requirements } catch {
                        throw .phrase(error)
                    }
                    phrases.append(Phrase(entry: index, source: source, opensRest: opensRest, required: required))
                }
            }
        }
        func mask(_ classNames: [String]) throws(ReadError) -> PhrasePattern.ClassMask {
            var mask: PhrasePattern.ClassMask = 0
            for name in classNames {
                guard let bit = bitOf[name] else { throw .unknownClass(name) }
                mask |= 1 << PhrasePattern.ClassMask(bit)
            }
            return mask
        }
        var chatKinds: [(String, PhrasePattern.ClassMask)] = []
        var chatMask: PhrasePattern.ClassMask = try mask(chatFillers)
        for (kind, classNames) in chat {
            let kindMask = try mask(classNames)
            chatKinds.append((kind, kindMask))
            chatMask |= kindMask
        }
        var unlessMasks: [PhrasePattern.ClassMask] = []
        for entry in entries { unlessMasks.append(try mask(entry.unless)) }
        var topicMasks: [(String, PhrasePattern.ClassMask)] = []
        for (name, className) in topics { topicMasks.append((name, try mask([className]))) }
        // Every class a phrase opens with, every chat class, and the words a sentence may open
        // with before them (`umm`, `btw`), opens a reading.
        var openingClasses: PhrasePattern.ClassMask = chatMask | (bitOf["lead"].map { 1 << PhrasePattern.ClassMask($0) } ?? 0)
        for (bit, list) in byClass.enumerated() where !list.isEmpty { openingClasses |= 1 << PhrasePattern.ClassMask(bit) }
        for (word, mask) in members where mask & openingClasses != 0 { openers.insert(word) }
        for (written, words) in typed where words.first.map({ openers.contains($0) }) == true {
            openers.insert(written)
        }
        // What may come second after each opener, where every phrase it opens says (`did` is
        // followed by `i`, `not`, `nothing`): a line whose second word is none of them is read no
        // further either (`did the dishes`). Words of the chat and lead classes, and words a
        // spelling stands for, may be followed by anything.
        var free = Set<String>()
        var next: [String: Set<String>] = [:]
        func membersOf(_ mask: PhrasePattern.ClassMask) -> [String] { members.filter { $0.value & mask != 0 }.map(\.key) }
        func choices(_ piece: Substring) -> [String]? {
            guard !piece.hasPrefix("("), !piece.hasPrefix("~"), !piece.hasPrefix("!"), piece != "$", piece != ")" else {
                return nil
            }
            var words: [String] = []
            for option in piece.split(separator: "|") {
                if option == "$" { return nil }
                if option.hasPrefix("<") {
                    guard let bit = bitOf[String(option.dropFirst().dropLast())] else { return nil }
                    words += membersOf(1 << PhrasePattern.ClassMask(bit))
                } else if let first = normalize(String(option)).first {
                    words.append(first)
                }
            }
            return words
        }
        for source in pairs {
            let pieces = source.split(separator: " ")
            guard pieces.count > 1, let firstChoices = choices(pieces[1]) else { continue }
            /// The words that may come second: a choice, or the first words of a group's runs.
            func secondWords() -> [String]? {
                guard pieces.count > 2 else { return nil }
                guard pieces[2] == "(" else { return choices(pieces[2]) }
                var words: [String] = []
                var depth = 1
                var runStart = true
                for piece in pieces[3...] {
                    switch piece {
                    case "(":
                        if depth == 1 && runStart { return nil }
                        depth += 1
                    case ")":
                        if depth == 1 { return runStart ? nil : words }
                        depth -= 1
                    case "|" where depth == 1:
                        if runStart { return nil }  // an empty run: the group may be left out
                        runStart = true
                    default:
                        guard depth == 1, runStart else { continue }
                        guard let found = choices(piece) else { return nil }
                        words += found
                        runStart = false
                    }
                }
                return nil
            }
            let second = secondWords()
            for option in pieces[1].split(separator: "|") {
                let spelled = option.hasPrefix("<") ? [] : normalize(String(option))
                if spelled.count > 1 {
                    next[spelled[0], default: []].insert(spelled[1])
                    continue
                }
                let firsts = option.hasPrefix("<") ? firstChoices : spelled
                for word in firsts {
                    if let second { next[word, default: []].formUnion(second) } else { free.insert(word) }
                }
            }
        }
        // The words a misspelling is read towards: every word a class or a phrase names, as the
        // phrases read it.
        var targets = Set(members.keys.filter(TalkTypos.isTarget))
        for source in pairs {
            var plain = Set<String>()
            TextPieces.plainWords(of: source, into: &plain)
            for word in plain {
                for part in normalize(word) where TalkTypos.isTarget(part) { targets.insert(part) }
            }
        }
        for parts in typed.values { targets.formUnion(parts.filter(TalkTypos.isTarget)) }
        for word in (emoji.values.filter { TalkTypos.isTarget($0) }) { targets.insert(word) }
        for (word, mask) in members where mask & (chatMask | (bitOf["lead"].map { 1 << PhrasePattern.ClassMask($0) } ?? 0)) != 0 {
            free.insert(word)
        }
        for (written, words) in typed where words.count > 1 || free.contains(words.first ?? "") { free.insert(written) }
        for (written, words) in typed {
            guard let first = words.first else { continue }
            for (word, followers) in next where followers.contains(first) { next[word]!.insert(written) }
        }
        var followers: [String: [String]] = [:]
        for word in openers where !free.contains(word) {
            if let spelled = typed[word], let first = spelled.first, free.contains(first) || spelled.count > 1 { continue }
            let base = typed[word]?.first ?? word
            if let after = next[base] { followers[word] = after.sorted() }
        }
        self.spellings = spellings
        classBits = WordTable(members)
        self.bitOf = bitOf
        numberBit = bitOf["number"].map { 1 << PhrasePattern.ClassMask($0) } ?? 0
        self.emoji = emoji
        self.entries = entries
        self.phrases = phrases
        self.byWord = WordTable(byWord)
        self.byClass = byClass
        self.chatKinds = chatKinds
        self.chatMask = chatMask
        self.unlessMasks = unlessMasks
        tailMask = bitOf["tail"].map { 1 << PhrasePattern.ClassMask($0) } ?? 0
        leadMask = bitOf["lead"].map { 1 << PhrasePattern.ClassMask($0) } ?? 0
        self.topics = topicMasks
        wordlessKind = wordless
        self.openers = WordSet(words: openers)
        shelf = PatternShelf(count: phrases.count)
        self.sameWords = sameWords
        let notTypos = Set(notTypos).subtracting(targets).subtracting(typed.keys).subtracting(members.keys)
        typos = TalkTypos(targets: targets.sorted(), notTypos: notTypos)
        var lines = ["# yadg talk reader: compiled from Resources/talk.json by `yadg-train talk compile`. Do not edit."]
        // The openers first: a run of wins reads only these (``TalkOpeners``).
        for word in openers.sorted() {
            lines.append("n\t" + word + (followers[word].map { "\t" + $0.joined(separator: " ") } ?? ""))
        }
        // Then the real words never read as misspellings: those near an opener or a word that may
        // follow one first (the first look reads them too), then the rest.
        let nearOpeners = NearWords(openers)
        let nearFollowers = NearWords(followers.values.joined())
        func isNear(_ word: String) -> Bool {
            var bytes = Array(word.utf8)
            return bytes.withUnsafeMutableBufferPointer { nearOpeners.near($0) || nearFollowers.near($0) }
        }
        // The first look also needs the words the reader knows (`went`, `water`, `the`): never
        // misspellings, though near an opener (`want`) or a word after one (`later`, `then`).
        let known = targets.union(typed.keys).union(members.keys)
        let firstLook = notTypos.union(known).filter(isNear)
        for word in firstLook.sorted() { lines.append("x\t" + word) }
        let rest = notTypos.subtracting(firstLook).sorted()
        // Spellings that open with a question word (`wat`, `r`, `didnt`): the look for a question
        // reads them too.
        for (written, words) in typed.sorted(by: { $0.key < $1.key })
        where words.first.map({ TalkOpeners.questionWords.contains($0) }) == true && written.utf8.count <= 7 {
            lines.append("q\t" + written)
        }
        for word in rest { lines.append("y\t" + word) }
        for word in targets.sorted() { lines.append("v\t" + word) }
        for (word, parts) in typed.sorted(by: { $0.key < $1.key }) {
            lines.append("s\t" + word + "\t" + parts.joined(separator: " "))
        }
        for name in names { lines.append("c\t" + name) }
        for (word, mask) in members.sorted(by: { $0.key < $1.key }) { lines.append("m\t" + word + "\t\(mask)") }
        for (scalar, word) in emoji.sorted(by: { $0.key.value < $1.key.value }) {
            lines.append("e\t" + String(scalar) + "\t" + word)
        }
        for (index, entry) in entries.enumerated() {
            lines.append(
                "k\t" + entry.kind + "\t" + (entry.command ?? "") + "\t" + (entry.topics ? "1" : "0") + "\t"
                    + "\(unlessMasks[index])")
        }
        for phrase in phrases {
            lines.append(
                "p\t\(phrase.entry)\t\(phrase.opensRest ? 1 : 0)\t\(phrase.required.words)\t\(phrase.required.classes)\t"
                    + phrase.source)
        }
        for (word, indices) in byWord.sorted(by: { $0.key < $1.key }) {
            lines.append("o\t" + word + "\t" + indices.map(String.init).joined(separator: " "))
        }
        for (bit, indices) in byClass.enumerated() where !indices.isEmpty {
            lines.append("b\t\(bit)\t" + indices.map(String.init).joined(separator: " "))
        }
        for (kind, mask) in chatKinds { lines.append("h\t" + kind + "\t\(mask)") }
        lines.append("f\t\(chatMask)")
        for (name, mask) in topicMasks { lines.append("t\t" + name + "\t\(mask)") }
        if let wordless { lines.append("w\t" + wordless) }
        for group in sameWords { lines.append("g\t" + group.joined(separator: " ")) }
        compiledText = lines.joined(separator: "\n") + "\n"
    }

    package enum CompiledError: Error, Equatable {
        case badLine(Int)
    }

    /// Reads the compiled form (`Resources/talk-reader.txt`, what ``compiledText`` writes): every
    /// phrase already in ``PhrasePattern``'s language with its opening worked out, so a run reads
    /// it in a fraction of a millisecond instead of reading the JSON. Phrases are compiled as lines
    /// need them.
    package init(compiled text: String) throws(CompiledError) {
        let bytes = Array(text.utf8)
        var spellings: [(String, [String])] = []
        var names: [String] = []
        var members: [(String, PhrasePattern.ClassMask)] = []
        var emoji: [Unicode.Scalar: String] = [:]
        var entries: [Entry] = []
        var unlessMasks: [PhrasePattern.ClassMask] = []
        var phrases: [Phrase] = []
        var byWord: [(String, [Int])] = []
        var byClass = [[Int]](repeating: [], count: 64)
        var chatKinds: [(kind: String, mask: PhrasePattern.ClassMask)] = []
        var chatMask: PhrasePattern.ClassMask = 0
        var topics: [(name: String, mask: PhrasePattern.ClassMask)] = []
        var wordless: String?
        var openers: [String] = []
        var sameWords: [[String]] = []
        var notTypos: [(key: Range<Int>, value: Bool)] = []
        var targets: [String] = []
        var failure: Int?
        CompiledLines.read(bytes) { kind, fields, line in
            func string(_ index: Int) -> String { String(decoding: bytes[fields[index]], as: UTF8.self) }
            func number(_ index: Int) -> UInt64? {
                var value: UInt64 = 0
                for byte in bytes[fields[index]] {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                    value = value &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                }
                return fields[index].isEmpty ? nil : value
            }
            func numbers(_ index: Int) -> [Int] { TextPieces.split(string(index), on: 32).compactMap { Int($0) } }
            switch (kind, fields.count) {
            case (UInt8(ascii: "s"), 2): spellings.append((string(0), TextPieces.split(string(1), on: 32)))
            case (UInt8(ascii: "c"), 1): names.append(string(0))
            case (UInt8(ascii: "m"), 2):
                guard let mask = number(1) else { return failure = failure ?? line }
                members.append((string(0), mask))
            case (UInt8(ascii: "e"), 2):
                if let scalar = string(0).unicodeScalars.first { emoji[scalar] = string(1) }
            case (UInt8(ascii: "k"), 4):
                guard let unless = number(3) else { return failure = failure ?? line }
                let command = string(1)
                entries.append(Entry(kind: string(0), command: command.isEmpty ? nil : command, topics: string(2) == "1"))
                unlessMasks.append(unless)
            case (UInt8(ascii: "p"), 5):
                guard let entry = number(0), Int(entry) < entries.count, let words = number(2), let classes = number(3)
                else { return failure = failure ?? line }
                phrases.append(
                    Phrase(entry: Int(entry), source: string(4), opensRest: string(1) == "1", required: (words, classes)))
            case (UInt8(ascii: "o"), 2): byWord.append((string(0), numbers(1)))
            case (UInt8(ascii: "b"), 2):
                guard let bit = number(0), bit < 64 else { return failure = failure ?? line }
                byClass[Int(bit)] = numbers(1)
            case (UInt8(ascii: "h"), 2):
                guard let mask = number(1) else { return failure = failure ?? line }
                chatKinds.append((string(0), mask))
            case (UInt8(ascii: "f"), 1): chatMask = number(0) ?? 0
            case (UInt8(ascii: "t"), 2):
                guard let mask = number(1) else { return failure = failure ?? line }
                topics.append((string(0), mask))
            case (UInt8(ascii: "w"), 1): wordless = string(0)
            case (UInt8(ascii: "n"), 1), (UInt8(ascii: "n"), 2): openers.append(string(0))
            case (UInt8(ascii: "g"), 1): sameWords.append(TextPieces.split(string(0), on: 32))
            case (UInt8(ascii: "x"), 1), (UInt8(ascii: "y"), 1): notTypos.append((fields[0], true))
            case (UInt8(ascii: "q"), 1): break  // read by ``TalkOpeners``
            case (UInt8(ascii: "v"), 1): targets.append(string(0))
            default: failure = failure ?? line
            }
        }
        if let failure { throw .badLine(failure) }
        var bitOf: [String: Int] = [:]
        for (bit, name) in names.enumerated() { bitOf[name] = bit }
        self.spellings = WordTable(pairs: spellings)
        classBits = WordTable(pairs: members)
        self.bitOf = bitOf
        numberBit = bitOf["number"].map { 1 << PhrasePattern.ClassMask($0) } ?? 0
        self.emoji = emoji
        self.entries = entries
        self.phrases = phrases
        self.byWord = WordTable(pairs: byWord)
        self.byClass = byClass
        self.chatKinds = chatKinds
        self.chatMask = chatMask
        self.unlessMasks = unlessMasks
        self.topics = topics
        tailMask = bitOf["tail"].map { 1 << PhrasePattern.ClassMask($0) } ?? 0
        leadMask = bitOf["lead"].map { 1 << PhrasePattern.ClassMask($0) } ?? 0
        wordlessKind = wordless
        self.openers = WordSet(words: openers)
        shelf = PatternShelf(count: phrases.count)
        self.sameWords = sameWords
        typos = TalkTypos(targets: targets, notTypos: ByteWordTable(bytes: bytes, entries: notTypos))
        compiledText = text
    }

    /// The words of `text`, each brought to the form the phrases are written with, with the index
    /// of the folded word each came from.
    func words(of folded: Words) -> (words: [String], origin: [Int]) {
        var words: [String] = []
        var origin: [Int] = []
        words.reserveCapacity(folded.folded.count + 2)
        origin.reserveCapacity(folded.folded.count + 2)
        for (index, word) in folded.folded.enumerated() {
            if let spelled = spellings[word] {
                words += spelled
                origin += Array(repeating: index, count: spelled.count)
            } else if classBits[word] == nil, !folded.shouted[index], !stretched(word),
                let target = typos.corrected(word)
            {
                // A misspelling (`thnaks`, `waht`): read as the word it misspells.
                words += spellings[target] ?? [target]
                origin += Array(repeating: index, count: spellings[target]?.count ?? 1)
            } else {
                words.append(word)
                origin.append(index)
            }
        }
        return (words, origin)
    }

    /// A word whose last letter is held down (`heyyy`, `byeee`), read as the word without
    /// (``read(_:)``), not as a misspelling.
    private func stretched(_ word: String) -> Bool {
        var bytes = Array(word.utf8)
        guard bytes.count > 2, bytes[bytes.count - 1] == bytes[bytes.count - 2] else { return false }
        while bytes.count > 1, bytes[bytes.count - 1] == bytes[bytes.count - 2] { bytes.removeLast() }
        let plain = String(decoding: bytes, as: UTF8.self)
        return spellings[plain] != nil || classBits[plain] != nil
    }

    /// Of `words` (a dictionary's), the real words the reader would otherwise read as misspellings
    /// of its own: the `notTypos` list of `talk.json` (`yadg-train talk lexicon`).
    package func realWordsNearTargets(_ words: Set<String>) -> [String] {
        typos.realWordsNearTargets(words) { spellings[$0] != nil || classBits[$0] != nil }
    }

    /// Each word's classes.
    func masks(of words: [String]) -> [PhrasePattern.ClassMask] {
        words.map { word in
            var mask = classBits[word] ?? 0
            if numberBit != 0, word.utf8.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true { mask |= numberBit }
            return mask
        }
    }

    /// The words of a text as the phrases read them (for a rest handed on, or a test).
    package func words(of text: String) -> [String] { words(of: Words(text, emoji: emoji)).words }

    /// The phrase at `index`, compiled the first time a line needs it.
    func pattern(_ index: Int) -> PhrasePattern? {
        shelf.pattern(index) {
            try? PhrasePattern(phrases[index].source, classes: bitOf) { word in
                let folded = Words(word).folded
                guard folded.count == 1 else { return folded }
                return spellings[folded[0]] ?? folded
            }
        }.pattern
    }

    /// Compiles every phrase, throwing on the first that cannot be: for tests and `yadg-train`.
    package func compileAll() throws(ReadError) {
        for phrase in phrases {
            do {
                _ = try PhrasePattern(phrase.source, classes: bitOf) { word in
                    let folded = Words(word).folded
                    guard folded.count == 1 else { return folded }
                    return spellings[folded[0]] ?? folded
                }
            } catch { throw .phrase(error) }
        }
    }

    /// Whether the first word of a line may open a reading (``TalkOpeners``).
    package func mayRead(_ line: String) -> Bool { TalkOpeners(compiled: compiledText).mayRead(line) }

    /// Reads a line: the readings of the sentence that speaks for it, in the resource's order
    /// (the stage takes the first it can act on), or none when it is no talk this reader knows (a
    /// moment, as far as it can tell).
    package func read(_ line: String) -> [TalkReading] {
        let folded = Words(line, emoji: emoji, keepingEnds: true)
        let asks = Self.asks(line)
        var (words, origin) = words(of: folded)
        guard !words.isEmpty else {
            return wordlessKind.map { [TalkReading(kind: $0, phrase: "(no words)", asks: asks)] } ?? []
        }
        // A stretched last letter of a word no class knows (`heyyy`, `byeee`, `okkk`).
        for index in words.indices where classBits[words[index]] == nil && words[index] != Words.boundary {
            var bytes = Array(words[index].utf8)
            guard bytes.count > 2, bytes[bytes.count - 1] == bytes[bytes.count - 2] else { continue }
            while bytes.count > 1, bytes[bytes.count - 1] == bytes[bytes.count - 2] { bytes.removeLast() }
            let plain = String(decoding: bytes, as: UTF8.self)
            if let spelled = spellings[plain], spelled.count == 1 {
                words[index] = spelled[0]
            } else if classBits[plain] != nil {
                words[index] = plain
            }
        }
        let masks = masks(of: words)
        let lineMask = masks.reduce(0, |)
        var lineWords: UInt64 = 0
        for word in words { lineWords |= Signature.bit(word) }
        let signature = (lineWords, lineMask)
        let readings = read(words, masks, origin, signature, folded, line, asks)
        guard let clauses = Self.clauses(words, masks, origin, folded, line) else { return readings }
        // `thanks, that's nice to hear`, `oops wrong one, please remove it`: a line is also read
        // clause by clause at its commas, after its sentences.
        return readings + read(clauses.words, clauses.masks, clauses.origin, signature, folded, line, asks)
    }

    /// The readings of a line cut into `words` (with ``Words/boundary`` between sentences).
    private func read(
        _ words: [String], _ masks: [PhrasePattern.ClassMask], _ origin: [Int],
        _ signature: (words: UInt64, classes: PhrasePattern.ClassMask), _ folded: Words, _ line: String, _ asks: Bool
    ) -> [TalkReading] {
        var sentences: [Range<Int>] = []
        var start = 0
        while start < words.count {
            var end = start
            while end < words.count, words[end] != Words.boundary { end += 1 }
            if end > start { sentences.append(start..<end) }
            start = end + 1
        }
        // From the last sentence back: the readings of the line from each sentence on.
        var later: [TalkReading] = []
        for (index, sentence) in sentences.enumerated().reversed() {
            let readings = readSentence(words, masks, sentence, signature, folded, origin, line, asks)
            let handing = readings.filter(\.handsOnRest)
            let whole = readings.filter { !$0.handsOnRest }
            if index == sentences.count - 1 {
                later = readings
                continue
            }
            // A phrase that covers this sentence speaks only if the sentences after it are talk
            // too; one that hands on the rest takes them with it. Chat gives way to the rest.
            guard !later.isEmpty, !whole.isEmpty else {
                later = handing
                continue
            }
            let speaking = whole.filter { !Self.isChat($0.kind) }
            later = speaking + later + handing + whole.filter { Self.isChat($0.kind) }
        }
        return later
    }

    /// The line's words with a sentence's end at each comma between two words, or nil when it has
    /// none.
    static func clauses(
        _ words: [String], _ masks: [PhrasePattern.ClassMask], _ origin: [Int], _ folded: Words, _ line: String
    ) -> (words: [String], masks: [PhrasePattern.ClassMask], origin: [Int])? {
        guard line.utf8.contains(UInt8(ascii: ",")) else { return nil }
        var result: (words: [String], masks: [PhrasePattern.ClassMask], origin: [Int]) = ([], [], [])
        let bytes = Array(line.utf8)
        var cut = false
        for index in words.indices {
            result.words.append(words[index])
            result.masks.append(masks[index])
            result.origin.append(origin[index])
            // A comma between this word and the next folded word: a clause ends here.
            guard index + 1 < words.count, origin[index + 1] != origin[index], words[index] != Words.boundary,
                words[index + 1] != Words.boundary
            else { continue }
            let from = folded.ends[origin[index]]
            let to = folded.ends[origin[index + 1]]
            if bytes[from..<min(to, bytes.count)].contains(UInt8(ascii: ",")) {
                result.words.append(Words.boundary)
                result.masks.append(0)
                result.origin.append(origin[index])
                cut = true
            }
        }
        return cut ? result : nil
    }

    /// Small talk and chat: a sentence of it gives way to any other reading of the line.
    static func isChat(_ kind: String) -> Bool { kind.hasPrefix("smalltalk.") }

    /// Kinds whose phrases may be followed by chat words (`lol`, `:)`, `mate`) in their sentence.
    static func trailsOff(_ kind: String) -> Bool { isChat(kind) || kind == "leave" || kind == "help" }

    /// The readings of one sentence, in order.
    private func readSentence(
        _ words: [String], _ masks: [PhrasePattern.ClassMask], _ sentence: Range<Int>,
        _ signature: (words: UInt64, classes: PhrasePattern.ClassMask), _ folded: Words, _ origin: [Int],
        _ line: String, _ asks: Bool
    ) -> [TalkReading] {
        // Words a sentence may open with that change nothing (`umm`, `ok so`, `quick question`):
        // its phrases are also tried after them.
        var start = sentence.lowerBound
        var readings = readSentence(from: start, words, masks, sentence, signature, folded, origin, line, asks)
        while start + 1 < sentence.upperBound, start - sentence.lowerBound < 3, masks[start] & leadMask != 0 {
            start += 1
            readings += readSentence(from: start, words, masks, sentence, signature, folded, origin, line, asks)
        }
        return readings
    }

    private func readSentence(
        from first: Int, _ words: [String], _ masks: [PhrasePattern.ClassMask], _ sentence: Range<Int>,
        _ signature: (words: UInt64, classes: PhrasePattern.ClassMask), _ folded: Words, _ origin: [Int],
        _ line: String, _ asks: Bool
    ) -> [TalkReading] {
        // After words that change nothing, the phrases (which open at a sentence's start) are read
        // on the sentence from there, as if it began there.
        if first > sentence.lowerBound {
            let rest = Array(words[first..<sentence.upperBound])
            return readSentence(
                from: 0, rest, Array(masks[first..<sentence.upperBound]), 0..<rest.count, signature, folded,
                Array(origin[first..<sentence.upperBound]), line, asks)
        }
        let lineMask = signature.classes
        var readings: [TalkReading] = []
        var candidates = byWord[words[first]] ?? []
        var bits = masks[first]
        while bits != 0 {
            candidates += byClass[bits.trailingZeroBitCount]
            bits &= bits - 1
        }
        candidates.sort()
        // Small talk may trail off in words that add nothing (`back again lol`, `great app
        // honestly`): its phrases are also tried on the sentence without some of them.
        var tailStart = sentence.upperBound
        while tailStart > first + 1, masks[tailStart - 1] & tailMask != 0 { tailStart -= 1 }
        var previous = -1
        for index in candidates where index != previous {
            previous = index
            let required = phrases[index].required
            guard required.words & signature.words == required.words,
                required.classes & signature.classes == required.classes, let pattern = pattern(index)
            else { continue }
            var end = pattern.match(words, masks: masks, at: first)
            var tailHeld: PhrasePattern.ClassMask = 0
            if end == nil || end! < sentence.upperBound, !phrases[index].opensRest,
                Self.trailsOff(entries[phrases[index].entry].kind)
            {
                for cut in tailStart..<sentence.upperBound
                where pattern.match(Array(words[..<cut]), masks: masks, at: first) == cut {
                    end = sentence.upperBound
                    tailHeld = masks[cut..<sentence.upperBound].reduce(0, |)
                    break
                }
            }
            guard let end else { continue }
            let phrase = phrases[index]
            let entry = entries[phrase.entry]
            if !phrase.opensRest && end != sentence.upperBound { continue }
            if unlessMasks[phrase.entry] & lineMask != 0 { continue }
            var kind = entry.kind
            // `ok thanks`: thanks said in the tail speaks over a plain `ok`.
            if tailHeld != 0, let ranked = chatKinds.firstIndex(where: { tailHeld & $0.mask != 0 }),
                let own = chatKinds.firstIndex(where: { $0.kind == kind }), ranked < own
            {
                kind = chatKinds[ranked].kind
            }
            if entry.topics {
                // The first topic any word of the sentence names, in the topics' order.
                let held = masks[first..<sentence.upperBound].reduce(0, |)
                guard let topic = topics.first(where: { held & $0.mask != 0 }) else { continue }
                kind += "." + topic.name
            }
            var reading = TalkReading(kind: kind, command: entry.command, phrase: phrase.source, asks: asks)
            reading.handsOnRest = phrase.opensRest
            if phrase.opensRest && end > first {
                // The text as written after the phrase's last word.
                let cut = folded.ends[origin[end - 1]]
                let after = line.utf8.dropFirst(cut)
                reading.rest = Self.trimmed(String(decoding: after, as: UTF8.self))
                reading.restWords = Array(words[end...].filter { $0 != Words.boundary })
            }
            readings.append(reading)
        }
        // Chat words only: `ok lol`, `hi there`, `thx mate`.
        let covered = masks[first..<sentence.upperBound].allSatisfy { $0 & chatMask != 0 }
        guard covered else { return readings }
        let held = masks[first..<sentence.upperBound].reduce(0, |)
        guard let kind = chatKinds.first(where: { held & $0.mask != 0 })?.kind else { return readings }
        return readings + [TalkReading(kind: kind, phrase: "(chat)", asks: asks)]
    }

    /// Whether the line asks: it ends with `?` (or `?!`, `??`), marks after it aside.
    package static func asks(_ line: String) -> Bool {
        for byte in line.utf8.reversed() {
            if byte == UInt8(ascii: "?") { return true }
            if byte == UInt8(ascii: "!") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: ".") { continue }
            return false
        }
        return false
    }

    /// Without spaces and the marks that end or join a phrase (`: it rained.` → `it rained`).
    static func trimmed(_ text: String) -> String {
        var scalars = Substring(text)
        let leading: Set<Character> = [" ", "\t", ",", ":", "-", "—"]
        let trailing: Set<Character> = [" ", "\t", ",", ".", "!", "?", "~"]
        while let first = scalars.first, leading.contains(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, trailing.contains(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

/// The first words that may open a talk reading at all (any phrase's, any chat word's, any word a
/// sentence may open with before them): a line whose first word is none of them, and that does not
/// end with `?`, is read no further. Read alone from the compiled form (its `n` lines), so a run
/// whose lines are all wins (`took a walk`) never builds the reader.
package struct TalkOpeners: Sendable {
    let words: WordSet
    /// For an opener that only some words may follow, those words.
    let followers: WordTable<WordSet>
    /// Words never read as a misspelling though near an opener or a word after one: real words
    /// (`thinks`) and the reader's own (`went`, `water`), the `x` lines.
    let notTypos: ByteWordTable<Bool>
    /// A misspelt opener (`thnaks`, `waht`), or a misspelt word that may follow one (`good
    /// mornign`), is let through: the reader reads misspellings (``TalkTypos``).
    let nearOpeners: NearWords
    let nearFollowers: NearWords
    /// Spellings that stand for a question word (`wat`, `r`, `didnt`: the `q` lines).
    let questionSpellings: WordSet
    /// A misspelt question word (`waht`, `hwo`).
    static let nearQuestionWords = NearWords(["how", "what", "whats", "why", "who", "where", "when", "which", "can", "could",
        "should", "would", "will", "does", "did", "have", "has", "was", "were", "any", "tell", "hows", "whens", "wheres", "whos", "are"])

    /// The `n` lines that open the compiled form (a word, and the words that may follow it, if
    /// only some) and the `x` lines after them (real words never read as misspellings). The rest
    /// of the file is not read.
    package init(compiled text: String) {
        var found: [String] = []
        var after: [(String, WordSet)] = []
        var following = Set<String>()
        var notTypos: [(key: Range<Int>, value: Bool)] = []
        var questionSpellings: [String] = []
        // The x words stay in one buffer, as ranges of it: no string is made per word.
        let buffer = Array(text.utf8)
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                defer { start = end + 1 }
                if bytes[start] == UInt8(ascii: "#") { continue }
                guard end - start > 2,
                    bytes[start] == UInt8(ascii: "n") || bytes[start] == UInt8(ascii: "x") || bytes[start] == UInt8(ascii: "q"),
                    bytes[start + 1] == UInt8(ascii: "\t")
                else { break }
                var tab = start + 2
                while tab < end, bytes[tab] != UInt8(ascii: "\t") { tab += 1 }
                if bytes[start] == UInt8(ascii: "x") {
                    notTypos.append(((start + 2)..<tab, true))
                    continue
                }
                let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 2)..<tab]), as: UTF8.self)
                if bytes[start] == UInt8(ascii: "q") {
                    questionSpellings.append(word)
                    continue
                }
                found.append(word)
                if tab < end {
                    let list = String(decoding: UnsafeBufferPointer(rebasing: bytes[(tab + 1)..<end]), as: UTF8.self)
                    let words = TextPieces.split(list, on: 32)
                    following.formUnion(words)
                    after.append((word, WordSet(words: words)))
                }
            }
        }
        words = WordSet(words: found)
        followers = WordTable(pairs: after)
        self.notTypos = ByteWordTable(bytes: buffer, entries: notTypos)
        self.questionSpellings = WordSet(words: questionSpellings)
        nearOpeners = NearWords(found)
        nearFollowers = NearWords(following)
    }

    /// Answers already given, for the first words and the words after them.
    private let remembered = (openers: NearMemory(), followers: NearMemory())

    /// Whether a folded word may be a misspelling of one of `near`'s words (never a real word).
    private func misspelt(_ word: UnsafeMutableBufferPointer<UInt8>, followingAnother: Bool) -> Bool {
        guard notTypos[bytes: UnsafeBufferPointer(word)] == nil else { return false }
        let (near, memory) = followingAnother ? (nearFollowers, remembered.followers) : (nearOpeners, remembered.openers)
        return memory.answer(UnsafeBufferPointer(word)) { near.near(word) }
    }

    /// Whether a line may open a reading, by its first word and, for some, its second: most wins
    /// cost a look at one or two words, read as ``Words`` reads them (`exit()` → `exit`, `--help`
    /// → `help`, `don't` → `dont`) on the bytes of the line, with no string made.
    package func mayRead(_ line: String) -> Bool {
        if line.utf8.last == UInt8(ascii: "?") { return true }
        var line = line
        return line.withUTF8 { bytes -> Bool in
            var start = 0
            while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
                start += 1
            }
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: "\t") { end += 1 }
            // Beyond ASCII (an emoji, another script) the reader decides, however long.
            guard bytes[start..<end].allSatisfy({ $0 < 0x80 }) else { return true }
            // A long first word opens nothing (a pasted path, a long word of a win).
            guard end - start <= 24 else { return false }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 50) { word -> Bool in
                // A word as ``Words`` cuts it, from `from`, folded into `word` at `offset`: its
                // length (0: none, or too long to open anything) and where it ended.
                func fold(from: Int, into offset: Int) -> (length: Int, end: Int) {
                    var length = 0
                    var index = from
                    while index < bytes.count {
                        let byte = bytes[index]
                        switch byte {
                        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                            word[offset + length] = byte + 32
                            length += 1
                        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                            word[offset + length] = byte
                            length += 1
                        case UInt8(ascii: "'"), UInt8(ascii: "`"):
                            break
                        case UInt8(ascii: "*") where length > 0 && index + 1 < bytes.count
                            && (bytes[index + 1] | 0x20) >= UInt8(ascii: "a") && (bytes[index + 1] | 0x20) <= UInt8(ascii: "z")
                            && (word[offset + length - 1] >= UInt8(ascii: "a") && word[offset + length - 1] <= UInt8(ascii: "z")):
                            break  // a star between two letters, dropped as ``Words`` drops it (`hell*o`)
                        default:
                            // A word ends at the first other mark (`exit()`, `ctrl-c`, `gotta,`).
                            if length > 0 || byte >= 0x80 { return (byte >= 0x80 ? 0 : length, index) }
                        }
                        if length == 25 { return (0, index) }
                        index += 1
                    }
                    return (length, index)
                }
                var (length, firstEnd) = fold(from: start, into: 0)
                // Marks only (`...`): the reader decides.
                guard length > 0 else { return true }
                let typed = length
                if words[bytes: UnsafeBufferPointer(rebasing: word[..<length])] == nil {
                    // A stretched last letter (`heyyy`, `thanksss`) is the word.
                    var plain = length
                    while plain > 1, word[plain - 1] == word[plain - 2] { plain -= 1 }
                    guard plain < length, words[bytes: UnsafeBufferPointer(rebasing: word[..<plain])] != nil else {
                        // A misspelt opener (`thnaks`, `waht`): the reader decides.
                        return misspelt(UnsafeMutableBufferPointer(rebasing: word[..<length]), followingAnother: false)
                    }
                    length = plain
                }
                guard let after = followers[bytes: UnsafeBufferPointer(rebasing: word[..<length])] else { return true }
                // The next word, if any, must be one that may follow (a sentence's end between
                // them, or a mark beyond ASCII, and the reader decides).
                var second = firstEnd
                while second < bytes.count, !Self.isWordByte(bytes[second]) {
                    if [UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ";")].contains(bytes[second]) {
                        return true
                    }
                    second += 1
                }
                guard second < bytes.count else { return true }
                let next = fold(from: second, into: 25).length
                guard next > 0 else { return true }
                return after[bytes: UnsafeBufferPointer(rebasing: word[25..<(25 + next)])] != nil
                    || misspelt(UnsafeMutableBufferPointer(rebasing: word[25..<(25 + next)]), followingAnother: true)
                    // A word read as stretched here may be read as a misspelling of another (`funn`:
                    // `funny`, not `fun`).
                    || (typed > length && misspelt(UnsafeMutableBufferPointer(rebasing: word[..<typed]), followingAnother: false))
            }
        }
    }

    /// Whether a line may be a question: it ends with `?`, or its first word is a question word
    /// (the stage reads it further only then), looked at on its bytes. At an apostrophe, the word
    /// before it counts (`what'd`), and so does the word with it passed over as the tokenizer folds
    /// it (`how's`, `what’s`: `hows`, `whats`).
    package func mayAsk(_ line: String) -> Bool {
        if TalkReader.asks(line) { return true }
        var line = line
        return line.withUTF8 { bytes -> Bool in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 7) { word in
                var (index, length, beforeApostrophe) = (0, 0, 0)
                // Marks before the first word are passed over as the tokenizer passes them (`??? what do i type`).
                while index < bytes.count, bytes[index] < 0x80, !Self.isWordByte(bytes[index]) { index += 1 }
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte < 0x80, Self.isWordByte(byte) {
                        // Seven letters: a question word of six with a letter too many (`shoulld`).
                        guard length < 7 else { return false }
                        word[length] = byte | 0x20
                        (index, length) = (index + 1, length + 1)
                    } else if length > 0, byte == UInt8(ascii: "'") {
                        if beforeApostrophe == 0 { beforeApostrophe = length }
                        index += 1
                    } else if length > 0, byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                        bytes[index + 2] == 0x99
                    {
                        if beforeApostrophe == 0 { beforeApostrophe = length }
                        index += 3  // ’
                    } else if Self.isWordByte(byte) {
                        return false  // a letter beyond ASCII: no question word has one
                    } else {
                        break
                    }
                }
                guard length >= 1 else { return false }
                let folded = UnsafeBufferPointer(rebasing: word[..<length])
                if Self.questionWords[bytes: folded] != nil || questionSpellings[bytes: folded] != nil { return true }
                if beforeApostrophe >= 2,
                    Self.questionWords[bytes: UnsafeBufferPointer(rebasing: word[..<beforeApostrophe])] != nil
                {
                    return true
                }
                // A misspelt question word (`waht`, `hwo`): the reader reads it as one.
                return notTypos[bytes: folded] == nil
                    && Self.nearQuestionWords.near(UnsafeMutableBufferPointer(rebasing: word[..<length]))
            }
        }
    }

    /// The words a question opens with (``MomentQuestion``'s), as the tokenizer folds them.
    static let questionWords: WordSet = [
        "how", "what", "whats", "why", "who", "where", "when", "which", "is", "am", "are", "can", "could", "should",
        "would", "will", "do", "does", "did", "have", "has", "was", "were", "any", "tell", "hows", "whens", "wheres",
        "whos",
    ]

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte >= 0x80
    }
}
