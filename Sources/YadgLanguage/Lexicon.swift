import Synchronization

/// How a reader brings each folded word (``Words``) to the one its phrases are written with:
/// spellings people type (`gonna` → `going to`, `kms` → `kill myself`), a word's other forms
/// (`killed`, `killing` → `kill`), the endings English adds (`hoping` → `hope`, `cuttin` → `cut`),
/// letters typed twice or held down (`diiie` → `die`), and misspellings of the words a reader
/// listens for (`kil` → `kill`, `suicidl` → `suicidal`, `dei` → `die`).
///
/// A misspelling is read only where the word is not one the reader knows and not a real English
/// word near one (`dyed` is never `died`, `cute` never `cut`): those are listed in the reader's
/// resource (``notTypos``), made from a dictionary by `yadg-train lexicon`. A word in capitals
/// (`DEI`) is an acronym, never a misspelling.
package final class Lexicon: Sendable {
    let spellings: WordTable<[String]>
    /// A word's other form → the range of its base form in ``text``.
    let forms: ByteWordTable<Range<Int>>
    /// The base forms of the reader's classes, with the forms and spellings: a word is brought to one
    /// of these by its ending (`arms` → `arm`).
    let bases: ByteWordTable<Bool>
    /// Every word a reader's phrases or classes name: never read as a misspelling.
    let known: ByteWordTable<Bool>
    /// Real words near a word the reader listens for: never read as its misspelling.
    let notTypos: ByteWordTable<Bool>
    /// Where the words a misspelling is read towards (with their forms) are in ``text``.
    let targetRanges: [Range<Int>]
    /// The lexicon's lines, as its compiled form writes them (``DistressReader/compiledText``).
    let text: String
    /// Built the first time a word needs it: most lines are read without.
    private let fuzzyIndex: Mutex<FuzzyIndex?> = Mutex(nil)
    /// Words already read, and what they stand for: a pipe meets the same words line after line,
    /// and a word read once (its endings tried, its misspellings looked for) need not be read again.
    private let remembered: Mutex<WordMemory> = Mutex(WordMemory())
    /// How many words are remembered at most.
    static let remembering = 4096

    var fuzzy: FuzzyIndex {
        fuzzyIndex.withLock { index in
            if let index { return index }
            let built = FuzzyIndex(targetRanges.map { forms.text($0) })
            index = built
            return built
        }
    }

    /// The words a misspelling is read towards.
    var targets: [String] { targetRanges.map { forms.text($0) } }

    /// - Parameters:
    ///   - spellings: a word as typed → the words it stands for.
    ///   - forms: a word's other form → its base form.
    ///   - vocabulary: the base forms the reader's classes use.
    ///   - phraseWords: the other words its phrases are written with (`weeds`, `lasagna`).
    ///   - typoTargets: the base forms a misspelling is read towards (their forms too): the words
    ///     that carry a line's meaning (`die`, `kill`, `myself`, `suicidal`), not every small word.
    ///   - notTypos: real words near those, never corrected.
    package convenience init(
        spellings: [String: [String]], forms: [String: String], vocabulary: Set<String>, phraseWords: Set<String> = [],
        typoTargets: Set<String>, notTypos: [String]
    ) {
        var bases = vocabulary
        bases.formUnion(spellings.values.joined())
        bases.formUnion(forms.values)
        let known = bases.union(phraseWords).union(spellings.keys).union(forms.keys)
        // A misspelling is read towards the targets and their forms, letters only.
        let targets = typoTargets.union(forms.filter { typoTargets.contains($0.value) }.keys).filter { word in
            word.utf8.count >= 3 && word.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
        }
        var lines: [String] = []
        for (word, parts) in spellings.sorted(by: { $0.key < $1.key }) {
            lines.append("s\t" + word + "\t" + parts.joined(separator: " "))
        }
        for (form, base) in forms.sorted(by: { $0.key < $1.key }) { lines.append("f\t" + form + "\t" + base) }
        for word in bases.sorted() { lines.append("b\t" + word) }
        for word in known.subtracting(bases).sorted() { lines.append("k\t" + word) }
        for word in notTypos.sorted() { lines.append("n\t" + word) }
        for word in targets.sorted() { lines.append("t\t" + word) }
        try! self.init(lines: lines.joined(separator: "\n") + "\n")
    }

    package enum LinesError: Error, Equatable {
        case badLine(Int)
    }

    /// The lexicon from its lines in the compiled form: `s` a spelling and its words, `f` a form
    /// and its base, `b` a base, `k` another known word, `n` a word that is never a misspelling,
    /// `t` a word a misspelling is read towards. Lines of other kinds are passed over. The words
    /// stay in one buffer, as ranges of it: no string is made per word.
    package init(lines text: String) throws(LinesError) {
        let bytes = Array(text.utf8)
        var spellings: [(String, [String])] = []
        var forms: [(key: Range<Int>, value: Range<Int>)] = []
        var bases: [(key: Range<Int>, value: Bool)] = []
        var known: [(key: Range<Int>, value: Bool)] = []
        var notTypos: [(key: Range<Int>, value: Bool)] = []
        var targets: [Range<Int>] = []
        var failure: Int?
        CompiledLines.read(bytes) { kind, fields, line in
            switch (kind, fields.count) {
            case (UInt8(ascii: "s"), 2):
                let parts = String(decoding: bytes[fields[1]], as: UTF8.self)
                spellings.append((String(decoding: bytes[fields[0]], as: UTF8.self), TextPieces.split(parts, on: 32)))
            case (UInt8(ascii: "f"), 2): forms.append((fields[0], fields[1]))
            case (UInt8(ascii: "b"), 1):
                bases.append((fields[0], true))
                known.append((fields[0], true))
            case (UInt8(ascii: "k"), 1): known.append((fields[0], true))
            case (UInt8(ascii: "n"), 1): notTypos.append((fields[0], true))
            case (UInt8(ascii: "t"), 1): targets.append(fields[0])
            case (UInt8(ascii: "s"), _), (UInt8(ascii: "f"), _), (UInt8(ascii: "b"), _), (UInt8(ascii: "k"), _),
                (UInt8(ascii: "n"), _), (UInt8(ascii: "t"), _):
                failure = failure ?? line
            default: break
            }
        }
        if let failure { throw .badLine(failure) }
        self.spellings = WordTable(pairs: spellings)
        self.forms = ByteWordTable(bytes: bytes, entries: forms)
        self.bases = ByteWordTable(bytes: bytes, entries: bases)
        self.known = ByteWordTable(bytes: bytes, entries: known)
        self.notTypos = ByteWordTable(bytes: bytes, entries: notTypos)
        targetRanges = targets
        self.text = text
    }

    /// The words one written word stands for, in their base forms.
    package func normalized(_ word: String) -> [String] {
        var out: [String] = []
        normalize(word, into: &out)
        return out
    }

    /// ``normalize(_:shouted:into:)``, remembering the answer for the next time the word comes.
    package func normalizeRemembering(_ word: String, shouted: Bool = false, into out: inout [String]) {
        if !shouted, let known = remembered.withLock({ $0[word] }) { return out += known }
        var words: [String] = []
        normalize(word, shouted: shouted, into: &words)
        out += words
        guard !shouted else { return }
        remembered.withLock { $0.remember(word, words) }
    }

    /// The words one folded word stands for, in their base forms, appended to `out`.
    package func normalize(_ word: String, shouted: Bool = false, into out: inout [String]) {
        if let spelled = spellings[word] {
            for part in spelled { out.append(forms[part].map { forms.text($0) } ?? part) }
            return
        }
        if let base = forms[word] { return out.append(forms.text(base)) }
        if bases.contains(word) { return out.append(word) }
        // No word the reader listens for is this long: a pasted token is read as it is.
        guard word.utf8.count <= Self.longestWord else { return out.append(word) }
        if let base = stem(word) { return out.append(base) }
        if known.contains(word) { return out.append(word) }
        if !shouted && !notTypos.contains(word), let target = misspelt(word) { return normalize(target, into: &out) }
        out.append(word)
    }

    /// The word a misspelling stands for: the nearest target, or, for a misspelt word with an ending
    /// (`razers`), the target nearest the word without it.
    func misspelt(_ word: String) -> String? {
        if let target = fuzzy.nearest(to: word) { return target }
        for ending in ["s", "es", "ed", "ing"] where word.hasSuffix(ending) && word.utf8.count >= ending.utf8.count + 4 {
            let root = String(word.dropLast(ending.count))
            if !notTypos.contains(root), let target = fuzzy.nearest(to: root) { return target }
        }
        return nil
    }

    /// Of `words` (a dictionary's), those the reader would otherwise take for a misspelling of one
    /// of its words: the list ``notTypos`` is made from.
    package func realWordsNearTargets(_ words: Set<String>) -> [String] {
        words.filter { word in
            forms[word] == nil && spellings[word] == nil && !known.contains(word) && stem(word) == nil
                && misspelt(word) != nil
        }.sorted()
    }

    /// The longest word read for its ending or as a misspelling.
    static let longestWord = 24

    /// The base form of a word by its ending or by letters held down, when that base is known.
    func stem(_ word: String) -> String? {
        // A class's word before a phrase's (`cuting` is `cut`, not `cute`), whichever ending gives it.
        func base(_ candidate: String) -> String? {
            if let form = forms[candidate] { return forms.text(form) }
            return bases.contains(candidate) ? candidate : nil
        }
        func phraseWord(_ candidate: String) -> String? { known.contains(candidate) ? candidate : nil }
        var scalars = Array(word.utf8)
        guard scalars.count >= 3 else { return nil }
        // Letters held down or typed twice: `diiie`, `soooo`, `cutt`.
        var squeezed: [UInt8] = []
        for byte in scalars where squeezed.last != byte || squeezed.count < 1 { squeezed.append(byte) }
        if squeezed.count < scalars.count {
            if let found = base(String(decoding: squeezed, as: UTF8.self)) { return found }
            // A run of three or more kept as two (`sooo` → `soo`? no; `killl` → `kill`).
            var doubled: [UInt8] = []
            for byte in scalars where !(doubled.count >= 2 && doubled[doubled.count - 1] == byte && doubled[doubled.count - 2] == byte) {
                doubled.append(byte)
            }
            if doubled.count < scalars.count, let found = base(String(decoding: doubled, as: UTF8.self)) { return found }
        }
        // `thinkin`, `endin`, `cuttin`: the g people drop.
        if scalars.count >= 4, scalars.last == UInt8(ascii: "n"), scalars[scalars.count - 2] == UInt8(ascii: "i") {
            scalars.append(UInt8(ascii: "g"))
            let withG = String(decoding: scalars, as: UTF8.self)
            if let found = base(withG) ?? stem(withG) { return found }
            scalars.removeLast()
        }
        let text = String(decoding: scalars, as: UTF8.self)
        for (ending, replacements) in Self.endings where text.hasSuffix(ending) && text.utf8.count > ending.utf8.count + 1 {
            let root = String(text.dropLast(ending.count))
            // A root of three letters at least: `thing` is not `th` + `ing`, `bus` not `bu` + `s`.
            guard root.utf8.count >= 3 else { continue }
            // `-es` only where English adds it (`wishes`, `boxes`, `goes`): `cares` is `care`, not `car`.
            if ending == "es", !["s", "x", "z", "h", "o"].contains(where: { root.hasSuffix($0) }) { continue }
            for replacement in replacements {
                if let found = base(root + replacement) { return found }
            }
            for replacement in replacements {
                if let found = phraseWord(root + replacement) { return found }
            }
            // A doubled consonant before the ending: `cutting` → `cut`, `stopped` → `stop`.
            let rootBytes = Array(root.utf8)
            if rootBytes.count >= 2, rootBytes[rootBytes.count - 1] == rootBytes[rootBytes.count - 2] {
                if let found = base(String(decoding: rootBytes.dropLast(), as: UTF8.self)) { return found }
            }
        }
        return nil
    }

    /// Endings, longest first, and what may stand in their place.
    static let endings: [(String, [String])] = [
        ("ing", ["e", ""]), ("ies", ["y"]), ("ied", ["y"]), ("es", [""]), ("ed", ["e", ""]), ("s", [""]),
        ("d", [""]),
    ]
}

