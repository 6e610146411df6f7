/// `/today`: the moments of today (the same as `/moments today`).
struct TodayCommand: ShellCommand {
    static let spec = CommandSpec("today", takesArguments: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply { MomentsCommand.show("today", in: context) }
}
