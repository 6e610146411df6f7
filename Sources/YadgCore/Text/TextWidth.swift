/// How many terminal columns text takes: wide (East Asian wide/fullwidth, emoji presentation)
/// characters take two, combining marks and joiners none. Pure Swift, so views stay testable.
public enum TextWidth {
    public static func columns(_ text: String) -> Int {
        // Printable ASCII, most of what is shown, takes a column a byte: no Unicode properties
        // are asked for (they were a tenth of the work of drawing Home).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + columns(of: $1) }
    }

    public static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        if isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
    }

    /// Items two spaces apart, in rows of at most `width` columns; an item is never split (a row
    /// holds at least one).
    public static func rows(_ items: [String], width: Int) -> [String] {
        var rows: [String] = []
        var row = ""
        for item in items {
            if !row.isEmpty && columns(row) + 2 + columns(item) > width {
                rows.append(row)
                row = ""
            }
            row += (row.isEmpty ? "" : "  ") + item
        }
        rows.append(row)
        return rows
    }

    /// Word-wraps `text` to `width` columns. The first line starts after `firstIndent`, later
    /// lines after `indent`; words longer than a line are broken, except a link (`https://…`), which
    /// gets a line of its own and is left whole for the terminal to fold, so it can still be
    /// copied and opened. Linear in the length of the
    /// text, however long one word is (a stored text may be a single huge word).
    public static func wrap(_ text: String, width: Int, firstIndent: String = "", indent: String = "") -> [String] {
        let available = max(8, width)
        let indentWidth = columns(indent)
        var lines: [String] = []
        var line = firstIndent
        var lineWidth = columns(firstIndent)
        var lineHasWord = false
        func newLine() {
            lines.append(line)
            line = indent
            lineWidth = indentWidth
            lineHasWord = false
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = columns(String(word))
            if lineHasWord && lineWidth + 1 + wordWidth > available { newLine() }
            if lineWidth + (lineHasWord ? 1 : 0) + wordWidth <= available {
                line += (lineHasWord ? " " : "") + word
                lineWidth += (lineHasWord ? 1 : 0) + wordWidth
                lineHasWord = true
                continue
            }
            if word.contains("://") && wordWidth <= 2048 {
                if lineHasWord { newLine() }
                line += word
                lineWidth += wordWidth
                lineHasWord = true
                continue
            }
            // A word longer than a whole line is broken where it must be, in one pass.
            if lineHasWord {
                line += " "
                lineWidth += 1
            }
            for character in word {
                let w = columns(of: character)
                if lineWidth + w > available && lineWidth > indentWidth { newLine() }
                line.append(character)
                lineWidth += w
                lineHasWord = true
            }
        }
        lines.append(line)
        return lines
    }
}