/// Words within one edit (a letter missed, added, changed, or two swapped) of a target word, and
/// within two of a long one (`suicidl`, `sucidal`), found through the targets' one-letter
/// deletions rather than by measuring every word against every target.
struct FuzzyIndex: Sendable {
    private let byDeletion: WordTable<[String]>
    private let long: [String]

    init(_ targets: [String]) {
        var byDeletion: [String: [String]] = [:]
        for target in targets where target.utf8.count >= 4 {
            for variant in Self.deletions(of: target) + [target] where !(byDeletion[variant]?.contains(target) ?? false) {
                byDeletion[variant, default: []].append(target)
            }
        }
        self.byDeletion = WordTable(byDeletion)
        long = targets.filter { $0.utf8.count >= 7 }
        shortTargets = WordSet(words: targets.filter { $0.utf8.count == 3 })
    }

    /// Three-letter targets, read only through two letters swapped (`dei` → `die`).
    private let shortTargets: WordSet

    /// The nearest target, or nil. Ties go to the target first in alphabetical order.
    func nearest(to word: String) -> String? {
        let bytes = Array(word.utf8)
        guard bytes.count >= 3, bytes.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else {
            return nil
        }
        if bytes.count == 3 {
            for i in 0..<2 {
                var swapped = bytes
                swapped.swapAt(i, i + 1)
                let candidate = String(decoding: swapped, as: UTF8.self)
                if shortTargets.contains(candidate) { return candidate }
            }
        }
        var best: String?
        func consider(_ targets: [String]?) {
            for target in targets ?? [] where Self.distance(bytes, Array(target.utf8), limit: 1) <= 1 {
                if best == nil || target < best! { best = target }
            }
        }
        consider(byDeletion[word])
        for variant in Self.deletions(of: word) { consider(byDeletion[variant]) }
        if best != nil { return best }
        guard bytes.count >= 6 else { return nil }
        for target in long where target.utf8.first == bytes.first {
            let other = Array(target.utf8)
            if abs(other.count - bytes.count) <= 2, Self.distance(bytes, other, limit: 2) <= 2 { return target }
        }
        return nil
    }

