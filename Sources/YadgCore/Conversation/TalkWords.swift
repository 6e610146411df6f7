import YadgLanguage

/// What the conversation listens for besides wins, read from `Resources/talk.json`: the talk reader
/// (YadgLanguage's `TalkReader`: spellings, classes, the readings in order) and the words a
/// question about one's moments takes as the same (`ran` ~ `run` ~ `jog`).
public final class TalkWords: Sendable {
    private let lazyReader: Lazy<TalkReader>
    /// Each word's stem → the stems of every word said to mean the same (its own first), made
    /// at the first question.
    private let sameStems: Lazy<[String: [String]]>
    /// The first words that may open a reading: a run of wins reads only these.
    package let openers: TalkOpeners

    package var reader: TalkReader { lazyReader.value }

    /// The reader a run uses: the compiled `Resources/talk-reader.txt` (``compile(json:)``), read
    /// whole only when a line's first word may open a reading.
    public init(compiled: String) throws {
        _ = try Self.checked(compiled)
        openers = TalkOpeners(compiled: compiled)
        let reader = Lazy { try! TalkReader(compiled: compiled) }
        lazyReader = reader
        sameStems = Lazy { Self.stems(reader.value.sameWords) }
    }

    /// The first line of the compiled form, checked: a file that is not one fails at start, not
    /// in the middle of a conversation.
    private static func checked(_ compiled: String) throws -> String {
        guard compiled.hasPrefix("# yadg talk reader") else { throw ResourceError.unexpected("talk reader: not compiled") }
        return compiled
    }

    /// The compiled form of `talk.json` (`Resources/talk-reader.txt`).
    public static func compile(json: String) throws -> String { try TalkWords(json: json).reader.compiledText }

    /// Reads `talk.json` itself: for `yadg-train` and the test that holds the compiled form to it.
    public init(json: String) throws {
        guard let file = try CopyTree(json: json).fields else { throw ResourceError.unexpected("talk file shape") }
        func words(_ tree: CopyTree?) -> [String] { tree?.texts ?? tree?.text.map { [$0] } ?? [] }
        var spellings: [String: [String]] = [:]
        for (typed, value) in file["spellings"]?.fields ?? [:] {
            spellings[typed] = TextPieces.split(value.text ?? "", on: UInt8(ascii: " "))
        }
        var classes: [String: [String]] = [:]
        for (name, value) in file["classes"]?.fields ?? [:] { classes[name] = words(value) }
        var emoji: [Unicode.Scalar: String] = [:]
        for (symbol, value) in file["emoji"]?.fields ?? [:] {
            guard let scalar = symbol.unicodeScalars.first, let word = value.text else { continue }
            emoji[scalar] = word
        }
        var entries: [TalkReader.Entry] = []
        for item in file["readings"]?.items ?? [] {
            guard let fields = item.fields, let kind = fields["kind"]?.text else {
                throw ResourceError.unexpected("talk reading shape")
            }
            entries.append(
                TalkReader.Entry(
                    kind: kind, command: fields["command"]?.text, whole: words(fields["whole"]),
                    opening: words(fields["opening"]), topics: fields["topics"] != nil, unless: words(fields["unless"])))
        }
        var chat: [(kind: String, classes: [String])] = []
        for item in file["chat"]?.items ?? [] {
            guard let kind = item.fields?["kind"]?.text else { throw ResourceError.unexpected("talk chat shape") }
            chat.append((kind, words(item.fields?["classes"])))
        }
        var topics: [(name: String, className: String)] = []
        for item in file["topics"]?.items ?? [] {
            let pair = words(item)
            guard pair.count == 2 else { throw ResourceError.unexpected("talk topic shape") }
            topics.append((pair[0], pair[1]))
        }
        let reader: TalkReader
        do {
            reader = try TalkReader(
                spellings: spellings, classes: classes, entries: entries, chat: chat,
                chatFillers: words(file["chatFillers"]), topics: topics, wordless: file["wordless"]?.text, emoji: emoji,
                sameWords: (file["sameWords"]?.items ?? []).map(words), notTypos: words(file["notTypos"]))
        } catch {
            throw ResourceError.unexpected("talk reader: \(error)")
        }
        openers = TalkOpeners(compiled: reader.compiledText)
        lazyReader = Lazy(value: reader)
        sameStems = Lazy { Self.stems(reader.sameWords) }
    }



    /// The stems a question's word stands for: its own, and those said to mean the same.
    func alternatives(_ stem: String) -> [String] { sameStems.value[stem] ?? [stem] }

    static func stems(_ groups: [[String]]) -> [String: [String]] {
        var same: [String: [String]] = [:]
        for group in groups {
            let stems = group.map(MomentQuestion.stem)
            for stem in stems { same[stem] = [stem] + stems.filter { $0 != stem } }
        }
        return same
    }

    /// The words that name the last moment (`that`, `the last one`), as the reader folds them.
    static let lastMoment: Set<String> = [
        "that", "it", "this", "that one", "this one", "the last one", "last one", "the last moment", "my last moment",
        "the last entry", "that moment", "the last", "last", "the last thing", "it please", "the latest one",
        "the latest", "the most recent one", "the previous one", "that entry", "this entry", "my last one", "my last entry",
        "the one i just logged", "what i just logged", "the one i just added", "that last one", "the last moment i logged",
        "the one i just did", "my latest", "the last win", "that win", "last entry", "last moment",
        "the previous entry", "previous entry", "my previous entry", "the previous moment",
    ]
    static let beforeLast: Set<String> = [
        "the one before that", "the one before it", "the one before", "the one before the last one",
        "the one before last", "the second to last", "the second last one", "the penultimate one",
    ]
    static let lastTwo: Set<String> = [
        "the last two", "the last 2", "last two", "last 2", "both", "both of them", "them both", "those two", "these two",
        "the last two moments", "the last two entries", "the last two ones", "those", "them",
    ]
    static let duplicate: Set<String> = [
        "the duplicate", "duplicate", "the duplicates", "duplicates", "the double", "the copy", "the repeat",
        "the dupe", "dupe", "the double one", "the repeated one", "the duplicate one", "the extra one",
    ]
    /// Words left out of `the one about the dishes`, `the one where I fixed the bike`.
    static let namingFillers: Set<String> = ["i", "the", "my", "a", "an", "we", "me", "was", "did", "had", "that", "it"]
    /// Words that never name a moment by its text (`remove my account` names none).
    static let notNames: Set<String> = [
        "account", "data", "everything", "all", "app", "subscription", "history", "me", "myself", "yourself", "you",
        "it", "that", "this", "tag", "tags", "note", "notes", "star", "stars", "favorite", "favorites", "mood",
        "photo", "them", "those", "these", "one", "ones", "thing", "things",
    ]
}
