/// A read-only table from words to values, hashed with FNV-1a over their UTF-8 bytes.
///
/// Every word of every phrase is looked up in the parser's trigger table; `Dictionary`'s seeded
/// SipHash cost more than reading most words. Here a lookup is one short loop over the bytes and,
/// in a table kept at most a quarter full, nearly always one slot: a word that is not in it (most
/// words) usually meets an empty slot or a stored hash that differs, without comparing strings.
package struct WordTable<Value: Sendable>: Sendable {
    /// 0 marks an empty slot (``hash(_:)`` is never 0).
    private let hashes: [UInt32]
    private let keys: [String]
    private let values: [Value?]
    private let mask: Int

    package init(_ entries: [String: Value]) { self.init(pairs: entries.lazy.map { ($0.key, $0.value) }) }

    /// A table of `pairs`, built without a `Dictionary` first (a reader's tables are built at the
    /// first line of every run). Of two pairs with one key, the first is kept.
    package init(pairs: some Collection<(String, Value)>) {
        var size = 16
        while size < pairs.count * 4 { size *= 2 }
        var hashes = [UInt32](repeating: 0, count: size)
        var keys = [String](repeating: "", count: size)
        var values = [Value?](repeating: nil, count: size)
        insertion: for (key, value) in pairs {
            let hash = Self.hash(key)
            var slot = Int(hash) & (size - 1)
            while hashes[slot] != 0 {
                if hashes[slot] == hash && keys[slot] == key { continue insertion }
                slot = (slot + 1) & (size - 1)
            }
            (hashes[slot], keys[slot], values[slot]) = (hash, key, value)
        }
        (self.hashes, self.keys, self.values, mask) = (hashes, keys, values, size - 1)
    }

    package subscript(_ word: String) -> Value? {
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
    package subscript(bytes word: UnsafeBufferPointer<UInt8>) -> Value? {
        let hash = Self.hash(bytes: word)
        var slot = Int(hash) & mask
        while true {
            let stored = hashes[slot]
            if stored == 0 { return nil }
            if stored == hash && keys[slot].utf8.elementsEqual(word) { return values[slot] }
            slot = (slot + 1) & mask
        }
    }

    package static func hash(_ word: String) -> UInt32 {
        // Over a buffer, not the UTF-8 view: the view's iterator cost several times the hashing.
        var word = word
        return word.withUTF8 { hash(bytes: $0) }
    }

    package static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash | 1
    }
}

/// A read-only set of words with ``WordTable``'s cheap lookup: the parser's and refiners' word
/// lists, asked about word after word.
package typealias WordSet = WordTable<Bool>

extension WordTable: ExpressibleByArrayLiteral where Value == Bool {
    package init(words: some Collection<String>) {
        self.init(pairs: words.lazy.map { ($0, true) })
    }

    package init(arrayLiteral words: String...) { self.init(words: words) }

    package func contains(_ word: String) -> Bool { self[word] != nil }
}
