/// `/privacy`: the Privacy Policy, from `Resources/privacy.md`.
struct PrivacyCommand: ShellCommand {
    static let spec = CommandSpec("privacy", takesArguments: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        let lines = context.resources.privacy.split(separator: "\n", omittingEmptySubsequences: false).map {
            StyledLine(String($0))
        }
        return context.shown(lines, by: Self.spec.name)
    }
}
