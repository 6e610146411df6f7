import CLibEdit
import Foundation
import YadgCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The wake fd the SIGWINCH handler writes to (a signal handler can reach no Swift object).
nonisolated(unsafe) private var resizeWakeFD: Int32 = -1

/// Line editing on a terminal, with libedit's native API (<doc:Terminal>).
///
/// The editor thread blocks in `el_gets`; our read function polls stdin and the ``Outbox`` pipe.
/// When messages wait, it returns the sentinel key `^]`, bound to a two-phase editor function that
/// hides the line, prints the messages, and restores the line and cursor below them.
/// Also: Ctrl-C abandons the line, Ctrl-D on an empty line ends input, Tab completes slash
/// commands, and history lives in a private file appended one line at a time.
public final class EditLineReader: ConversationReader {
    let editLine: OpaquePointer
    let history: OpaquePointer
    public let outbox: Outbox
    let historyPath: String?
    let completions: [String]
    let promptText: String
    /// The prompt as a C string; empty while a print-above is in progress.
    private var promptStorage: UnsafeMutablePointer<CChar>
    private let emptyPrompt: UnsafeMutablePointer<CChar>
    private var hidePrompt = false
    // Print-above state.
    private var sentinelOutstanding = false
    private var inSecondPhase = false
    private var resizePending = false
    private var localMessages: [String] = []
    private var dropLine = false
    private var savedLine: [wchar_t] = []
    private var savedCursor = 0
    private var mbState = mbstate_t()

    static let sentinel: wchar_t = 0x1D

    /// - Parameters:
    ///   - prompt: the prompt, with `\u{1}` around invisible colour sequences.
    ///   - plainPrompt: the prompt as seen, for the line that Ctrl-C leaves behind.
    ///   - historyPath: a private file of past lines, or nil for none.
    ///   - completions: words Tab completes at the start of a line (`/moments`, …).
    public init(prompt: String, historyPath: String?, completions: [String], outbox: Outbox = Outbox()) {
        self.promptText = prompt
        self.historyPath = historyPath
        self.completions = completions
        self.outbox = outbox
        promptStorage = strdup(prompt)
        emptyPrompt = strdup("")
        editLine = el_init("yadg", yadg_stdin(), yadg_stdout(), yadg_stderr())
        history = history_init()
        yadg_history_setsize(history, 1000)
        yadg_history_setunique(history, 1)
        loadHistory()

        yadg_el_set_editor(editLine, "emacs")
        yadg_el_set_signal(editLine, 1)
        yadg_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        yadg_el_set_prompt(editLine, editLinePrompt)
        yadg_el_set_history(editLine, history)
        yadg_el_set_getcfn(editLine, editLineReadCharacter)
        yadg_el_addfn(editLine, "yadg-async", "print messages above the line", editLineAsync)
        yadg_el_bind(editLine, "^]", "yadg-async")
        yadg_el_addfn(editLine, "yadg-complete", "complete a command", editLineComplete)
        yadg_el_bind(editLine, "^I", "yadg-complete")
        yadg_el_addfn(editLine, "yadg-interrupt", "abandon the line", editLineInterrupt)
        yadg_el_bind(editLine, "^C", "yadg-interrupt")
        yadg_el_addfn(editLine, "yadg-eof", "leave on an empty line, else delete", editLineEOF)
        yadg_el_bind(editLine, "^D", "yadg-eof")
        // Home, End and Delete as various terminals send them; libedit binds only its termcap's.
        for key in ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~"] { yadg_el_bind(editLine, key, "ed-move-to-beg") }
        for key in ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~"] { yadg_el_bind(editLine, key, "ed-move-to-end") }
        yadg_el_bind(editLine, "\u{1B}[3~", "ed-delete-next-char")
        yadg_el_setty_no_isig(editLine)

        resizeWakeFD = outbox.writeFD
        signal(SIGWINCH, onWindowResize)
    }

    deinit {
        signal(SIGWINCH, SIG_DFL)
        resizeWakeFD = -1
        el_end(editLine)
        history_end(history)
        free(promptStorage)
        free(emptyPrompt)
    }

    /// Terminal width in columns.
    public var columns: Int { Int(yadg_el_columns(editLine)) }

    /// The width of the terminal on stdout now (it follows resizes), or 80 when unknown.
    public static var currentColumns: Int { Int(yadg_terminal_columns(1)) }

