import Synchronization

/// Misspellings the talk reader reads (`thnaks` → `thanks`, `mornign` → `morning`, `waht` →
/// `what`, `apreciate` → `appreciate`), found as the crisis reader's ``Lexicon`` finds its own
/// (``FuzzyIndex``): a word within one edit (a letter missed, added, changed, or two swapped) of a
/// word the reader's phrases or classes name, within two of one of seven letters or more, and a
/// three-letter word only by two letters swapped (`teh` → `the`).
///
/// Never a word the reader knows, a word in capitals (an acronym), a word with a digit, or a real
/// English word near one of the reader's (``notTypos``: `thinks` is never `thanks`, `cooked` never
/// `cookie`), listed in `talk.json` by `yadg-train talk lexicon` from the dictionaries.
final class TalkTypos: Sendable {
    /// The words a misspelling is read towards, sorted.
    let targets: [String]
    private let targetSet: WordSet
    let notTypos: ByteWordTable<Bool>
    /// Built the first time a word needs it.
    private let index: Mutex<FuzzyIndex?> = Mutex(nil)
    /// A cheaper look first (no string made): most words of a win are near no target, and the
    /// index need not be built for them.
    private let look: Mutex<NearWords?> = Mutex(nil)
    /// Words already read: a pipe meets the same words line after line.
    private let remembered: Mutex<WordMemory?> = Mutex(nil)

    init(targets: [String], notTypos: ByteWordTable<Bool>) {
        self.targets = targets
        targetSet = WordSet(words: targets)
        self.notTypos = notTypos
    }

    convenience init(targets: [String], notTypos: some Collection<String>) {
        self.init(targets: targets, notTypos: Self.table(notTypos))
    }

    /// A table of words in one buffer (the compiled form's lines are read this way, with no string
    /// made per word).
    static func table(_ words: some Collection<String>) -> ByteWordTable<Bool> {
        var bytes: [UInt8] = []
        var entries: [(key: Range<Int>, value: Bool)] = []
        for word in words {
            let start = bytes.count
            bytes += word.utf8
            entries.append((start..<bytes.count, true))
        }
        return ByteWordTable(bytes: bytes, entries: entries)
    }

    /// A word a misspelling may be read towards: letters only, three at least.
    static func isTarget(_ word: String) -> Bool {
        word.utf8.count >= 3 && word.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }

    var fuzzy: FuzzyIndex {
        index.withLock { index in
            if let index { return index }
            let built = FuzzyIndex(targets)
            index = built
            return built
        }
    }

    /// Endings that make another form of a word, not a misspelling of it.
    static let endings: Set<String> = ["d", "ed", "s", "es", "ing", "n", "en"]

    /// The word `word` is a misspelling of, or nil.
    func corrected(_ word: String) -> String? {
        let count = word.utf8.count
        guard count >= 3, count <= Lexicon.longestWord, !targetSet.contains(word), !notTypos.contains(word) else {
            return nil
        }
        if let known = remembered.withLock({ $0?[word] }) { return known.first }
        let near = look.withLock { look -> NearWords in
            if let look { return look }
            let built = NearWords(targets)
            look = built
            return built
        }
        var bytes = Array(word.utf8)
        let maybe = bytes.withUnsafeMutableBufferPointer { near.near($0) }
        var found = maybe ? fuzzy.nearest(to: word) : nil
        // A word that is its nearest one with an ending added is a form of it, told in another tense
        // (`rememberd to ring my mother` is a win; `remember to` a to-do): never read as that word.
        if let base = found, word.hasPrefix(base), Self.endings.contains(String(word.dropFirst(base.count))) {
            found = nil
        }
        remembered.withLock { memory in
            if memory == nil { memory = WordMemory() }
            memory!.remember(word, found.map { [$0] } ?? [])
        }
        return found
    }

