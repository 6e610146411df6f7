/// Takes the time expression out of a phrase and tidies what is left (<doc:TextRule>):
/// connecting words before it ("at", "around", "the", …), an enclosing bracket pair, one
/// separator, and whitespace. Case, emoji and other punctuation stay as written.
///
/// Works on Unicode scalars, so offsets mean the same as the parser's spans (and as the code
/// points of the rule the shared evaluation corpus was written with).
public enum MomentTextRule {
    static let connectors: [[Unicode.Scalar]] = [
        "at like", "around like", "at", "on", "around", "about", "approximately", "approx.", "circa", "in the", "the",
    ].map { Array($0.unicodeScalars) }
    static let separators: Set<Unicode.Scalar> = [":", ",", ";", "-", "\u{2013}", "\u{2014}"]

    /// The text once `phrase[start..<end]` (scalar offsets) is removed. Works on offsets into the
    /// phrase and writes the tidy text once (copying the parts into arrays first cost more than the
    /// rest of the rule).
    public static func strip(_ phrase: [Unicode.Scalar], start: Int, end: Int) -> String {
        let (s, e) = extendBrackets(phrase, extendLeftConnectors(phrase, start), end)
        let n = phrase.count
        var text = TidyText()
        text.reserve(n)
        // `after` starts at its first non-space; `before` ends at its last.
        var a = e
        while a < n, isSpace(phrase[a]) { a += 1 }
        var b = s
        while b > 0, isSpace(phrase[b - 1]) { b -= 1 }
        if b == 0 {  // the expression opens the phrase
            if a < n, separators.contains(phrase[a]) { a += 1 }
            text.append(contentsOf: phrase[a...])
        } else if phrase[e...].allSatisfy({ isSpace($0) || ".!?\u{2026}".unicodeScalars.contains($0) }) {  // closes it
            if separators.contains(phrase[b - 1]) {
                b -= 1
                while b > 0, isSpace(phrase[b - 1]) { b -= 1 }
            }
            text.append(contentsOf: phrase[..<b])
            text.append(contentsOf: phrase[a...])
        } else {  // in the middle
            if phrase[b - 1] == ",", a < n, phrase[a] == "," {
                a += 1
                while a < n, isSpace(phrase[a]) { a += 1 }
            }
            text.append(contentsOf: phrase[..<b])
            if !noSpaceBefore(phrase[a...]) { text.append(" ") }
            text.append(contentsOf: phrase[a...])
        }
        return text.string
    }

    /// Text written with its whitespace tidied as it is appended: runs collapsed to one space,
    /// none at either end. Built as UTF-8 bytes (appending to a String scalar by scalar is several
    /// times slower).
    struct TidyText {
        private var bytes: [UInt8] = []
        private var pendingSpace = false

        mutating func reserve(_ count: Int) { bytes.reserveCapacity(count + 4) }

        @inline(__always) mutating func append(_ c: Unicode.Scalar) {
            if isSpace(c) {
                pendingSpace = !bytes.isEmpty
                return
            }
            if pendingSpace { bytes.append(32) }
            pendingSpace = false
            if c.value < 128 {
                bytes.append(UInt8(c.value))
            } else {
                UTF8.encode(c) { bytes.append($0) }
            }
        }

        mutating func append(contentsOf scalars: some Sequence<Unicode.Scalar>) {
            for c in scalars { append(c) }
        }

        var string: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Whitespace runs collapsed to one space, trimmed.
    public static func normalizeWhitespace<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
        var text = TidyText()
        text.reserve(scalars.underestimatedCount)
        text.append(contentsOf: scalars)
        return text.string
    }

    /// The scalars as a String, built as UTF-8 bytes (a `String.UnicodeScalarView` built from them
    /// cost ten thousand instructions for a three-word expression).
    public static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count + 4)
        for c in scalars {
            if c.value < 128 {
                bytes.append(UInt8(c.value))
            } else {
                UTF8.encode(c) { bytes.append($0) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `phrase` itself when its whitespace is already tidy (no runs, no ends, only plain spaces),
    /// else the normalised text.
    public static func normalizeWhitespace(_ phrase: String, scalars: [Unicode.Scalar]) -> String {
        var previousSpace = true
        var tidy = true
        for c in scalars where isSpace(c) || previousSpace {
            if isSpace(c) {
                if previousSpace || c != " " {
                    tidy = false
                    break
                }
                previousSpace = true
            } else {
                previousSpace = false
            }
        }
        if tidy && scalars.last.map(isSpace) != true { return phrase }
        return normalizeWhitespace(scalars)
    }

    private static func extendLeftConnectors(_ phrase: [Unicode.Scalar], _ start: Int) -> Int {
        var s = start
        // "put her shoes on at bathtime": an "on" before "at" belongs to the words, not the time.
        var removedAt =
            start + 2 < phrase.count && lower(phrase[start]) == "a" && lower(phrase[start + 1]) == "t"
            && isSpace(phrase[start + 2])
        while true {
            // "[@~]\s*$"
            var k = s
            while k > 0, isSpace(phrase[k - 1]) { k -= 1 }
            if k > 0, phrase[k - 1] == "@" || phrase[k - 1] == "~" {
                s = k - 1
                continue
            }
            // "(?:^|(?<=[\s(\[]))(connector)\s+$", case-insensitive
            guard k < s else { return s }
            var extended = false
            for connector in connectors where connector.count <= k {
                let from = k - connector.count
                // From its last letter back: most connectors differ there already.
                guard (0..<connector.count).reversed().allSatisfy({ lower(phrase[from + $0]) == connector[$0] }) else {
                    continue
                }
                if removedAt && connector == ["o", "n"] { return s }
                if from == 0 || isSpace(phrase[from - 1]) || phrase[from - 1] == "(" || phrase[from - 1] == "[" {
                    s = from
                    removedAt = connector == ["a", "t"]
                    extended = true
                    break
                }
            }
            if !extended { return s }
        }
    }

    private static func extendBrackets(_ phrase: [Unicode.Scalar], _ s: Int, _ e: Int) -> (Int, Int) {
        var l = s
        while l > 0, isSpace(phrase[l - 1]) { l -= 1 }
        var r = e
        while r < phrase.count, isSpace(phrase[r]) { r += 1 }
        guard l > 0, r < phrase.count else { return (s, e) }
        let open = phrase[l - 1]
        let close = phrase[r]
        if (open == "(" && close == ")") || (open == "[" && close == "]") { return (l - 1, r + 1) }
        return (s, e)
    }

    private static func noSpaceBefore(_ after: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = after.first else { return true }
        if ".,!?;\u{2026}".unicodeScalars.contains(first) { return true }
        return first == ":" && (after.count == 1 || isSpace(after[after.startIndex + 1]))
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool { TimeToken.isSpace(c) }
    private static func lower(_ c: Unicode.Scalar) -> Unicode.Scalar { TimeToken.lowercased(c) }
}