    public func readLine(prefill: String?) -> String? {
        if let prefill, !prefill.isEmpty {
            // Pushed text is read as if typed, so keep it to printable characters.
            let printable = String(prefill.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
            el_push(editLine, printable)
        }
        var count: Int32 = 0
        guard let raw = el_gets(editLine, &count), count > 0 else {
            fputs("\n", yadg_stdout())
            fflush(yadg_stdout())
            return nil
        }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        remember(line)
        return line
    }

    /// Prints `text` right now. Only for use between `readLine` calls (on the editor thread).
    public func write(_ text: String) {
        fputs(text, yadg_stdout())
        fflush(yadg_stdout())
    }

    // MARK: History

    private func loadHistory() {
        guard let historyPath, let file = fopen(historyPath, "r") else { return }
        defer { fclose(file) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&buffer, &capacity, file) > 0, let buffer {
            var line = String(cString: buffer)
            if line.hasSuffix("\n") { line.removeLast() }
            if !line.isEmpty { yadg_history_enter(history, line) }
        }
        free(buffer)
    }

    /// Adds a line to history and appends it to the file. As in shells, a line starting with a
    /// space is kept out of history.
    private func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace), !line.hasPrefix(" ") else { return }
        guard yadg_history_enter(history, line) == 1, let historyPath else { return }
        PrivateHistoryFile.append(line, to: historyPath)
    }

    // MARK: Callbacks (called on the editor thread by libedit)

    fileprivate func readCharacter(_ out: UnsafeMutablePointer<wchar_t>) -> Int32 {
        if sentinelOutstanding {
            // The last sentinel was swallowed (e.g. inside an escape sequence): deliver it again.
            out.pointee = Self.sentinel
            return 1
        }
        while true {
            var fds = [
                pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                pollfd(fd: outbox.readFD, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if fds[0].revents != 0 {
                switch decodeCharacter() {
                case .character(let c):
                    out.pointee = c
                    return 1
                case .endOfInput:
                    return 0
                case .invalid:
                    continue
                }
            }
            if fds[1].revents != 0 {
                if outbox.drain() { resizePending = true }
                if outbox.hasMessages || resizePending {
                    sentinelOutstanding = true
                    out.pointee = Self.sentinel
                    return 1
                }
            }
        }
    }

    private enum Decoded { case character(wchar_t), endOfInput, invalid }

    /// Reads one UTF-8 character from stdin, a byte at a time (the builtin reader cannot be used
    /// from a custom one, so decoding is ours).
    private func decodeCharacter() -> Decoded {
        while true {
            var byte: CChar = 0
            let n = read(0, &byte, 1)
            if n == 0 { return .endOfInput }
            if n < 0 { return errno == EINTR ? .invalid : .endOfInput }
            var wc: wchar_t = 0
            let result = mbrtowc(&wc, &byte, 1, &mbState)
            if result == -2 { continue }  // incomplete: read the next byte
            if result == -1 {  // invalid: drop it
                mbState = mbstate_t()
                return .invalid
            }
            return .character(wc)
        }
    }

    fileprivate func asyncKey() -> UInt8 {
        if inSecondPhase {
            inSecondPhase = false
            printQueuedMessages()
            if resizePending {
                resizePending = false
                el_resize(editLine)
            }
            hidePrompt = false
            if !dropLine {
                el_winsertstr(editLine, savedLine + [0])
                _ = el_cursor(editLine, Int32(savedCursor - savedLine.count))
            }
            dropLine = false
            return UInt8(CC_REDISPLAY)
        }
        guard sentinelOutstanding else { return UInt8(CC_ERROR) }  // the person typed ^] themselves
        sentinelOutstanding = false
        return beginPrintAbove()
    }

    /// Phase 1: save and clear the line, hide the prompt; libedit erases what it drew.
    private func beginPrintAbove() -> UInt8 {
        guard let info = el_wline(editLine)?.pointee else { return UInt8(CC_ERROR) }
        let total = info.lastchar - info.buffer
        savedLine = Array(UnsafeBufferPointer(start: info.buffer, count: total))
        savedCursor = info.cursor - info.buffer
        _ = el_cursor(editLine, Int32(total - savedCursor))
        el_deletestr(editLine, Int32(total))
        hidePrompt = true
        inSecondPhase = true
        el_push(editLine, "\u{1D}")
        return UInt8(CC_REDISPLAY)
    }

    private func printQueuedMessages() {
        let messages = localMessages + outbox.takeAll()
        localMessages.removeAll()
        for message in messages {
            fputs(message.hasSuffix("\n") ? message : message + "\n", yadg_stdout())
        }
        fflush(yadg_stdout())
    }

    fileprivate func interrupt() -> UInt8 {
        guard let info = el_wline(editLine)?.pointee else { return UInt8(CC_ERROR) }
        let text = Self.string(from: info.buffer, count: info.lastchar - info.buffer)
        localMessages.append(plainPrompt + text + "^C")
        dropLine = true
        return beginPrintAbove()
    }

    fileprivate func endOfInputOrDelete() -> UInt8 {
        guard let info = el_wline(editLine)?.pointee else { return UInt8(CC_ERROR) }
        if info.buffer == info.lastchar { return UInt8(CC_EOF) }
        if info.cursor == info.lastchar { return UInt8(CC_REFRESH_BEEP) }
        _ = el_cursor(editLine, 1)
        el_deletestr(editLine, 1)
        return UInt8(CC_REFRESH)
    }

    fileprivate func complete() -> UInt8 {
        guard let info = el_wline(editLine)?.pointee else { return UInt8(CC_ERROR) }
        let before = Self.string(from: info.buffer, count: info.cursor - info.buffer)
        guard before.hasPrefix("/"), !before.contains(" ") else { return UInt8(CC_REFRESH_BEEP) }
        let matches = completions.filter { $0.hasPrefix(before) }
        if matches.count == 1, let only = matches.first {
            el_insertstr(editLine, String(only.dropFirst(before.count)) + " ")
            return UInt8(CC_REFRESH)
        }
        guard let first = matches.first else { return UInt8(CC_REFRESH_BEEP) }
        let common = matches.reduce(first) { prefix, word in String(prefix.commonPrefix(with: word)) }
        if common.count > before.count {
            el_insertstr(editLine, String(common.dropFirst(before.count)))
            return UInt8(CC_REFRESH)
        }
        localMessages.append(Self.layOut(matches, width: columns))
        return beginPrintAbove()
    }

    /// Completion candidates two spaces apart, in rows that fit the terminal (never split).
    static func layOut(_ words: [String], width: Int) -> String {
        var rows: [String] = []
        var row = ""
        for word in words {
            if !row.isEmpty && TextWidth.columns(row) + 2 + TextWidth.columns(word) > width {
                rows.append(row)
                row = ""
            }
            row += (row.isEmpty ? "" : "  ") + word
        }
        rows.append(row)
        return rows.joined(separator: "\n")
    }

    /// Wide characters from libedit's buffer as a String.
    private static func string(from buffer: UnsafePointer<wchar_t>?, count: Int) -> String {
        guard let buffer, count > 0 else { return "" }
        let scalars = UnsafeBufferPointer(start: buffer, count: count).compactMap {
            Unicode.Scalar(UInt32(bitPattern: $0))
        }
        return String(String.UnicodeScalarView(scalars))
    }

    fileprivate var currentPrompt: UnsafeMutablePointer<CChar> { hidePrompt ? emptyPrompt : promptStorage }

    /// The prompt without its invisible colour sequences.
    private var plainPrompt: String {
        var visible = ""
        var hidden = false
        for c in promptText.unicodeScalars {
            if c == "\u{1}" { hidden.toggle() } else if !hidden { visible.unicodeScalars.append(c) }
        }
        return visible
    }
}

/// Appends history lines to a file that only its owner can read.
enum PrivateHistoryFile {
    static func append(_ line: String, to path: String) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        fchmod(fd, 0o600)
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}

// MARK: C callbacks: global functions, so no actor isolation is inferred (see the Terminal article, "Concurrency").

private func reader(_ el: OpaquePointer?) -> EditLineReader? {
    guard let el, let data = yadg_el_get_clientdata(el) else { return nil }
    return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
}

private func editLinePrompt(_ el: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    reader(el)?.currentPrompt
}

private func editLineReadCharacter(_ el: OpaquePointer?, _ out: UnsafeMutablePointer<wchar_t>?) -> Int32 {
    guard let out, let reader = reader(el) else { return -1 }
    return reader.readCharacter(out)
}

private func editLineAsync(_ el: OpaquePointer?, _ key: Int32) -> UInt8 {
    reader(el)?.asyncKey() ?? UInt8(CC_ERROR)
}

private func editLineInterrupt(_ el: OpaquePointer?, _ key: Int32) -> UInt8 {
    reader(el)?.interrupt() ?? UInt8(CC_ERROR)
}

private func editLineEOF(_ el: OpaquePointer?, _ key: Int32) -> UInt8 {
    reader(el)?.endOfInputOrDelete() ?? UInt8(CC_ERROR)
}

private func editLineComplete(_ el: OpaquePointer?, _ key: Int32) -> UInt8 {
    reader(el)?.complete() ?? UInt8(CC_ERROR)
}

private func onWindowResize(_ signal: Int32) {
    var byte: UInt8 = 2
    if resizeWakeFD >= 0 { _ = write(resizeWakeFD, &byte, 1) }
}
