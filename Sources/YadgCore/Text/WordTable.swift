/// A read-only table from words to values, hashed with FNV-1a over their UTF-8 bytes.
///
/// Every word of every phrase is looked up in the parser's trigger table; `Dictionary`'s seeded
/// SipHash cost more than reading most words. Here a lookup is one short loop over the bytes and,
/// in a table kept at most a quarter full, nearly always one slot: a word that is not in it (most
/// words) usually meets an empty slot or a stored hash that differs, without comparing strings.
struct WordTable<Value: Sendable>: Sendable {
    /// 0 marks an empty slot (``hash(_:)`` is never 0).
    private let hashes: [UInt32]
    private let keys: [String]
    private let values: [Value?]
    private let mask: Int

    init(_ entries: [String: Value]) {
        var size = 16
        while size < entries.count * 4 { size *= 2 }
        var hashes = [UInt32](repeating: 0, count: size)
        var keys = [String](repeating: "", count: size)
        var values = [Value?](repeating: nil, count: size)
        for (key, value) in entries {
            let hash = Self.hash(key)
            var slot = Int(hash) & (size - 1)
            while hashes[slot] != 0 { slot = (slot + 1) & (size - 1) }
            (hashes[slot], keys[slot], values[slot]) = (hash, key, value)
        }
        (self.hashes, self.keys, self.values, mask) = (hashes, keys, values, size - 1)
    }

    subscript(_ word: String) -> Value? {
        let hash = Self.hash(word)
        var slot = Int(hash) & mask
        while true {
            let stored = hashes[slot]
            if stored == 0 { return nil }
            if stored == hash && keys[slot] == word { return values[slot] }
            slot = (slot + 1) & mask
        }
    }

    /// The value for a word given as UTF-8 bytes: a reader that already holds the bytes (a word's
    /// stems, cut from it) looks them up without making a string of each.
    subscript(bytes word: UnsafeBufferPointer<UInt8>) -> Value? {
        let hash = Self.hash(bytes: word)
        var slot = Int(hash) & mask
        while true {
            let stored = hashes[slot]
            if stored == 0 { return nil }
            if stored == hash && keys[slot].utf8.elementsEqual(word) { return values[slot] }
            slot = (slot + 1) & mask
        }
    }

    static func hash(_ word: String) -> UInt32 {
        // Over a buffer, not the UTF-8 view: the view's iterator cost several times the hashing.
        var word = word
        return word.withUTF8 { hash(bytes: $0) }
    }

    static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash | 1
    }
}

/// A read-only set of words with ``WordTable``'s cheap lookup: the parser's and refiners' word
/// lists, asked about word after word.
typealias WordSet = WordTable<Bool>

extension WordTable: ExpressibleByArrayLiteral where Value == Bool {
    init(words: some Sequence<String>) {
        self.init(Dictionary(words.map { ($0, true) }, uniquingKeysWith: { first, _ in first }))
    }

    init(arrayLiteral words: String...) { self.init(words: words) }

    func contains(_ word: String) -> Bool { self[word] != nil }
}
