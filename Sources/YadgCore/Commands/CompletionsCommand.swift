/// `yadg completions bash|zsh|fish`: prints the shell's completion script. Each script asks
/// `yadg __complete` what to offer, which reads this command table (``ShellCompletion``).
struct CompletionsCommand: ShellCommand {
    static let spec = CommandSpec(
        "completions", takesArguments: true, inConversation: false,
        completion: ArgumentCompletion(words: CompletionShell.allCases.map(\.rawValue)))

    let shell: String?

    init(_ arguments: CommandArguments) { shell = arguments.words.first?.lowercased() }

    func run(in context: inout CommandContext) -> ShellReply {
        guard let shell = shell.flatMap(CompletionShell.init(rawValue:)) else {
            return .failed(context.copy[CompletionsCopy.self].usage, usage: true)
        }
        return ShellReply(effects: [.printCompletionScript(shell)])
    }
}

/// The shells yadg has a completion script for (`Resources/completion.<shell>`).
public enum CompletionShell: String, Sendable, CaseIterable {
    case bash, zsh, fish
}

public struct CompletionsCopy: CopySection {
    public static let key = "completions"
    public let usage: String

    public init(_ words: CopyWords) throws { usage = try words.text("usage") }
}