    /// Of `words` (a dictionary's), those that would otherwise be read as a misspelling: the list
    /// ``notTypos`` is made from. `known`: words the reader reads as they are (spellings, class words).
    func realWordsNearTargets(_ words: Set<String>, known: (String) -> Bool) -> [String] {
        words.filter { word in
            !targetSet.contains(word) && !known(word) && word.utf8.count <= Lexicon.longestWord
                && fuzzy.nearest(to: word) != nil
        }.sorted()
    }
}

/// Whether a word may be within reach of a misspelling of some word of a list, looked at on its
/// bytes with no string made: the first look at a line (``TalkOpeners``) lets a misspelt opener
/// through (`thnaks`, `waht`). It answers yes for every word ``FuzzyIndex`` would take for a
/// misspelling of one of `words` (and, rarely, for a word it would not: the reader then decides).
struct NearWords: Sendable {
    /// The hashes of the words of four letters or more and of each with one letter left out.
    private let hashes: HashSet32
    /// Three-letter words: read only by two letters swapped.
    private let short: WordSet
    /// Words of seven letters or more, by their first letter (a word of six or more may be two
    /// edits from one): where each letter's run of them is in ``longStart``.
    private let longRuns: [Range<Int>]
    /// Each such word's place in ``longBytes``, and the letters it holds (a bit each): in flat
    /// arrays, so the look copies and counts no reference.
    private let longStart: [Int]
    private let longEnd: [Int]
    private let longLetters: [UInt32]
    private let longBytes: [UInt8]

    init(_ words: some Sequence<String>) {
        var hashes: [UInt32] = []
        var short: [String] = []
        var long = [[[UInt8]]](repeating: [], count: 26)
        for word in words where TalkTypos.isTarget(word) {
            var bytes = Array(word.utf8)
            if bytes.count == 3 { short.append(word) }
            guard bytes.count >= 4 else { continue }
            bytes.withUnsafeBufferPointer { hashes.append(WordTable<Bool>.hash(bytes: $0)) }
            for index in bytes.indices {
                let removed = bytes.remove(at: index)
                bytes.withUnsafeBufferPointer { hashes.append(WordTable<Bool>.hash(bytes: $0)) }
                bytes.insert(removed, at: index)
            }
            if bytes.count >= 7 { long[Int(bytes[0] - UInt8(ascii: "a"))].append(bytes) }
        }
        self.hashes = HashSet32(hashes)
        self.short = WordSet(words: short)
        var (runs, starts, ends, letters, flat) = ([Range<Int>](), [Int](), [Int](), [UInt32](), [UInt8]())
        for words in long {
            let first = starts.count
            for word in words {
                starts.append(flat.count)
                flat += word
                ends.append(flat.count)
                letters.append(Self.letters(word))
            }
            runs.append(first..<starts.count)
        }
        (longRuns, longStart, longEnd, longLetters, longBytes) = (runs, starts, ends, letters, flat)
    }

    static func letters(_ bytes: some Collection<UInt8>) -> UInt32 {
        var mask: UInt32 = 0
        for byte in bytes { mask |= 1 << UInt32((byte &- UInt8(ascii: "a")) & 31) }
        return mask
    }

