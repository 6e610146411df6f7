/// `/settings`: the app's Settings screen. `/settings ai` changes or withdraws the AI choice (none,
/// a model server found on this machine, or the one the config sets up); `yadg settings ai none`
/// chooses at once. `/settings onthisday on|off`: whether Home brings up earlier years.
struct SettingsCommand: ShellCommand {
    static let spec = CommandSpec(
        "settings", takesArguments: true,
        completion: ArgumentCompletion(words: ["ai", "onthisday"], after: ["onthisday": ["on", "off"]]))

    enum Parsed: Equatable {
        case screen
        case ai(pick: String?)
        case onThisDay(Bool)
        case unknown(String)
    }

    let parsed: Parsed

    init(_ arguments: CommandArguments) {
        switch arguments.words.first?.lowercased() {
        case nil: parsed = .screen
        case "ai"?: parsed = .ai(pick: arguments.words.dropFirst().first?.lowercased())
        case "onthisday"?:
            switch arguments.words.dropFirst().first?.lowercased() {
            case "on"?: parsed = .onThisDay(true)
            case "off"?: parsed = .onThisDay(false)
            default: parsed = .unknown(arguments.text)
            }
        case let other?: parsed = .unknown(other)
        }
    }

    func run(in context: inout CommandContext) -> ShellReply {
        switch parsed {
        case .screen:
            let screen = SettingsScreen.build(context)
            let lines = screen.lines(title: context.copy[SettingsCopy.self].title, width: context.width)
            return ShellReply(lines: lines, events: [.settings(screen)])
        case .ai(let pick):
            return ShellReply(effects: [.offerAIChoices(pick: pick)])
        case .onThisDay(let on):
            let words = context.copy[SettingsCopy.self]
            context.facts.onThisDayAtHome = on
            return ShellReply(
                lines: [StyledLine(on ? words.onThisDayTurnedOn : words.onThisDayTurnedOff, .primary)],
                effects: [.setOnThisDayAtHome(on)])
        case .unknown(let word):
            return .failed(Copy.fill(context.copy[SettingsCopy.self].usage, ["argument": word]), usage: true)
        }
    }
}
