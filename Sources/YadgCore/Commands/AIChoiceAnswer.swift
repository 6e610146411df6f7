#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The list `/settings ai` offers, and the person's pick from it (by number or by name).
enum AIChoiceAnswer {
    /// The choices for this machine: none, each model server found running, and the one the
    /// config sets up (when it sets one up).
    static func choices(found: [LocalModelServer], context: CommandContext) -> [AIChoice] {
        // The configured provider is offered unless it is one of the servers found (the same place).
        let configured = context.facts.configuredAI.map { ai in !found.contains { $0.baseURL == ai.baseURL } } ?? false
        return [.none] + found.map(AIChoice.local) + (configured ? [.configured] : [])
    }

    /// `/settings ai` without a pick lists the choices and waits for the answer; with one
    /// (`yadg settings ai none`) it chooses at once.
    static func offer(found: [LocalModelServer], pick: String?, in context: inout CommandContext) -> ShellReply {
        let words = context.copy[AIChoiceCopy.self]
        let choices = choices(found: found, context: context)
        if context.facts.backendURL != nil {
            return context.shown([StyledLine(words.backendNote)], by: "settings")
        }
        if let pick {
            guard let choice = choice(named: pick, in: choices) else {
                return .failed(Copy.fill(words.unknownPick, ["pick": pick]), usage: true)
            }
            return chosen(choice, context: context)
        }
        var lines = [StyledLine(words.question, .title)]
        for (index, choice) in choices.enumerated() {
            lines.append(StyledLine("  \(index + 1). " + describe(choice, context: context)))
        }
        if found.isEmpty { lines.append(StyledLine(words.noneFound, .dim)) }
        lines.append(StyledLine(words.sentNote, .dim))
        guard context.mode == .conversation else {
            lines.append(StyledLine(words.pickHint, .dim))
            return context.shown(lines, by: "settings")
        }
        // One choice is no choice: nothing is asked ("Type a number (1-1)").
        guard choices.count > 1 else { return context.shown(lines, by: "settings") }
        lines.append(StyledLine(Copy.fill(words.prompt, ["count": String(choices.count)]), .dim))
        context.state.awaiting = .aiChoice(choices)
        return ShellReply(lines: lines)
    }

    /// The answer to the choice: a number or a name picks, Enter alone leaves it as it was. Nil
    /// for any other line (`took a nap`): the question lets go and the line is read as usual.
    static func answer(_ line: String, choices: [AIChoice], in context: inout CommandContext) -> ShellReply? {
        context.state.awaiting = nil
        let typed = line.trimmedWhitespace.lowercased()
        guard let choice = choice(named: typed, in: choices) else {
            guard typed.isEmpty else { return nil }
            return ShellReply(lines: [StyledLine(context.copy[AIChoiceCopy.self].unchanged, .secondary)])
        }
        return chosen(choice, context: context)
    }

    /// `2`, `none`, `configured`, `local` (the first server found), or a server's kind (`ollama`).
    private static func choice(named pick: String, in choices: [AIChoice]) -> AIChoice? {
        if let number = Int(pick), (1...choices.count).contains(number) { return choices[number - 1] }
        return choices.first { choice in
            switch choice {
            case .none: pick == "none" || pick == "off"
            case .configured: pick == "configured"
            case .local(let server): pick == "local" || pick == server.kind
            }
        }
    }

    private static func chosen(_ choice: AIChoice, context: CommandContext) -> ShellReply {
        let words = context.copy[AIChoiceCopy.self]
        let message: String
        switch choice {
        case .none: message = words.choseNone
        case .configured, .local: message = Copy.fill(words.chose, ["choice": describe(choice, context: context)])
        }
        return ShellReply(
            lines: [StyledLine(message, .primary)], events: [.command(name: "settings", output: message)],
            effects: [.chooseAI(choice)])
    }

    static func describe(_ choice: AIChoice, context: CommandContext) -> String {
        let words = context.copy[AIChoiceCopy.self]
        switch choice {
        case .none: return words.none
        case .local(let server):
            return Copy.fill(words.local, ["name": server.name, "model": server.model, "url": server.baseURL])
        case .configured:
            let ai = context.facts.configuredAI ?? AppFacts.AIFacts()
            let settings = context.copy[SettingsCopy.self]
            let name = settings.providerNames[ai.provider] ?? ai.provider
            return Copy.fill(
                words.configured,
                [
                    "name": name, "source": settings.chosenBy[ai.chosenBy.rawValue] ?? "", "model": ai.model,
                    "url": ai.baseURL,
                ])
        }
    }
}

/// `/settings ai`.
public struct AIChoiceCopy: CopySection {
    public static let key = "aiChoice"
    public let question, none, local, configured, noneFound, sentNote, prompt, pickHint, unchanged: String
    public let chose, choseNone, unknownPick, backendNote, saveFailed: String

    public init(_ words: CopyWords) throws {
        question = try words.text("question")
        none = try words.text("none")
        local = try words.text("local")
        configured = try words.text("configured")
        noneFound = try words.text("noneFound")
        sentNote = try words.text("sentNote")
        prompt = try words.text("prompt")
        pickHint = try words.text("pickHint")
        unchanged = try words.text("unchanged")
        chose = try words.text("chose")
        choseNone = try words.text("choseNone")
        unknownPick = try words.text("unknownPick")
        backendNote = try words.text("backendNote")
        saveFailed = try words.text("saveFailed")
    }
}