    /// Whether `word` (folded: lower-case letters and digits) may be a misspelling of one of the
    /// words.
    func near(_ word: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        let count = word.count
        guard count >= 3, word.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else { return false }
        if count == 3 {
            for i in 0..<2 {
                word.swapAt(i, i + 1)
                let found = short[bytes: UnsafeBufferPointer(word)] != nil
                word.swapAt(i, i + 1)
                if found { return true }
            }
        }
        if hashes.contains(WordTable<Bool>.hash(bytes: UnsafeBufferPointer(word))) { return true }
        // Each one-letter deletion, hashed without copying: the bytes before it, then those after.
        for skip in 0..<count {
            var hash: UInt32 = 2_166_136_261
            for index in 0..<count where index != skip { hash = (hash ^ UInt32(word[index])) &* 16_777_619 }
            if hashes.contains(hash | 1) { return true }
        }
        guard count >= 6 else { return false }
        // Two edits take at most two letters away from a word's set and bring at most two.
        let letters = Self.letters(word)
        return longBytes.withUnsafeBufferPointer { flat -> Bool in
            for index in longRuns[Int(word[0] - UInt8(ascii: "a"))] {
                let (start, end) = (longStart[index], longEnd[index])
                guard abs(end - start - count) <= 2, (longLetters[index] & ~letters).nonzeroBitCount <= 2,
                    (letters & ~longLetters[index]).nonzeroBitCount <= 2
                else { continue }
                if Self.withinTwoEdits(UnsafeBufferPointer(word), UnsafeBufferPointer(rebasing: flat[start..<end])) {
                    return true
                }
            }
            return false
        }
    }

    /// ``FuzzyIndex/distance(_:_:limit:)`` ≤ 2, on the band of cells it can be reached through and
    /// with no array made: the first look asks it of many words.
    static func withinTwoEdits(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let (n, m) = (a.count, b.count)
        guard abs(n - m) <= 2, n > 0, m > 0, m <= Lexicon.longestWord else { return false }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { rows -> Bool in
            var previous2 = rows.baseAddress!
            var previous = previous2 + (m + 1)
            var current = previous + (m + 1)
            for j in 0...m {
                previous[j] = min(j, 3)
                previous2[j] = 3
            }
            for i in 1...n {
                let low = max(1, i - 2)
                let high = min(m, i + 2)
                current[0] = min(i, 3)
                if low > 1 { current[low - 1] = 3 }
                if high < m { current[high + 1] = 3 }
                var rowMin = 3
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
                    value = min(value, 3)
                    current[j] = value
                    rowMin = min(rowMin, value)
                }
                if rowMin > 2 { return false }
                (previous2, previous, current) = (previous, current, previous2)
            }
            return previous[m] <= 2
        }
    }
}

/// Answers already given about words, by two hashes of the word: a pipe meets the same first
/// words line after line. A fixed number of slots, each overwritten by the next word that falls in
/// it.
final class NearMemory: Sendable {
    private let slots: Mutex<[UInt64]> = Mutex([UInt64](repeating: 0, count: 1024))

    /// The key of a word: FNV-1a and a second multiplicative hash, and the answer in the low bit.
    static func key(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var other: UInt32 = 5381
        for byte in word { other = other &* 33 &+ UInt32(byte) }
        return UInt64(WordTable<Bool>.hash(bytes: word)) << 32 | UInt64(other | 2) & ~1
    }

    func answer(_ word: UnsafeBufferPointer<UInt8>, _ compute: () -> Bool) -> Bool {
        let key = Self.key(word)
        let slot = Int(key >> 32) & 1023
        if let known = slots.withLock({ $0[slot] & ~1 == key ? $0[slot] & 1 == 1 : nil }) { return known }
        let found = compute()
        slots.withLock { $0[slot] = key | (found ? 1 : 0) }
        return found
    }
}

/// A set of 32-bit hashes (never 0), open addressing: a yes may be a collision.
struct HashSet32: Sendable {
    private let slots: [UInt32]
    private let mask: Int

    init(_ hashes: [UInt32]) {
        var size = 16
        while size < hashes.count * 2 { size *= 2 }
        var slots = [UInt32](repeating: 0, count: size)
        for hash in hashes {
            var slot = Int(hash) & (size - 1)
            while slots[slot] != 0 && slots[slot] != hash { slot = (slot + 1) & (size - 1) }
            slots[slot] = hash
        }
        self.slots = slots
        mask = size - 1
    }

    func contains(_ hash: UInt32) -> Bool {
        var slot = Int(hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return false }
            if stored == hash { return true }
            slot = (slot + 1) & mask
        }
    }
}
