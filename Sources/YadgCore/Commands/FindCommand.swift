/// `/find words`: moments holding every word, newest first, by whole words and their forms:
/// `/find walks` finds "took a walk" and "walked the dog", `/find ran` finds "ran 5k", not "drank
/// water". A `#word` finds the moments with that tag or mood (`/find #proud`, `/find walk #outside`).
struct FindCommand: ShellCommand {
    static let spec = CommandSpec(
        "find", aliases: ["search"], takesArguments: true, crisisWords: .runsAsTyped,
        completion: ArgumentCompletion(sources: [.tags, .moods(hashed: true)]))

    let arguments: CommandArguments

    init(_ arguments: CommandArguments) { self.arguments = arguments }

    func run(in context: inout CommandContext) -> ShellReply {
        let copy = context.copy
        let words = arguments.text
        return context.reading {
            guard !arguments.words.isEmpty else {
                return ShellReply(lines: [StyledLine(copy[FindCopy.self].needsWords)])
            }
            let tags = arguments.words.compactMap { Hashtags.tagWord(Substring($0)) }
            let plain = arguments.words.filter { Hashtags.tagWord(Substring($0)) == nil }
            // The store narrows by a piece of each word; whole words by their stem decide.
            let stems = plain.flatMap(SearchWords.words).map(SearchWords.stem)
            let moments =
                stems.isEmpty && tags.isEmpty
                ? []
                : try context.store.moments(
                    containing: stems.map(SearchWords.piece), tagged: tags, limit: Self.candidates
                ).filter { SearchWords.holds($0.text, every: stems) }.prefix(Self.shown).map { $0 }
            guard !moments.isEmpty else {
                return ShellReply(
                    lines: [StyledLine(Copy.fill(copy[FindCopy.self].nothing, ["words": words]))],
                    events: [.moments([])])
            }
            var lines = MomentsByDayView.render(
                moments, now: context.clock.now(), zone: context.zone, copy: copy, extras: context.extrasShown,
                width: context.width,
                marksUnsynced: context.syncs)
            lines[0] = StyledLine(Copy.fill(copy[FindCopy.self].title, ["words": words]), .title)
            return ShellReply(lines: lines, events: [.moments(moments)])
        }
    }
}

extension FindCommand {
    /// Moments read to find those shown: a search narrowed by pieces of words reads more than it shows.
    static let candidates = 2000
    static let shown = 50
}

/// Words of a search and of a moment, compared by stem: `walks`, `walked`, `walking` are `walk`;
/// `dishes` is `dish`, `studies` and `studied` `study`.
enum SearchWords {
    static func stem(_ word: String) -> String {
        let word = word.lowercased()
        for ending in ["shes", "ches", "xes", "sses", "zes"]
        where word.hasSuffix(ending) && word.count > ending.count + 1 {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("ied"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        return MomentQuestion.stem(word)
    }

    /// A piece every form of the stem holds, for the store's narrowing: `study` → `stud`.
    static func piece(_ stem: String) -> String {
        stem.count > 3 && (stem.hasSuffix("y") || stem.hasSuffix("e")) ? String(stem.dropLast()) : stem
    }

    /// The words of a text, as compared: letters and digits (`#12` is `12`, `mom's` is `mom`, `s`).
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// Whether `text` has a word of each stem.
    static func holds(_ text: String, every stems: [String]) -> Bool {
        guard !stems.isEmpty else { return true }
        let stemsOfText = Set(words(text).map(stem))
        return stems.allSatisfy(stemsOfText.contains)
    }
}

/// `/find`.
public struct FindCopy: CopySection {
    public static let key = "find"
    public let needsWords: String
    public let nothing: String
    public let title: String

    public init(_ words: CopyWords) throws {
        needsWords = try words.text("needsWords")
        nothing = try words.text("nothing")
        title = try words.text("title")
    }
}
