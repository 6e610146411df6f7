/// `yadg log took a walk`: logs one moment from the command line.
struct LogCommand: ShellCommand {
    static let spec = CommandSpec("log", takesArguments: true, inConversation: false, crisisWords: .keptByCommand)

    let text: String

    init(_ arguments: CommandArguments) { text = arguments.text }

    func run(in context: inout CommandContext) -> ShellReply {
        guard !text.isEmpty else { return .failed(context.copy[LoggingCopy.self].needsText, usage: true) }
        return context.log(text)
    }
}
