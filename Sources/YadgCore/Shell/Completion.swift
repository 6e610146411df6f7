/// What Tab offers for the word before the cursor: commands after a leading `/`, moods after
/// `/mood`, after a `#` the tags the person has used (most used first) and the moods, and after a
/// command the words its spec declares (``ArgumentCompletion``).
public struct Completion: Sendable {
    public let commands: [String]
    /// Read only when a mood is being completed: the mood list is not needed to reach the prompt.
    public let moods: @Sendable () -> MoodVocabulary
    /// Read only when a `#word` is being completed (it asks the store).
    public let tagsInUse: @Sendable () -> [String]

    public init(
        commands: [String], moods: @autoclosure @escaping @Sendable () -> MoodVocabulary,
        tagsInUse: @escaping @Sendable () -> [String]
    ) {
        self.commands = commands
        self.moods = moods
        self.tagsInUse = tagsInUse
    }

    /// The word being completed (the text after the last space) and the whole words it may
    /// become, in the order to show them.
    public func candidates(before cursor: String) -> (word: String, matches: [String]) {
        let word = String(cursor.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        let lowered = word.lowercased()
        if word == cursor {
            guard word.hasPrefix("/") else { return (word, hashtags(lowered)) }
            return (word, commands.filter { $0.hasPrefix(lowered) })
        }
        if lowered.hasPrefix("#") { return (word, hashtags(lowered)) }
        let first = cursor.prefix { $0 != " " }.lowercased()
        if first == "/mood" || first == "/feeling" {
            return (word, moods().moods.map(\.name).filter { $0.hasPrefix(lowered) })
        }
        // The words a command declares (`/moments today`, `/settings onthisday off`, `/calendar october`).
        guard let spec = CommandTable.spec(named: String(first.dropFirst())), spec.inConversation else {
            return (word, [])
        }
        let between = cursor.split(separator: " ").dropFirst().dropLast(word.isEmpty ? 0 : 1).map(String.init)
        return (word, spec.completion.fixedWords(after: between).filter { $0.hasPrefix(lowered) })
    }

    private func hashtags(_ typed: String) -> [String] {
        guard typed.hasPrefix("#") else { return [] }
        var words = tagsInUse().map { "#" + $0 }
        for mood in moods().moods.map({ "#" + $0.name }) where !words.contains(mood) { words.append(mood) }
        return words.filter { $0.hasPrefix(typed) }
    }
}
