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
    /// no rule for the mode. `narrowing`: each slot cut to the part this moment is offered
    /// (``narrowed(_:for:)``); off only to read every sentence the resource allows.
    public func text(opening: String?, moment: String, narrowing: Bool = true) -> String? {
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
        return (narrowing ? Self.narrowed(rules, for: moment) : rules) + "\nroot ::= \(root)\nwhom ::= \(whom)\n"
    }

    /// The slot rules each request offers only a part of, chosen by the moment's words: a small
    /// model picks the same slot word nearly every time it may (`and that kind of care goes a long
    /// way`, 11 of 38 lines in one run), so each moment is offered one ending of `sum` and some of
    /// the words of the others, and the lines of a day vary. The same moment always gets the same part.
    static let narrowedSlots: [(rule: String, keep: Int)] = [("sum", 1), ("kindof", 3), ("warmth", 4)]

    /// `rules` with each of ``narrowedSlots`` cut to `keep` of its words, starting at a place the
    /// moment's words choose (FNV-1a of its lower-cased UTF-8: the same in every run).
    static func narrowed(_ rules: String, for moment: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in moment.lowercased().utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        var lines = rules.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, slot) in narrowedSlots.enumerated() {
            let words = literals(of: slot.rule, in: rules)
            guard words.count > slot.keep,
                let at = lines.firstIndex(where: {
                    $0.hasPrefix(slot.rule) && $0.dropFirst(slot.rule.count).drop { $0 == " " }.hasPrefix("::=")
                })
            else { continue }
            let start = Int((hash >> UInt64(index * 8)) % UInt64(words.count))
            let kept = (0..<slot.keep).map { words[(start + $0) % words.count] }
            lines[at] = slot.rule + " ::= " + kept.map { "\"\($0)\"" }.joined(separator: " | ")
        }
        return lines.joined(separator: "\n")
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
