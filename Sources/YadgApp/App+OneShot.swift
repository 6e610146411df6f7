import YadgAI
import YadgCore
import YadgTerminal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `yadg log took a walk`, `yadg moments`, `yadg export -o file.json`: one command, then exit.
extension App {
    /// How long a one-shot `yadg journey` spends writing AI summaries for next time, after it printed.
    static let oneShotSummaryWait = 2.0

    /// Runs `words` (argv after the options) through the command table, ending with the
    /// ``ExitStatus`` of what it showed.
    public func runCommand(_ words: [String]) -> Int32 {
        let reply: ShellReply
        if let crisis = shell.crisisReply(toArguments: words) {
            // Crisis language is read before the words are read as a command (<doc:CrisisSafety>).
            reply = crisis
        } else {
            let command: SlashCommand
            do {
                command = try SlashCommand.parse(words: words)
            } catch {
                output.err(StderrMessages.failure(subcommandError(error, words: words)))
                return ExitStatus.usage.rawValue
            }
            // The command table decides what runs as `yadg <name>`; /did, /undo and the row commands
            // need the conversation around them.
            guard command.type.spec.asSubcommand else {
                output.err(
                    StderrMessages.failure(
                        Copy.fill(copy[CommandLineCopy.self].onlyInConversation, ["name": command.name])))
                return ExitStatus.usage.rawValue
            }
            let first = shell.run(command)
            // On a terminal, what needs the passphrase asks for it once and runs again.
            let opening = openedToRetry(first)
            reply = opening.retry ? shell.run(command) : opening.reply
        }
        var praised: [Moment] = []
        let policy = oneShotPolicy(requestPraise: { praised.append($0) })
        let shown = resolve(reply, policy)
        show(shown)
        followUp(reply, shown: shown, policy)
        // Praise is printed as it comes, and waited for before the run ends.
        if !praised.isEmpty, let coordinator = printingCoordinator() {
            for moment in praised { coordinator.request(for: moment) }
            coordinator.waitForAll(seconds: praiseWait)
        }
        // What waits for the backend goes now, unless this was `yadg sync`, which sent it already.
        if !session.dataDeleted && !reply.effects.contains(where: { if case .sync = $0 { true } else { false } }) {
            syncBeforeExit(logged: praised, reportingEarlierChanges: false)
        }
        guard let failure = shown.failure else { return 0 }
        output.err(StderrMessages.failure(failure.message))
        return shown.exitStatus.rawValue
    }

    /// `yadg took a walk`: said as a command line (no slash), with the way to log it.
    private func subcommandError(_ error: SlashCommand.ParseError, words: [String]) -> String {
        switch error {
        case .unknown(let name, let suggestion?):
            return Copy.fill(
                copy[CommandLineCopy.self].unknownSubcommandWithSuggestion,
                ["name": name, "suggestion": String(suggestion.drop(while: { $0 == "/" }))])
        case .unknown(let name, nil):
            return Copy.fill(
                copy[CommandLineCopy.self].unknownSubcommand, ["name": name, "words": words.joined(separator: " ")])
        case .takesNoArguments:
            return shell.reply(to: error).failure?.message ?? ""
        }
    }
}

extension App {
    /// `yadg --help`: how to run yadg, and every command that runs as `yadg <name>`, from the table.
    public static func usage(_ copy: Copy) -> String {
        let specs = CommandTable.specs.filter(\.asSubcommand)
        let width = specs.map(\.name.count).max() ?? 0
        let summaries = copy[HelpCopy.self].summaries
        let lines = specs.map { spec in
            let padding = String(repeating: " ", count: width - spec.name.count)
            return "  \(spec.name)\(padding)   \(summaries[spec.name] ?? "")"
        }
        let options = ShellCompletion.globalOptions.map { option in
            let padding = String(repeating: " ", count: width - option.name.count)
            return "  \(option.name)\(padding)   \(copy[HelpCopy.self].options[option.name] ?? "")"
        }
        return Copy.fill(
            copy[CommandLineCopy.self].usage,
            ["commands": lines.joined(separator: "\n"), "options": options.joined(separator: "\n")])
    }
}
