/// What Tab offers in bash, zsh and fish: the scripts `yadg completions SHELL` prints pass the
/// words typed after `yadg` to the hidden `yadg __complete`, which answers from here. Commands,
/// options and their values come from the command table (``CommandSpec/completion``); tags and
/// moods from the person's own data, read only when the word being completed needs them.
public enum ShellCompletion {
    /// One thing to offer, with what it is (zsh and fish show it beside the word).
    public struct Candidate: Sendable, Equatable {
        public let word: String
        public let description: String

        public init(_ word: String, _ description: String = "") {
            self.word = word
            self.description = description
        }
    }

    public enum Answer: Sendable, Equatable {
        case words([Candidate])
        /// A path: the shell completes it itself.
        case files
    }

    /// Options of `yadg` itself, before or after a command.
    public static let globalOptions: [ArgumentCompletion.Option] = [
        .init("--json"), .init("--no-ai"), .init("--literal"), .init("--no-wait"), .init("--help"), .init("--version"),
    ]

    /// `typed`: the words after `yadg`, the last being the one under the cursor (empty after a
    /// space). `summaries`: the command and option descriptions (help in copy.json).
    public static func answer(
        typed: [String], summaries: [String: String], optionSummaries: [String: String],
        tags: () -> [String], moods: () -> [String]
    ) -> Answer {
        let current = unquoted(typed.last ?? "")
        let before = typed.dropLast()
        let lowered = current.lowercased()
        func offer(_ candidates: [Candidate]) -> Answer {
            .words(candidates.filter { $0.word.lowercased().hasPrefix(lowered) })
        }
        func options(_ list: [ArgumentCompletion.Option]) -> [Candidate] {
            list.map { Candidate($0.name, optionSummaries[$0.name] ?? "") }
        }
        let commandIndex = before.firstIndex { !$0.hasPrefix("-") }
        guard let commandIndex else {
            if current.hasPrefix("-") { return offer(options(globalOptions)) }
            let commands = CommandTable.specs.filter(\.asSubcommand).map {
                Candidate($0.name, summaries[$0.name] ?? "")
            }
            return offer(commands)
        }
        guard let spec = CommandTable.spec(named: before[commandIndex]), spec.asSubcommand else { return .words([]) }
        let completion = spec.completion
        let arguments = Array(before[(commandIndex + 1)...])
        if let previous = arguments.last, let option = completion.options.first(where: { $0.name == previous }),
            option.argument != nil
        {
            return option.takesFile ? .files : offer(option.values.map { Candidate($0) })
        }
        if current.hasPrefix("-") {
            return offer(
                options(completion.options + globalOptions.filter { ["--json", "--no-ai"].contains($0.name) }))
        }
        let plain = arguments.filter { !$0.hasPrefix("-") }
        if !plain.isEmpty {
            let next = completion.fixedWords(after: plain)
            guard next.isEmpty else { return offer(next.map { Candidate($0) }) }
            return completion.sources.contains(.files) ? .files : offer(fromData(completion, tags, moods))
        }
        if completion.sources.contains(.files) { return .files }
        return offer(completion.words.map { Candidate($0) } + fromData(completion, tags, moods))
    }

    /// The words the person's data supplies for a command, read only when it has such a source.
    private static func fromData(
        _ completion: ArgumentCompletion, _ tags: () -> [String], _ moods: () -> [String]
    ) -> [Candidate] {
        var words: [String] = []
        for source in completion.sources {
            switch source {
            case .tags: words += tags().map { "#" + $0 }
            case .moods(let hashed): words += moods().map { hashed ? "#" + $0 : $0 }
            case .months: words += ArgumentCompletion.monthNames
            case .files: break
            }
        }
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }.map { Candidate($0) }
    }

    /// The word as the shell passed it, without the quote or backslash that kept a `#` from
    /// starting a comment (`\#gar`, `'#gar`).
    static func unquoted(_ word: String) -> String {
        var word = Substring(word)
        if word.first == "\\" || word.first == "'" || word.first == "\"" { word = word.dropFirst() }
        if let last = word.last, last == "'" || last == "\"" { word = word.dropLast() }
        return String(word)
    }
}
