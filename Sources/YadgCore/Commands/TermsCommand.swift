/// `/terms`: the Terms of Use, from `Resources/terms.md`.
struct TermsCommand: ShellCommand {
    static let spec = CommandSpec("terms", takesArguments: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        let lines = context.resources.terms.split(separator: "\n", omittingEmptySubsequences: false).map {
            StyledLine(String($0))
        }
        return context.shown(lines, by: Self.spec.name)
    }
}
