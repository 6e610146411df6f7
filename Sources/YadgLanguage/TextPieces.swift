/// Cutting resource text into pieces byte by byte. The readers' resources are read at the first
/// line of every run (a one-shot `yadg log` too), and the standard library's generic `split` and
/// `trimmingPrefix` cost more there than everything else the run did.
package enum TextPieces {
    /// The pieces of `text` between `separator` bytes, empty ones left out.
    package static func split(_ text: String, on separator: UInt8) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var pieces: [String] = []
            var start = 0
            for index in 0...bytes.count {
                guard index == bytes.count || bytes[index] == separator else { continue }
                if index > start { pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            return pieces
        }
    }

    /// The plain words a phrase is written with: runs of letters, digits and apostrophes, leaving
    /// out `<classes>` and the marks of the phrase language.
    package static func plainWords(of phrase: String, into words: inout Set<String>) {
        var phrase = phrase
        phrase.withUTF8 { bytes in
            var start = -1
            var inClass = false
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: " ")
                if byte == UInt8(ascii: "<") { inClass = true }
                let isWordByte =
                    !inClass && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "|") && byte != UInt8(ascii: "(")
                    && byte != UInt8(ascii: ")") && byte != UInt8(ascii: "!") && byte != UInt8(ascii: "~")
                    && byte != UInt8(ascii: "^") && byte != UInt8(ascii: "$") && byte != UInt8(ascii: "<")
                if isWordByte {
                    if start < 0 { start = index }
                } else {
                    if start >= 0 {
                        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                        // A gap's size (`~3`) is not a word.
                        if !(index - start <= 2 && start > 0 && bytes[start - 1] == UInt8(ascii: "~")) { words.insert(word) }
                    }
                    start = -1
                }
                if byte == UInt8(ascii: ">") { inClass = false }
            }
        }
    }

    /// A decimal number as the model's file writes it (`-0.1234`, `2`), read without the
    /// platform's number parser; nil when it is not one.
    package static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var whole = 0.0
        var digits = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            whole = whole * 10 + Double(bytes[index] - UInt8(ascii: "0"))
            index += 1
            digits += 1
        }
        var fraction = 0.0
        var scale = 1.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                fraction = fraction * 10 + Double(bytes[index] - UInt8(ascii: "0"))
                scale *= 10
                index += 1
                digits += 1
            }
        }
        guard digits > 0, index == bytes.count else { return nil }
        let value = whole + fraction / scale
        return negative ? -value : value
    }
}

/// The lines of a compiled reader (``DistressReader/compiledText``): a kind letter, then fields
/// between tabs, read as ranges of the bytes.
package enum CompiledLines {
    /// Calls `body` with each line's kind letter, its fields' ranges and its number; comment lines
    /// (`#`) and empty ones are passed over.
    package static func read(_ bytes: [UInt8], _ body: (UInt8, [Range<Int>], Int) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            var lineNumber = 0
            var start = 0
            var fields: [Range<Int>] = []
            fields.reserveCapacity(4)
            for end in 0...buffer.count where end == buffer.count || buffer[end] == UInt8(ascii: "\n") {
                defer { start = end + 1 }
                lineNumber += 1
                guard end > start + 1, buffer[start] != UInt8(ascii: "#") else { continue }
                fields.removeAll(keepingCapacity: true)
                var fieldStart = start + 2
                for index in (start + 2)...end where index == end || buffer[index] == UInt8(ascii: "\t") {
                    fields.append(fieldStart..<index)
                    fieldStart = index + 1
                }
                body(buffer[start], fields, lineNumber)
            }
        }
    }
}
