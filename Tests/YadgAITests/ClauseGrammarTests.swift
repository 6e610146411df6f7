import Foundation
import Testing
import YadgAI
import YadgCore
import YadgResources

/// `Resources/praise-clause.gbnf`, the grammar a llama.cpp server on this machine is sent with each
/// praise request (<doc:PraiseFromAModel>): it is GBNF the server can read, and every sentence it
/// allows is one the judge would show.
struct ClauseGrammarTests {
    static let resource = EmbeddedResources.text("Resources/praise-clause.gbnf")!
    static let grammar = ClauseGrammar(resource)
    static let examples = OpenAIChatEndpoint(
        baseURL: "http://127.0.0.1:8080/v1", model: "m", apiKey: nil,
        prompts: PraisePrompts.read({ EmbeddedResources.text("Prompts/" + $0)! }, local: true)
    ).exampleReplies(opening: "You made your bed")
    static let crisis = try! CrisisCheck(json: EmbeddedResources.text("Resources/crisis.json")!)

    @Test("Every rule the grammar uses is defined, once, and root is one of them")
    func rulesAreDefined() throws {
        for (opening, moment) in [("You made your bed", "made my bed"), (nil, "dead chuffed with my allotment haul")] {
            let text = try #require(Self.grammar.text(opening: opening, moment: moment))
            let parsed = try GBNF(text)
            #expect(parsed.problems.isEmpty, "\(parsed.problems)")
            #expect(parsed.rules["root"] != nil)
        }
    }

    @Test("The checker finds a rule used and not defined, one defined twice, and an unclosed string")
    func checkerCanFail() throws {
        #expect(try GBNF("root ::= took \".\"").problems == ["took is used and not defined"])
        #expect(try GBNF("root ::= \"a\"\nroot ::= \"b\"").problems == ["root is defined twice"])
        #expect(throws: GBNF.Unreadable.self) { try GBNF("root ::= \"open") }
        #expect(throws: GBNF.Unreadable.self) { try GBNF("root ::= [a-z]+") }
    }

    @Test("Kindness to someone only when the moment names them after my or your")
    func whom() throws {
        let mum = try #require(
            Self.grammar.text(opening: "You taught your mum how to video call", moment: "taught my mum how to video call"))
        #expect(mum.hasSuffix("\nroot ::= clause-for\nwhom ::= \"your mum\"\n"))
        #expect(try GBNF(mum).sentences().contains(", and that was kind to your mum."))
        let bed = try #require(Self.grammar.text(opening: "You made your bed", moment: "made my bed"))
        #expect(bed.hasSuffix("\nroot ::= clause\nwhom ::= \"yourself\"\n"))
        #expect(!(try GBNF(bed).sentences()).contains { $0.contains("kind to") }, "no one to be kind to")
        let line = try #require(Self.grammar.text(opening: nil, moment: "my nan and my dad came round"))
        #expect(line.hasSuffix("\nroot ::= line-for\nwhom ::= \"your nan\" | \"your dad\"\n"))
        #expect(ClauseGrammar("no rules").text(opening: nil, moment: "x") == nil)
    }

    @Test("Every continuation the grammar allows passes the judge, crisis reader included, and is no prompt example")
    func everyClausePasses() throws {
        let moments = [
            "made my bed", "called mom", "taught my mum how to video call", "cleaned the hamster cage",
            "went to a networking event and talked to strangers", "helped my son with his homework", "filed my taxes",
            "went to therapy",
        ]
        var count = 0
        for moment in moments {
            let opening = try #require(MomentRetelling.opening(of: moment), "\(moment)")
            let text = try #require(Self.grammar.text(opening: opening, moment: moment, narrowing: false))
            let sentences = try GBNF(text).sentences()
            #expect(sentences.count >= 40, "\(moment): \(sentences.count)")
            let namesSomeone = ["called mom", "taught my mum how to video call", "helped my son with his homework"]
            #expect(sentences.contains { $0.contains("kind to your") } == namesSomeone.contains(moment), "\(moment)")
            for sentence in sentences {
                let (verdict, _) = PraiseReplyValidator.best(
                    of: [sentence], opening: opening, moment: moment, examples: Self.examples, crisis: Self.crisis)
                #expect((try? verdict.get()) != nil, "\(moment) + \(sentence): \(verdict)")
                count += 1
            }
        }
        #expect(count > 300)
    }

    @Test("Each moment is offered one ending and some slot words, the same every time, and the endings vary across moments")
    func narrowedByTheMoment() throws {
        let moments = [
            "took the bins out", "called my sister", "fixed the squeaky door", "finished my lab report",
            "walked the dog", "paid the electric bill", "cleaned out the fridge", "read two chapters",
            "planted the tomatoes", "vacuumed the car", "watered the houseplants", "booked the dentist",
        ]
        var endings: Set<String> = []
        for moment in moments {
            let opening = MomentRetelling.opening(of: moment)
            let text = try #require(Self.grammar.text(opening: opening, moment: moment))
            #expect(text == Self.grammar.text(opening: opening, moment: moment), "the same moment, the same part")
            let parsed = try GBNF(text)
            #expect(parsed.problems.isEmpty, "\(moment): \(parsed.problems)")
            let sums = try GBNF(text).sentences().compactMap { sentence in
                ["counts.", "adds up.", "goes a long way."].first { sentence.hasSuffix(" " + $0) }
            }
            #expect(Set(sums).count == 1, "\(moment): one ending of its kind, \(Set(sums))")
            endings.formUnion(sums)
            #expect(try GBNF(text).sentences().count < GBNF(Self.grammar.text(opening: opening, moment: moment, narrowing: false)!).sentences().count)
        }
        #expect(endings.count == 3, "every ending is offered to some moment: \(endings)")
    }

    @Test("Every whole line the grammar allows passes the judge for a moment yadg cannot say back")
    func everyLinePasses() throws {
        for moment in ["dead chuffed with my allotment haul", "nearly died laughing at my nephew and my niece"] {
            #expect(MomentRetelling.opening(of: moment) == nil)
            let sentences = try GBNF(try #require(Self.grammar.text(opening: nil, moment: moment, narrowing: false)))
                .sentences()
            #expect(sentences.count >= 20)
            for sentence in sentences {
                let verdict = PraiseReplyValidator.judge(sentence, moment: moment, crisis: Self.crisis)
                #expect((try? verdict.get()) == sentence, "\(moment): \(sentence): \(verdict)")
            }
        }
    }
}

