/// `/support`: where to get help with yadg (from `Resources/`, or the config file).
struct SupportCommand: ShellCommand {
    static let spec = CommandSpec("support", takesArguments: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        let words = context.copy[SettingsCopy.self]
        let links = context.facts.links
        let width = max(TextWidth.columns(words.supportURL), TextWidth.columns(words.contact))
        func row(_ label: String, _ value: String) -> StyledLine {
            StyledLine(label + String(repeating: " ", count: width - TextWidth.columns(label)) + "  " + value)
        }
        return context.shown(
            [
                StyledLine(words.support, .title), row(words.supportURL, links.support),
                row(words.contact, links.contact),
            ],
            by: Self.spec.name)
    }
}
