/// `/support`: where to get help with yadg: the manual, what to quote in a report, and the
/// support page and address when the config gives them.
struct SupportCommand: ShellCommand {
    static let spec = CommandSpec("support", takesArguments: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        let items = SettingsScreen.supportItems(context)
        let width = items.map { TextWidth.columns($0.label) }.max() ?? 0
        let rows = items.map { item in
            StyledLine(
                item.label + String(repeating: " ", count: width - TextWidth.columns(item.label)) + "  " + item.value)
        }
        return context.shown([StyledLine(context.copy[SettingsCopy.self].support, .title)] + rows, by: Self.spec.name)
    }
}
