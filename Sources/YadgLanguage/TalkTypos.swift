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
    let notTypos: WordSet
    /// Built the first time a word needs it.
    private let index: Mutex<FuzzyIndex?> = Mutex(nil)
    /// Words already read: a pipe meets the same words line after line.
    private let remembered: Mutex<WordMemory?> = Mutex(nil)

    init(targets: [String], notTypos: some Collection<String>) {
        self.targets = targets
        targetSet = WordSet(words: targets)
        self.notTypos = WordSet(words: notTypos)
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

    /// The word `word` is a misspelling of, or nil.
    func corrected(_ word: String) -> String? {
        let count = word.utf8.count
        guard count >= 3, count <= Lexicon.longestWord, !targetSet.contains(word), !notTypos.contains(word) else {
            return nil
        }
        if let known = remembered.withLock({ $0?[word] }) { return known.first }
        let found = fuzzy.nearest(to: word)
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
    /// Words of seven letters or more, by their first letter: a word of six or more may be two
    /// edits from one. Each with its length and the letters it holds (a bit each).
    private let long: [[(count: Int, letters: UInt32, bytes: [UInt8])]]

    init(_ words: some Sequence<String>) {
        var hashes: [UInt32] = []
        var short: [String] = []
        var long = [[(count: Int, letters: UInt32, bytes: [UInt8])]](repeating: [], count: 26)
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
            if bytes.count >= 7 {
                long[Int(bytes[0] - UInt8(ascii: "a"))].append((bytes.count, Self.letters(bytes[...]), bytes))
            }
        }
        self.hashes = HashSet32(hashes)
        self.short = WordSet(words: short)
        self.long = long
    }

    static func letters(_ bytes: some Collection<UInt8>) -> UInt32 {
        var mask: UInt32 = 0
        for byte in bytes { mask |= 1 << UInt32(byte &- UInt8(ascii: "a") & 31) }
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
        let letters = Self.letters(word)
        for candidate in long[Int(word[0] - UInt8(ascii: "a"))]
        where abs(candidate.count - count) <= 2 && (candidate.letters ^ letters).nonzeroBitCount <= 4 {
            if FuzzyIndex.distance(Array(word), candidate.bytes, limit: 2) <= 2 { return true }
        }
        return false
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
