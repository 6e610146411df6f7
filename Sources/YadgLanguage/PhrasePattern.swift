/// A phrase a reader listens for, written in a small language over the words of ``Words``
/// (after ``Lexicon`` has brought each to its base form):
///
/// - a word (`kill`), or several, any of which will do (`kill|hurt`);
/// - a class, any of its words (`<self>`, `<die>`), also among alternatives (`<harm>|starve`);
/// - `~` for up to two other words, `~4` for up to four;
/// - `^` for the start of a sentence and `$` for its end, also among alternatives (`tonight|$`);
/// - `!word` or `!<class>`: the next word, if any, is not one of these (nothing is taken);
/// - `(a run | another run)`: either run of elements, for alternatives of more than one word.
///
/// A phrase is matched as a run of whole words inside one sentence: `kill ~ myself` reads
/// `killing myself` and `kill all of myself`, never words of the next sentence.
package final class PhrasePattern: Sendable {
    /// Which classes a word belongs to, one bit a class.
    package typealias ClassMask = UInt64

    package enum Element: Sendable, Equatable {
        /// One word that is one of `words` or in one of `classes`; with `orEnd`, the sentence's end
        /// will do too (nothing is taken then).
        case choice(words: [String], classes: ClassMask, orEnd: Bool = false)
        /// The next word, if any, is none of these.
        case not(words: [String], classes: ClassMask)
        /// Any one of several runs of elements: `(on a high | well)`.
        case group([[Element]])
        case gap(Int)
        case start
        case end
    }

    package let elements: [Element]
    /// Whether any element is a group (matched by the slower general matcher).
    private let hasGroup: Bool
    /// A phrase with groups, written out as the runs without groups it stands for, in the order
    /// the general matcher tries them (`(a | b) c` is `a c`, then `b c`), when there are few
    /// enough: each is matched by the fast matcher, which costs a fraction of the general one.
    private let runs: [[Element]]?
    /// The most runs a phrase is written out as.
    private static let mostRuns = 64
    /// For each element a match cannot do without that admits several words or classes (`<want>|need`,
    /// a group whose every alternative names one), their signatures: a line must hold one of
    /// each. Checked before matching, it spares most tries of a phrase whose first word a line
    /// holds but whose later words it does not (`<want> ~ (die | end it)` on `want to go home`).
    private let needsOneOf: [(words: UInt64, classes: ClassMask)]
    /// The phrase as written, for evidence.
    package let source: String

    package enum ReadError: Error, Equatable {
        case unknownClass(String)
        case badStart(String)
        case unbalanced(String)
    }

    /// Reads a phrase. `classes` names each class's bit; `normalize` brings a written word to its
    /// base form as the lexicon does (a phrase written `killed` means `kill`).
    package init(
        _ source: String, classes: [String: Int], normalize: (String) -> [String]
    ) throws(ReadError) {
        self.source = source
        // Parentheses stand apart as pieces of their own: `(on a high | well)`.
        var pieces: [Substring] = []
        for raw in TextPieces.split(source, on: UInt8(ascii: " ")) {
            var piece = raw[...]
            while piece.hasPrefix("(") && piece.count > 1 {
                pieces.append("(")
                piece = piece.dropFirst()
            }
            var closing = 0
            while piece.hasSuffix(")") && piece.count > 1 {
                closing += 1
                piece = piece.dropLast()
            }
            pieces.append(piece)
            pieces += Array(repeating: ")", count: closing)
        }
        var index = 0
        func sequence(inGroup: Bool) throws(ReadError) -> [[Element]] {
            var alternatives: [[Element]] = []
            var elements: [Element] = []
            while index < pieces.count {
                let piece = pieces[index]
                index += 1
                switch piece {
                case "(":
                    elements.append(.group(try sequence(inGroup: true)))
                case ")":
                    guard inGroup else { throw .unbalanced(source) }
                    return alternatives + [elements]
                case "|" where inGroup:
                    alternatives.append(elements)
                    elements = []
                default:
                    try Self.append(piece, to: &elements, classes: classes, normalize: normalize, source: source)
                }
            }
            guard !inGroup else { throw .unbalanced(source) }
            return [elements]
        }
        let elements = try sequence(inGroup: false)[0]
        let first = elements.first { if case .start = $0 { false } else { true } }
        switch first {
        case .choice?, .group?: break
        default: throw .badStart(source)
        }
        self.elements = elements
        hasGroup = elements.contains { if case .group = $0 { true } else { false } }
        runs = hasGroup ? Self.runs(of: elements) : nil
        needsOneOf = elements.compactMap(Self.oneOf)
    }

    /// The signatures of the words and classes an element needs one of, or nil when it can take
    /// none (a gap, a mark, an element that the sentence's end will do for).
    private static func oneOf(_ element: Element) -> (words: UInt64, classes: ClassMask)? {
        switch element {
        case .choice(let words, let classes, false):
            return (words.reduce(0) { $0 | Signature.bit($1) }, classes)
        case .group(let alternatives):
            var needed: (words: UInt64, classes: ClassMask) = (0, 0)
            for alternative in alternatives {
                guard let first = alternative.lazy.compactMap(oneOf).first else { return nil }
                needed.words |= first.words
                needed.classes |= first.classes
            }
            return needed
        default: return nil
        }
    }

    /// ``match(_:masks:at:)`` for a line whose words' signatures are `lineWords` and whose classes
    /// are `lineClasses`: a phrase that needs one of some words the line does not hold is not tried.
    package func match(
        _ words: [String], masks: [ClassMask], at start: Int, lineWords: UInt64, lineClasses: ClassMask
    ) -> Int? {
        for needed in needsOneOf where needed.words & lineWords == 0 && needed.classes & lineClasses == 0 {
            return nil
        }
        return match(words, masks: masks, at: start)
    }

    /// The runs without groups that `elements` stand for, the first group's alternatives
    /// outermost; nil when there would be more than ``mostRuns``, or when the runs would be tried
    /// in another order than the general matcher tries them (a gap before a group: the general
    /// matcher tries every alternative with the fewest words skipped first), which could end a
    /// match elsewhere.
    private static func runs(of elements: [Element]) -> [[Element]]? {
        guard keepsOrder(elements, afterGap: false) != nil else { return nil }
        var runs: [[Element]] = [[]]
        for element in elements {
            guard case .group(let alternatives) = element else {
                for index in runs.indices { runs[index].append(element) }
                continue
            }
            var written: [[Element]] = []
            for alternative in alternatives {
                guard let more = Self.runs(of: alternative) else { return nil }
                written += more
            }
            guard runs.count * written.count <= mostRuns else { return nil }
            runs = runs.flatMap { run in written.map { run + $0 } }
        }
        return runs
    }

    private static func append(
        _ piece: Substring, to elements: inout [Element], classes: [String: Int], normalize: (String) -> [String],
        source: String
    ) throws(ReadError) {
        // Most pieces are one plain word: no alternatives, no class, no mark.
        if let first = piece.utf8.first, first != UInt8(ascii: "~"), first != UInt8(ascii: "!"),
            first != UInt8(ascii: "<"), first != UInt8(ascii: "^"), first != UInt8(ascii: "$"),
            !piece.utf8.contains(UInt8(ascii: "|"))
        {
            let normalized = normalize(String(piece))
            if normalized.count > 1 {
                elements += normalized.map { .choice(words: [$0], classes: 0) }
            } else if let word = normalized.first {
                elements.append(.choice(words: [word], classes: 0))
            }
            return
        }
        switch piece {
        case "~": return elements.append(.gap(2))
        case "^": return elements.append(.start)
        case "$": return elements.append(.end)
        default: break
        }
        if piece.hasPrefix("~"), let count = Int(piece.dropFirst()) { return elements.append(.gap(count)) }
        let negated = piece.hasPrefix("!")
        let options = (negated ? piece.dropFirst() : piece[...]).split(separator: "|")
        var words: [String] = []
        var mask: ClassMask = 0
        var orEnd = false
        for option in options {
            if option == "$" {
                orEnd = true
                continue
            }
            if option.hasPrefix("<") && option.hasSuffix(">") {
                let name = String(option.dropFirst().dropLast())
                guard let bit = classes[name] else { throw .unknownClass(name) }
                mask |= 1 << ClassMask(bit)
                continue
            }
            let normalized = normalize(String(option))
            // A word that stands for several (`cannot` → `can not`), written alone: each becomes an
            // element of its own.
            if normalized.count > 1 && options.count == 1 && !negated {
                elements += normalized.map { .choice(words: [$0], classes: 0) }
                return
            } else if let first = normalized.first {
                words.append(first)
            }
        }
        guard !words.isEmpty || mask != 0 || orEnd else { return }
        elements.append(negated ? .not(words: words, classes: mask) : .choice(words: words, classes: mask, orEnd: orEnd))
    }

    /// Whether no gap comes before a group in `elements` (alternatives included): then their runs,
    /// written out, are tried in the general matcher's order. Whether a gap came (nil: one came
    /// before a group).
    private static func keepsOrder(_ elements: [Element], afterGap: Bool) -> Bool? {
        var gapSeen = afterGap
        for element in elements {
            switch element {
            case .gap: gapSeen = true
            case .group(let alternatives):
                if gapSeen { return nil }
                for alternative in alternatives {
                    guard let gapInside = keepsOrder(alternative, afterGap: false) else { return nil }
                    gapSeen = gapSeen || gapInside
                }
            default: continue
            }
        }
        return gapSeen
    }

    /// The words and classes a match can begin with (after `^`), for indexing.
    package var opening: (words: [String], classes: ClassMask) { Self.opening(of: elements) }

    /// What a line must hold for the phrase to match it: the words and classes of the elements
    /// that admit only one (outside groups), as two signatures (``Signature``). A line whose
    /// signatures lack a bit of these is never tried.
    package var requirements: (words: UInt64, classes: ClassMask) {
        var words: UInt64 = 0
        var classes: ClassMask = 0
        for element in elements {
            guard case .choice(let choices, let mask, false) = element else { continue }
            if choices.count == 1 && mask == 0 {
                words |= Signature.bit(choices[0])
            } else if choices.isEmpty && mask.nonzeroBitCount == 1 {
                classes |= mask
            }
        }
        return (words, classes)
    }

    /// The words and classes a phrase can begin with, read from its text without compiling the
    /// rest (every phrase is indexed at a run's first line; few are compiled).
    package static func opening(
        of source: String, classes: [String: Int], normalize: (String) -> [String]
    ) throws(ReadError) -> (words: [String], classes: ClassMask) {
        var pieces = TextPieces.split(source, on: UInt8(ascii: " "))[...]
        if pieces.first == "^" { pieces = pieces.dropFirst() }
        guard let first = pieces.first else { throw .badStart(source) }
        // A group: the first piece of each of its runs.
        var openers: [Substring] = []
        if first.hasPrefix("(") {
            var atRunStart = true
            for piece in pieces {
                var piece = piece[...]
                let closes = piece.hasSuffix(")")
                if piece.hasPrefix("(") { piece = piece.dropFirst() }
                if closes { piece = piece.dropLast() }
                if piece == "|" {
                    atRunStart = true
                } else if atRunStart && !piece.isEmpty {
                    openers.append(piece)
                    atRunStart = false
                }
                if closes { break }
            }
        } else {
            openers = [first[...]]
        }
        var words: [String] = []
        var mask: ClassMask = 0
        for opener in openers {
            guard !opener.hasPrefix("~"), !opener.hasPrefix("!"), opener != "$" else { throw .badStart(source) }
            for option in opener.split(separator: "|") where option != "$" {
                if option.hasPrefix("<") && option.hasSuffix(">") {
                    let name = String(option.dropFirst().dropLast())
                    guard let bit = classes[name] else { throw .unknownClass(name) }
                    mask |= 1 << ClassMask(bit)
                } else if let word = normalize(String(option)).first {
                    words.append(word)
                }
            }
        }
        return (words, mask)
    }

    private static func opening(of elements: [Element]) -> (words: [String], classes: ClassMask) {
        for element in elements {
            switch element {
            case .choice(let words, let classes, _): return (words, classes)
            case .group(let alternatives):
                var words: [String] = []
                var classes: ClassMask = 0
                for alternative in alternatives {
                    let (w, c) = opening(of: alternative)
                    words += w
                    classes |= c
                }
                return (words, classes)
            default: continue
            }
        }
        return ([], 0)
    }

    /// Where the phrase ends (exclusive) when it starts at `start`, or nil. Gaps take as few words
    /// as they can, so the shortest reading wins; nothing crosses a sentence's end.
    package func match(_ words: [String], masks: [ClassMask], at start: Int) -> Int? {
        func fits(_ index: Int, _ choices: [String], _ classes: ClassMask) -> Bool {
            masks[index] & classes != 0 || choices.contains(words[index])
        }
        // Most tries fail at the first or second word: looked at before the general matcher.
        if case .choice(let choices, let classes, false) = elements[0] {
            guard start < words.count, fits(start, choices, classes) else { return nil }
            if elements.count > 1, case .choice(let next, let nextClasses, false) = elements[1] {
                guard start + 1 < words.count, words[start + 1] != Words.boundary, fits(start + 1, next, nextClasses)
                else { return nil }
            }
        }
        func isBoundary(_ index: Int) -> Bool { words[index] == Words.boundary }
        // A run with no group (nearly every phrase, and the runs a phrase with groups is written
        // out as) is matched without continuations.
        func flat(_ elements: [Element], _ p: Int, _ w: Int) -> Int? {
            guard p < elements.count else { return w }
            switch elements[p] {
            case .gap(let most):
                var skip = 0
                while skip <= most {
                    if let end = flat(elements, p + 1, w + skip) { return end }
                    guard w + skip < words.count, !isBoundary(w + skip) else { return nil }
                    skip += 1
                }
                return nil
            case .start: return w == 0 || isBoundary(w - 1) ? flat(elements, p + 1, w) : nil
            case .end: return w == words.count || isBoundary(w) ? flat(elements, p + 1, w) : nil
            case .not(let choices, let classes):
                if w < words.count, !isBoundary(w), fits(w, choices, classes) { return nil }
                return flat(elements, p + 1, w)
            case .choice(let choices, let classes, let orEnd):
                guard w < words.count, !isBoundary(w) else { return orEnd ? flat(elements, p + 1, w) : nil }
                return fits(w, choices, classes) ? flat(elements, p + 1, w + 1) : nil
            case .group: return nil
            }
        }
        if !hasGroup { return flat(elements, 0, start) }
        if let runs {
            for run in runs {
                if let end = flat(run, 0, start) { return end }
            }
            return nil
        }
        func run(_ sequence: [Element], _ p: Int, _ w: Int, _ then: (Int) -> Int?) -> Int? {
            guard p < sequence.count else { return then(w) }
            switch sequence[p] {
            case .gap(let most):
                var skip = 0
                while skip <= most {
                    if let end = run(sequence, p + 1, w + skip, then) { return end }
                    guard w + skip < words.count, !isBoundary(w + skip) else { return nil }
                    skip += 1
                }
                return nil
            case .start:
                return w == 0 || isBoundary(w - 1) ? run(sequence, p + 1, w, then) : nil
            case .end:
                return w == words.count || isBoundary(w) ? run(sequence, p + 1, w, then) : nil
            case .not(let choices, let classes):
                if w < words.count, !isBoundary(w), fits(w, choices, classes) { return nil }
                return run(sequence, p + 1, w, then)
            case .choice(let choices, let classes, let orEnd):
                guard w < words.count, !isBoundary(w) else { return orEnd ? run(sequence, p + 1, w, then) : nil }
                return fits(w, choices, classes) ? run(sequence, p + 1, w + 1, then) : nil
            case .group(let alternatives):
                for alternative in alternatives {
                    if let end = run(alternative, 0, w, { run(sequence, p + 1, $0, then) }) { return end }
                }
                return nil
            }
        }
        return run(elements, 0, start) { $0 }
    }
}

/// A word's bit in a line's signature: one of 64, by the word's hash. A line's signature is its
/// words' bits together; a phrase's, the bits of the words it cannot match without.
package enum Signature {
    package static func bit(_ word: String) -> UInt64 {
        var word = word
        return word.withUTF8 { bit(hash: WordTable<Bool>.hash(bytes: $0)) }
    }

    /// The bit of a word whose hash (``WordTable/hash(bytes:)``) is already made.
    package static func bit(hash: UInt32) -> UInt64 { 1 << UInt64(hash >> 26) }
}
