/// The GBNF grammar a llama.cpp server on this machine is sent with each praise request, so that a
/// small model can only finish yadg's opening in one of a few warm shapes, with a slot word from a
/// vetted list (`Resources/praise-clause.gbnf`, <doc:PraiseFromAModel>). The judge still reads what
/// comes back.
public struct ClauseGrammar: Sendable, Equatable {
    /// The resource's rules: `clause`, `line` (and their `-for` forms), their slots and the
    /// `people` list; no `root`, no `whom`.
    public let rules: String

    public init(_ rules: String) {
        self.rules = rules
    }

    /// The grammar for one request: `root` is `clause` after an opening and `line` without one
    /// (`clause-for`, `line-for` when the moment names someone), and `whom` is each person the
    /// moment's words name after my or your, when the resource lists them (`taught my mum to video
    /// call` → "your mum"), else "yourself", which no root then reaches. Nil when the resource has
    /// no rule for the mode.
    public func text(opening: String?, moment: String) -> String? {
        let start = opening == nil ? "line" : "clause"
        guard Self.defines(start, in: rules) else { return nil }
        let listed = Set(Self.literals(of: "people", in: rules))
        let words = (opening ?? moment).lowercased().split { !$0.isLetter }.map(String.init)
        var named: [String] = []
        for (word, next) in zip(words, words.dropFirst())
        where (word == "my" || word == "your") && listed.contains(next) && !named.contains(next) {
            named.append(next)
        }
        // `whom` is always defined (a rule may not use an undefined one), reached only through the
        // `-for` shapes, for a moment that names someone.
        let whom = named.isEmpty ? "\"yourself\"" : named.map { "\"your \($0)\"" }.joined(separator: " | ")
        let root = named.isEmpty || !Self.defines(start + "-for", in: rules) ? start : start + "-for"
        return rules + "\nroot ::= \(root)\nwhom ::= \(whom)\n"
    }

    /// Whether `rules` holds a rule of that name (`name ::= …` at a line's start).
    static func defines(_ name: String, in rules: String) -> Bool {
        rules.split(separator: "\n").contains { line in
            line.hasPrefix(name) && line.dropFirst(name.count).drop { $0 == " " }.hasPrefix("::=")
        }
    }

    /// The quoted words of a rule made only of alternatives (`people ::= "mum" | "dad"`).
    static func literals(of name: String, in rules: String) -> [String] {
        guard
            let line = rules.split(separator: "\n").first(where: {
                $0.hasPrefix(name) && $0.dropFirst(name.count).drop { $0 == " " }.hasPrefix("::=")
            }), let body = line.firstRange(of: "::=").map({ line[$0.upperBound...] })
        else { return [] }
        return body.split(separator: "|").compactMap { part in
            let word = part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
            guard word.count >= 2, word.first == "\"", word.last == "\"" else { return nil }
            return String(word.dropFirst().dropLast())
        }
    }
}
