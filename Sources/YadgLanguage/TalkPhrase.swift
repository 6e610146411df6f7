/// A phrase of `Resources/talk.json`, written the way people list what they say: a group in
/// parentheses holds alternatives that may be several words, and an empty one makes the group
/// optional, `(please|can you|) delete (it|that one|the last one)`. It is turned into
/// ``PhrasePattern``'s language (`( please | can you | ) delete ( it | that one | the last one )`),
/// with a group that opens the phrase and may be left out written as a phrase of its own, so every
/// phrase is found by the words it can open with.
package enum TalkPhrase {
    /// A piece of a phrase: a word or a mark of the phrase language (`a|b`, `<class>`, `~`, `$`), or
    /// a group of runs.
    indirect enum Piece: Equatable {
        case token(String)
        case group([[Piece]])
    }

    package enum SyntaxError: Error, Equatable {
        case unbalanced(String)
    }

    /// The phrases of ``PhrasePattern``'s language `text` stands for (more than one when it opens
    /// with a group that may be left out).
    static func patterns(_ text: String) throws(SyntaxError) -> [String] {
        var index = text.startIndex
        let pieces = try runs(text, &index, inGroup: false)
        guard pieces.count == 1 else { throw .unbalanced(text) }
        return expanded(pieces[0]).filter { !$0.isEmpty }.map(written)
    }

    /// The runs of a group (or the one run of the whole phrase), from `index` to its `)`.
    private static func runs(_ text: String, _ index: inout String.Index, inGroup: Bool) throws(SyntaxError)
        -> [[Piece]]
    {
        var found: [[Piece]] = []
        var run: [Piece] = []
        var token = ""
        func flush() {
            if !token.isEmpty { run.append(.token(token)) }
            token = ""
        }
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            switch character {
            case "(":
                flush()
                run.append(.group(try runs(text, &index, inGroup: true)))
            case ")":
                guard inGroup else { throw .unbalanced(text) }
                flush()
                return found + [run]
            case "|" where inGroup:
                // Inside a group, `|` separates its runs (`(my|all my|)`); outside, it is
                // ``PhrasePattern``'s choice of words (`c|d`).
                flush()
                found.append(run)
                run = []
            case " ":
                flush()
            default:
                token.append(character)
            }
        }
        guard !inGroup else { throw .unbalanced(text) }
        flush()
        return [run]
    }

    /// A run whose first piece is a group that may be left out, as the runs with and without it.
    private static func expanded(_ run: [Piece]) -> [[Piece]] {
        guard case .group(let alternatives)? = run.first, alternatives.contains(where: \.isEmpty) else { return [run] }
        let rest = Array(run.dropFirst())
        let kept = alternatives.filter { !$0.isEmpty }
        var result: [[Piece]] = []
        if !kept.isEmpty { result.append([.group(kept)] + rest) }
        result += expanded(rest)
        return result
    }

    /// In ``PhrasePattern``'s language: a group of one run of one word is the word itself.
    private static func written(_ run: [Piece]) -> String {
        run.map { piece in
            switch piece {
            case .token(let token): return token
            case .group(let alternatives):
                if alternatives.count == 1, alternatives[0].count == 1, case .token(let word) = alternatives[0][0] {
                    return word
                }
                return "( " + alternatives.map(written).joined(separator: " | ") + " )"
            }
        }.joined(separator: " ")
    }
}
