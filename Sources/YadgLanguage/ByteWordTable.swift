/// A read-only table like ``WordTable`` whose keys stay where they were read: ranges of one byte
/// buffer (a resource file's text), so building it makes no string per key. A reader's model and
/// lexicon hold thousands of words and are built at the first line of every run; this is what
/// keeps that to a fraction of a millisecond.
package struct ByteWordTable<Value: Sendable>: Sendable {
    private let bytes: [UInt8]
    private let hashes: [UInt32]
    private let starts: [Int32]
    private let lengths: [Int32]
    private let values: [Value?]
    private let mask: Int

    /// - Parameters:
    ///   - bytes: the text the keys are ranges of.
    ///   - entries: each key's range and its value. Of two entries with one key, the first is kept.
    package init(bytes: [UInt8], entries: [(key: Range<Int>, value: Value)]) {
        var size = 16
        while size < entries.count * 4 { size *= 2 }
        var hashes = [UInt32](repeating: 0, count: size)
        var starts = [Int32](repeating: 0, count: size)
        var lengths = [Int32](repeating: 0, count: size)
        var values = [Value?](repeating: nil, count: size)
        bytes.withUnsafeBufferPointer { buffer in
            insertion: for (key, value) in entries {
                let word = UnsafeBufferPointer(rebasing: buffer[key])
                let hash = WordTable<Value>.hash(bytes: word)
                var slot = Int(hash) & (size - 1)
                while hashes[slot] != 0 {
                    if hashes[slot] == hash && Int(lengths[slot]) == key.count
                        && UnsafeBufferPointer(rebasing: buffer[Int(starts[slot])..<Int(starts[slot]) + key.count])
                            .elementsEqual(word)
                    {
                        continue insertion
                    }
                    slot = (slot + 1) & (size - 1)
                }
                (hashes[slot], starts[slot], lengths[slot], values[slot]) =
                    (hash, Int32(key.lowerBound), Int32(key.count), value)
            }
        }
        (self.bytes, self.hashes, self.starts, self.lengths, self.values, mask) =
            (bytes, hashes, starts, lengths, values, size - 1)
    }

    package subscript(_ word: String) -> Value? {
        var word = word
        return word.withUTF8 { self[bytes: $0] }
    }

    package subscript(bytes word: UnsafeBufferPointer<UInt8>) -> Value? {
        self[bytes: word, hash: WordTable<Value>.hash(bytes: word)]
    }

    /// The value of a word whose hash (``WordTable/hash(bytes:)``) the caller has already made:
    /// a reader that looks one word up in several tables hashes it once.
    package subscript(bytes word: UnsafeBufferPointer<UInt8>, hash hash: UInt32) -> Value? {
        var slot = Int(hash) & mask
        return bytes.withUnsafeBufferPointer { buffer in
            while true {
                let stored = hashes[slot]
                if stored == 0 { return nil }
                if stored == hash && Int(lengths[slot]) == word.count
                    && UnsafeBufferPointer(rebasing: buffer[Int(starts[slot])..<Int(starts[slot]) + word.count])
                        .elementsEqual(word)
                {
                    return values[slot]
                }
                slot = (slot + 1) & mask
            }
        }
    }

    package func contains(_ word: String) -> Bool { self[word] != nil }

    /// The text of a range of the buffer: a value a table keeps as a range (a form's base).
    package func text(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}
