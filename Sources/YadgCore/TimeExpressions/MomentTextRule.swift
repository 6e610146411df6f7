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

    /// The text once `phrase[start..<end]` (scalar offsets) is removed.
    public static func strip(_ phrase: [Unicode.Scalar], start: Int, end: Int) -> String {
        var s = extendLeftConnectors(phrase, start)
        var e = end
        (s, e) = extendBrackets(phrase, s, e)
        var before = Array(phrase[..<s])
        var after = Array(phrase[e...])
        var text: [Unicode.Scalar]
        if before.allSatisfy(isSpace) {  // the expression opens the phrase
            after = Array(after.drop(while: isSpace))
            if let first = after.first, separators.contains(first) { after.removeFirst() }
            text = after
        } else if after.allSatisfy({ isSpace($0) || ".!?\u{2026}".unicodeScalars.contains($0) }) {  // closes it
            before = rstrip(before)
            if let last = before.last, separators.contains(last) { before = rstrip(Array(before.dropLast())) }
            text = before + strip(after)
        } else {  // in the middle
            before = rstrip(before)
            after = Array(after.drop(while: isSpace))
            if before.last == ",", after.first == "," { after = Array(after.dropFirst().drop(while: isSpace)) }
            text = before + (noSpaceBefore(after) ? [] : [" "]) + after
        }
        return normalizeWhitespace(text)
    }

    /// Whitespace runs collapsed to one space, trimmed. Built as UTF-8 bytes (appending to a
    /// String scalar by scalar is several times slower).
    public static func normalizeWhitespace<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.underestimatedCount + 4)
        var pendingSpace = false
        for c in scalars {
            if isSpace(c) {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(32) }
                pendingSpace = false
                if c.value < 128 {
                    bytes.append(UInt8(c.value))
                } else {
                    UTF8.encode(c) { bytes.append($0) }
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
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
                guard zip(phrase[from..<k], connector).allSatisfy({ lower($0) == $1 }) else { continue }
                if from == 0 || isSpace(phrase[from - 1]) || phrase[from - 1] == "(" || phrase[from - 1] == "[" {
                    s = from
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

    private static func noSpaceBefore(_ after: [Unicode.Scalar]) -> Bool {
        guard let first = after.first else { return true }
        if ".,!?;\u{2026}".unicodeScalars.contains(first) { return true }
        return first == ":" && (after.count == 1 || isSpace(after[1]))
    }

    private static func rstrip(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var end = s.count
        while end > 0, isSpace(s[end - 1]) { end -= 1 }
        return Array(s[..<end])
    }

    private static func strip(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        rstrip(Array(s.drop(while: isSpace)))
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool { TimeToken.isSpace(c) }
    private static func lower(_ c: Unicode.Scalar) -> Unicode.Scalar { TimeToken.lowercased(c) }
}