/// A reader for the part of GBNF yadg's grammar uses: rules of string literals, rule names,
/// alternatives, groups and `?`; anything else (character classes, repetition) is unreadable
/// here, so the grammar stays finite and every sentence can be listed.
struct GBNF {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    indirect enum Node {
        case literal(String)
        case rule(String)
        case sequence([Node])
        case choice([Node])
        case optional(Node)
    }

    var rules: [String: Node] = [:]
    /// Rules used and not defined, or defined twice.
    var problems: [String] = []

    init(_ text: String) throws {
        var tokens = try Self.tokens(text)
        var used: [String] = []
        while !tokens.isEmpty {
            guard case .name(let name) = tokens.removeFirst(), tokens.first == .defines else {
                throw Unreadable(description: "a rule must start with `name ::=`")
            }
            tokens.removeFirst()
            // A rule runs to the next `name ::=`.
            var end = 0
            while end < tokens.count, !(tokens[end].isName && end + 1 < tokens.count && tokens[end + 1] == .defines) {
                end += 1
            }
            var body = Array(tokens[..<end])
            tokens.removeFirst(end)
            let node = try Self.choice(&body, used: &used)
            guard body.isEmpty else { throw Unreadable(description: "\(name): unexpected \(body[0])") }
            if rules[name] != nil { problems.append("\(name) is defined twice") }
            rules[name] = node
        }
        for name in used where rules[name] == nil && !problems.contains("\(name) is used and not defined") {
            problems.append("\(name) is used and not defined")
        }
    }

    /// Every sentence `root` allows.
    func sentences() throws -> [String] {
        func expand(_ node: Node, depth: Int) throws -> [String] {
            guard depth < 40 else { throw Unreadable(description: "a rule refers to itself") }
            switch node {
            case .literal(let text): return [text]
            case .rule(let name):
                guard let rule = rules[name] else { throw Unreadable(description: "\(name) is not defined") }
                return try expand(rule, depth: depth + 1)
            case .optional(let inner): return [""] + (try expand(inner, depth: depth + 1))
            case .choice(let nodes): return try nodes.flatMap { try expand($0, depth: depth + 1) }
            case .sequence(let nodes):
                var all = [""]
                for node in nodes {
                    let next = try expand(node, depth: depth + 1)
                    all = all.flatMap { head in next.map { head + $0 } }
                    guard all.count <= 100_000 else { throw Unreadable(description: "too many sentences") }
                }
                return all
            }
        }
        guard let root = rules["root"] else { throw Unreadable(description: "no root") }
        return try expand(root, depth: 0)
    }

    enum Token: Equatable {
        case name(String), literal(String), defines, bar, open, close, question

        var isName: Bool {
            if case .name = self { return true }
            return false
        }
    }

    static func tokens(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first.isWhitespace {
                rest.removeFirst()
            } else if first == "#" {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("::=") {
                tokens.append(.defines)
                rest.removeFirst(3)
            } else if "|()?".contains(first) {
                tokens.append(["|": .bar, "(": .open, ")": .close, "?": .question][first]!)
                rest.removeFirst()
            } else if first == "\"" {
                rest.removeFirst()
                var literal = ""
                while let c = rest.first, c != "\"" {
                    guard c != "\n" else { throw Unreadable(description: "a string runs past its line") }
                    rest.removeFirst()
                    if c == "\\" {
                        guard let escaped = rest.first else { break }
                        rest.removeFirst()
                        literal.append(["n": "\n", "t": "\t"][escaped] ?? escaped)
                    } else {
                        literal.append(c)
                    }
                }
                guard rest.first == "\"" else { throw Unreadable(description: "a string is not closed") }
                rest.removeFirst()
                tokens.append(.literal(literal))
            } else if first.isLetter || first.isNumber || first == "-" {
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
                tokens.append(.name(String(name)))
                rest.removeFirst(name.count)
            } else {
                throw Unreadable(description: "`\(first)` is not read here")
            }
        }
        return tokens
    }

    static func choice(_ tokens: inout [Token], used: inout [String]) throws -> Node {
        var alternatives = [try sequence(&tokens, used: &used)]
        while tokens.first == .bar {
            tokens.removeFirst()
            alternatives.append(try sequence(&tokens, used: &used))
        }
        return alternatives.count == 1 ? alternatives[0] : .choice(alternatives)
    }

    static func sequence(_ tokens: inout [Token], used: inout [String]) throws -> Node {
        var items: [Node] = []
        while let token = tokens.first, token != .bar, token != .close {
            tokens.removeFirst()
            var item: Node
            switch token {
            case .literal(let text): item = .literal(text)
            case .name(let name):
                used.append(name)
                item = .rule(name)
            case .open:
                item = try choice(&tokens, used: &used)
                guard tokens.first == .close else { throw Unreadable(description: "a group is not closed") }
                tokens.removeFirst()
            default: throw Unreadable(description: "unexpected \(token)")
            }
            if tokens.first == .question {
                tokens.removeFirst()
                item = .optional(item)
            }
            items.append(item)
        }
        return .sequence(items)
    }
}
