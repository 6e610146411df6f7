/// A phrase of `Resources/talk.json`, written the way people list what they say: a group in
/// parentheses holds alternatives that may be several words, and an empty one makes the group
/// optional, `(please|can you|) delete (it|that one|the last one)`; outside a group, `a|b` is a
/// choice of words, as in ``PhrasePattern``. It is turned into ``PhrasePattern``'s language, a group
/// that opens the phrase written as one phrase for each of its alternatives (`please delete ( it |
/// that one | the last one )`, `can you delete …`, `delete …`), so every phrase opens with plain
/// words, is found by them, and is tried without the general matcher on most lines.
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
    /// `isOneWord`: whether a token stands for one word once read (a spelling may stand for
    /// several: `gotta` → `got to`). A group of one-word choices is written as ``PhrasePattern``'s
    /// choice (`did|have`), which it tries without its general matcher.
    static func patterns(_ text: String, isOneWord: (String) -> Bool = { _ in false }) throws(SyntaxError)
        -> [String]
    {
        var index = text.startIndex
        let pieces = try runs(text, &index, inGroup: false)
        guard pieces.count == 1 else { throw .unbalanced(text) }
        return expanded(pieces[0]).filter { !$0.isEmpty }.map { written($0, isOneWord) }
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

    /// A run that opens with a group, as one run per alternative of the group (and the rest alone
    /// where the group may be left out): every phrase then opens with plain words, which
    /// ``PhrasePattern`` checks without its general matcher, and is found by them.
    private static func expanded(_ run: [Piece]) -> [[Piece]] {
        guard case .group(let alternatives)? = run.first else { return [run] }
        let rest = Array(run.dropFirst())
        var result: [[Piece]] = []
        for alternative in alternatives {
            result += expanded(alternative + rest)
        }
        return result
    }

    /// In ``PhrasePattern``'s language: a group of one run of one word is the word itself, and a
    /// group of one-word runs a choice of words.
    private static func written(_ run: [Piece], _ isOneWord: (String) -> Bool) -> String {
        run.map { piece in
            switch piece {
            case .token(let token): return token
            case .group(let alternatives):
                if alternatives.count == 1, alternatives[0].count == 1, case .token(let word) = alternatives[0][0] {
                    return word
                }
                let words = alternatives.compactMap { run -> String? in
                    guard run.count == 1, case .token(let token) = run[0], !token.hasPrefix("~"), !token.hasPrefix("!"),
                        token != "^", token.split(separator: "|").allSatisfy({ isOneWord(String($0)) })
                    else { return nil }
                    return token
                }
                if words.count == alternatives.count { return words.joined(separator: "|") }
                return "( " + alternatives.map { written($0, isOneWord) }.joined(separator: " | ") + " )"
            }
        }.joined(separator: " ")
    }
}