    static func deletions(of word: String) -> [String] {
        let bytes = Array(word.utf8)
        return bytes.indices.map { i in
            var copy = bytes
            copy.remove(at: i)
            return String(decoding: copy, as: UTF8.self)
        }
    }

    /// Damerau–Levenshtein distance (optimal string alignment), or `limit + 1` once past it.
    static func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMin = current[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
                current[j] = value
                rowMin = min(rowMin, value)
            }
            if rowMin > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}

/// Words already read and what they stand for, looked up by their FNV hash (a `Dictionary`'s
/// SipHash cost more than reading most words again). It holds at most ``Lexicon/remembering``
/// words and then stops taking more.
struct WordMemory: Sendable {
    private var hashes = [UInt32](repeating: 0, count: Lexicon.remembering * 2)
    private var keys = [String](repeating: "", count: Lexicon.remembering * 2)
    private var values = [[String]](repeating: [], count: Lexicon.remembering * 2)
    private var count = 0

    subscript(_ word: String) -> [String]? {
        let hash = WordTable<Bool>.hash(word)
        var slot = Int(hash) & (hashes.count - 1)
        while hashes[slot] != 0 {
            if hashes[slot] == hash && keys[slot] == word { return values[slot] }
            slot = (slot + 1) & (hashes.count - 1)
        }
        return nil
    }

    mutating func remember(_ word: String, _ words: [String]) {
        guard count < Lexicon.remembering else { return }
        let hash = WordTable<Bool>.hash(word)
        var slot = Int(hash) & (hashes.count - 1)
        while hashes[slot] != 0 {
            if hashes[slot] == hash && keys[slot] == word { return }
            slot = (slot + 1) & (hashes.count - 1)
        }
        (hashes[slot], keys[slot], values[slot]) = (hash, word, words)
        count += 1
    }
}
