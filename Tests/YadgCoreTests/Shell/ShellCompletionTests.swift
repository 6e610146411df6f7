import Testing
import YadgCore
import YadgTestSupport

/// What `yadg __complete` offers the shells, from the command table and the person's data.
struct ShellCompletionTests {
    static let copy = TestSupport.resources.copy

    static func words(_ typed: [String], tags: [String] = ["garden", "family"]) -> [String] {
        let help = copy[HelpCopy.self]
        let answer = ShellCompletion.answer(
            typed: typed, summaries: help.summaries, optionSummaries: help.options, tags: { tags },
            moods: { ["calm", "grateful"] })
        guard case .words(let candidates) = answer else { return [":files"] }
        return candidates.map(\.word)
    }

    @Test("Commands are those yadg runs as a subcommand, in the table's order, with what they do")
    func commands() {
        let all = Self.words([""])
        #expect(all == CommandTable.specs.filter(\.asSubcommand).map(\.name))
        #expect(!all.contains("did") && !all.contains("undo") && all.contains("completions"))
        #expect(Self.words(["ex"]) == ["export"])
        #expect(Self.words(["--json", "mo"]) == ["moments"])
        let help = Self.copy[HelpCopy.self]
        guard
            case .words(let described) = ShellCompletion.answer(
                typed: ["wee"], summaries: help.summaries, optionSummaries: help.options, tags: { [] },
                moods: { [] })
        else {
            Issue.record("no words")
            return
        }
        #expect(described == [.init("week", help.summaries["week"]!)])
    }

    @Test("Options: yadg's own, each command's, and the values an option takes; a file is the shell's")
    func options() {
        #expect(Self.words(["--"]) == ["--json", "--no-ai", "--literal", "--no-wait", "--help", "--version"])
        #expect(Self.words(["export", "--"]) == ["--format", "--output", "--with-deleted", "--json", "--no-ai"])
        #expect(Self.words(["export", "--format", ""]) == ["json", "csv", "md"])
        #expect(Self.words(["export", "--output", ""]) == [":files"])
        #expect(Self.words(["sync", "--"]).prefix(2) == ["--status", "--pull"])
        #expect(Self.words(["delete-my-data", "--y"]) == ["--yes"])
        #expect(Self.words(["import", ""]) == [":files"])
    }

    @Test("Arguments: fixed words, the words after one, months; the person's tags and moods for find")
    func arguments() {
        #expect(Self.words(["moments", ""]) == ["today", "yesterday", "week", "all", "favs"])
        #expect(Self.words(["moments", "y"]) == ["yesterday"])
        #expect(Self.words(["settings", "onthisday", ""]) == ["on", "off"])
        #expect(Self.words(["calendar", "oc"]) == ["october"])
        #expect(Self.words(["calendar", "n"]) == ["next", "november"])
        #expect(Self.words(["calendar", "next", ""]) == ["month"])
        #expect(Self.words(["completions", ""]) == ["bash", "zsh", "fish"])
        #expect(Self.words(["find", ""]) == ["#garden", "#family", "#calm", "#grateful"])
        #expect(Self.words(["find", "#g"]) == ["#garden", "#grateful"])
        // The shell may pass the word with the backslash or quote that kept # from a comment.
        #expect(Self.words(["find", "\\#ga"]) == ["#garden"])
        #expect(Self.words(["find", "'#fa"]) == ["#family"])
        #expect(Self.words(["log", ""]).isEmpty && Self.words(["nonsense", ""]).isEmpty)
        #expect(Self.words(["did", ""]).isEmpty, "only in the conversation")
    }

    @Test("Every option a command or yadg declares says what it does (the manual and zsh, fish show it)")
    func everyOptionIsDescribed() {
        let described = Self.copy[HelpCopy.self].options
        let declared = ShellCompletion.globalOptions + CommandTable.specs.flatMap(\.completion.options)
        for option in declared { #expect(described[option.name] != nil, "\(option.name)") }
        #expect(Set(described.keys) == Set(declared.map(\.name)), "no description for an option nobody declares")
    }
}
