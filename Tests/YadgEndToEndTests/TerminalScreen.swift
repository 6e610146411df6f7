import YadgCore

/// A small xterm-like screen: enough of what yadg and libedit print to see what a person would
/// see, cell by cell, after cursor moves, erases and in-place rewrites (the plain screen text of
/// ``PseudoTerminal`` only strips the sequences, so it cannot tell a line rewritten in place from
/// one printed twice). Rows that scroll off the top are kept, so a whole session can be read.
struct TerminalScreen {
    private(set) var columns: Int
    let rows: Int
    private var cells: [[String]]
    private var scrolledOff: [[String]] = []
    private var row = 0
    private var column = 0
    private var saved = (0, 0)
    /// The cursor stands after the last column: the next character wraps first.
    private var pendingWrap = false
    /// Sequences this screen does not know (a test may check that none were met).
    private(set) var unknown: [String] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// Every row, the scrolled-off ones first, without trailing spaces.
    var text: [String] {
        (scrolledOff + cells).map { cells in
            var line = cells.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The visible rows only.
    var visible: [String] { Array(text.suffix(rows)) }

    /// The row the cursor is on, and its column.
    var cursor: (row: Int, column: Int) { (row, column) }

    /// The terminal was resized: rows keep what fits (no reflow), the cursor stays in bounds.
    mutating func resize(columns newColumns: Int) {
        cells = cells.map { Array($0.prefix(newColumns)) + Array(repeating: " ", count: max(0, newColumns - $0.count)) }
        columns = newColumns
        column = min(column, newColumns - 1)
        pendingWrap = false
    }

    mutating func feed(_ output: String) {
        var characters = Array(output)[...]
        while let c = characters.popFirst() {
            switch c {
            case "\u{1B}": escape(&characters)
            case "\r": column = 0; pendingWrap = false
            case "\n", "\r\n":
                if c == "\r\n" { column = 0 }
                lineFeed()
            case "\u{08}": column = max(0, column - 1); pendingWrap = false
            case "\u{07}": continue
            case "\t": column = min(columns - 1, (column / 8 + 1) * 8)
            default:
                guard let scalar = c.unicodeScalars.first, scalar.value >= 0x20 else { continue }
                put(c)
            }
        }
    }

    private mutating func put(_ c: Character) {
        let width = max(1, TextWidth.columns(of: c))
        if pendingWrap || column + width > columns {
            column = 0
            lineFeed()
        }
        cells[row][column] = String(c)
        if width == 2, column + 1 < columns { cells[row][column + 1] = "" }
        column += width
        if column >= columns {
            column = columns - 1
            pendingWrap = true
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if row == rows - 1 {
            scrolledOff.append(cells.removeFirst())
            cells.append(Array(repeating: " ", count: columns))
        } else {
            row += 1
        }
    }

    private mutating func escape(_ characters: inout ArraySlice<Character>) {
        guard let kind = characters.popFirst() else { return }
        switch kind {
        case "7": saved = (row, column)
        case "8": (row, column) = saved; pendingWrap = false
        case "(", ")": _ = characters.popFirst()
        case "=", ">": return
        case "M": row = max(0, row - 1)  // reverse index
        case "]":
            while let c = characters.popFirst(), c != "\u{07}" {
                if c == "\u{1B}" { _ = characters.popFirst(); break }
            }
        case "[":
            var parameters = ""
            var final: Character = " "
            while let c = characters.popFirst() {
                if let ascii = c.asciiValue, (0x40...0x7E).contains(ascii) {
                    final = c
                    break
                }
                parameters.append(c)
            }
            csi(parameters, final)
        default: unknown.append("ESC " + String(kind))
        }
    }

    private mutating func csi(_ parameters: String, _ final: Character) {
        let numbers = parameters.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false).map {
            Int($0)
        }
        func n(_ index: Int = 0, _ fallback: Int = 1) -> Int {
            index < numbers.count ? (numbers[index] ?? fallback) == 0 ? fallback : numbers[index] ?? fallback : fallback
        }
        pendingWrap = false
        switch final {
        case "A": row = max(0, row - n())
        case "B": row = min(rows - 1, row + n())
        case "C": column = min(columns - 1, column + n())
        case "D": column = max(0, column - n())
        case "G": column = min(columns - 1, n() - 1)
        case "d": row = min(rows - 1, n() - 1)
        case "H", "f":
            row = min(rows - 1, n(0) - 1)
            column = min(columns - 1, n(1) - 1)
        case "K":
            let mode = numbers.first.flatMap { $0 } ?? 0
            let range = mode == 0 ? column..<columns : mode == 1 ? 0..<(column + 1) : 0..<columns
            for x in range { cells[row][x] = " " }
        case "J":
            let mode = numbers.first.flatMap { $0 } ?? 0
            if mode == 0 {
                for x in column..<columns { cells[row][x] = " " }
                for y in (row + 1)..<rows { cells[y] = Array(repeating: " ", count: columns) }
            } else if mode == 2 || mode == 3 {
                cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
            }
        case "P":
            let count = min(n(), columns - column)
            cells[row].removeSubrange(column..<(column + count))
            cells[row] += Array(repeating: " ", count: count)
        case "@":
            let count = min(n(), columns - column)
            cells[row].insert(contentsOf: Array(repeating: " ", count: count), at: column)
            cells[row].removeLast(count)
        case "X":
            for x in column..<min(columns, column + n()) { cells[row][x] = " " }
        // Colours, modes, scroll regions and reports change no cell.
        case "m", "h", "l", "r", "t", "q", "n", "c": return
        case "s": saved = (row, column)
        case "u": (row, column) = saved
        default: unknown.append("CSI " + parameters + String(final))
        }
    }
}
