/// `/privacy`: the Privacy Policy, from `Resources/privacy.md`.
struct PrivacyCommand: ShellCommand {
    static let spec = CommandSpec("privacy", takesArguments: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        context.shown(document: context.resources.privacy, by: Self.spec.name)
    }
}
