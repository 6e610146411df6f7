/// One feeling a moment can carry: `calm`, shown as `🍃 Calm`.
public struct Mood: Sendable, Equatable, Hashable {
    /// The word stored with the moment and typed after `#` or `/mood` (lowercase).
    public let name: String
    /// How it reads in a sentence or a list ("Calm").
    public let label: String
    /// One emoji that reads well in a terminal.
    public let symbol: String
    /// Challenging feelings are met with warmth (a few offline lines for hard days, the AI told
    /// to celebrate the win without fixing the feeling); they are never counted as "bad".
    public let isChallenging: Bool

    public init(name: String, label: String, symbol: String, isChallenging: Bool) {
        self.name = name
        self.label = label
        self.symbol = symbol
        self.isChallenging = isChallenging
    }
}

/// The closed list of moods (`Resources/moods.json`), in the order `/mood` shows them: the
/// wellness vocabulary of the product family, bright ones first.
public struct MoodVocabulary: Sendable, Equatable {
    public let moods: [Mood]

    public init(_ moods: [Mood]) { self.moods = moods }

    /// Reads `[{"name": "calm", "label": "Calm", "symbol": "🍃", "kind": "bright"}, …]`.
    public init(json: String) throws {
        guard case .array(let entries) = try CopyTree(json: json) else {
            throw ResourceError.unexpected("moods file shape")
        }
        var moods: [Mood] = []
        for entry in entries {
            guard let fields = entry.fields, let name = fields["name"]?.text, let label = fields["label"]?.text,
                let symbol = fields["symbol"]?.text, let kind = fields["kind"]?.text,
                kind == "bright" || kind == "challenging", !name.isEmpty, name == name.lowercased(),
                Hashtags.isTagWord(name)
            else { throw ResourceError.unexpected("a mood entry") }
            guard !moods.contains(where: { $0.name == name }) else {
                throw ResourceError.unexpected("mood \(name) twice")
            }
            moods.append(Mood(name: name, label: label, symbol: symbol, isChallenging: kind == "challenging"))
        }
        guard !moods.isEmpty else { throw ResourceError.missing("moods") }
        self.moods = moods
    }

    /// The mood a word names (any case, with or without `#`).
    public func mood(named word: String) -> Mood? {
        let name = (word.hasPrefix("#") ? String(word.dropFirst()) : word).lowercased()
        return moods.first { $0.name == name }
    }

    /// A stored mood as shown: its symbol and label, or the word itself when a file from elsewhere
    /// (an import) named a mood this yadg does not know.
    public func shown(_ stored: String) -> (symbol: String, label: String) {
        guard let mood = mood(named: stored) else { return ("", TerminalSanitizer.clean(stored)) }
        return (mood.symbol, mood.label)
    }

    /// The mood closest to a mistyped word ("tird" → tired), for a kind suggestion.
    public func suggestion(for word: String) -> Mood? {
        SlashCommand.closest(to: word.lowercased(), in: moods.map(\.name)) { _ in 2 }.flatMap(mood(named:))
    }
}
