/// `/terms`: the Terms of Use, from `Resources/terms.md`.
struct TermsCommand: ShellCommand {
    static let spec = CommandSpec("terms", takesArguments: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        context.shown(document: context.resources.terms, by: Self.spec.name)
    }
}
