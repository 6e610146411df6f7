import CLibEdit
import YadgCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The wake fd the SIGWINCH handler writes to (a signal handler can reach no Swift object).
nonisolated(unsafe) private var resizeWakeFD: Int32 = -1

/// Line editing on a terminal, with libedit's native API (<doc:Terminal>).
///
/// The editor thread blocks in `el_gets`; our read function polls stdin and the ``LinesForTheEditor`` pipe.
/// When messages wait, it returns the sentinel key `^]`, bound to a two-phase editor function that
/// hides the line, prints the messages, and restores the line and cursor below them.
/// Also: Ctrl-C abandons the line, Ctrl-D on an empty line ends input, Tab completes slash
/// commands, and history lives in a private file appended one line at a time. While something
/// moves (``Motion``), the poll wakes for each frame, and a frame is drawn by the same editor
/// function, so the line being typed is never touched.
/// What Tab may make of the text before the cursor: the word being completed and the whole
/// words it may become.
public typealias Completer = @Sendable (_ beforeCursor: String) -> (word: String, matches: [String])

public final class EditLineReader: ConversationReader {
    let editLine: OpaquePointer
    let history: OpaquePointer
    public let outbox: LinesForTheEditor
    let historyPath: String?
    let completer: Completer
    let promptText: String
    /// Colour and motion, or none.
    let motion: Motion
    /// What is moving now, and what may still be replaced in place.
    var moving = MovingState()
    /// The prompt as a C string; empty while a print-above is in progress.
    var promptStorage: UnsafeMutablePointer<CChar>
    private let emptyPrompt: UnsafeMutablePointer<CChar>
    private var hidePrompt = false
    // Print-above state.
    private var sentinelOutstanding = false
    /// Called on Ctrl-C: what letting a waiting question go kept, said under the `^C` line.
    public var onInterrupt: (() -> String?)?
    /// Whether a line may be remembered at all (`/lock` and `/unlock` lines are not: a
    /// passphrase typed after them by mistake must not be kept).
    public var remembers: (String) -> Bool = { _ in true }
    /// Whether a remembered line may go to the history file now: not while the journal is locked,
    /// whose conversation keeps its lines in memory only.
    public var savesHistory: () -> Bool = { true }
    /// The pre-filled first line is shown and no key has touched it yet.
    private var prefillUntouched = false
    /// Whether typing over a pre-filled line replaces it (the first-log suggestion), or goes on
    /// from it (what the person typed during the walkthrough, which is theirs).
    public var typingReplacesPrefill = true
    /// A key typed over the pre-fill, delivered after the line is emptied.
    private var keyAfterClearing: wchar_t?
    private var inSecondPhase = false
    private var resizePending = false
    private var localMessages: [String] = []
    /// Texts from the outbox taken in phase 1 of a print-above, printed in phase 2.
    private var takenTexts: [String] = []
    /// The sentinel stands for a frame of motion, not for messages.
    private var frameDue = false
    private var dropLine = false
    private var savedLine: [wchar_t] = []
    private var savedCursor = 0
    private var mbState = mbstate_t()

    static let sentinel: wchar_t = 0x1D

    /// - Parameters:
    ///   - prompt: the prompt, with `\u{1}` around invisible colour sequences.
    ///   - plainPrompt: the prompt as seen, for the line that Ctrl-C leaves behind.
    ///   - historyPath: a private file of past lines, or nil for none.
    ///   - complete: what Tab may make of the word before the cursor (commands, moods, tags).
    public init(
        prompt: String, historyPath: String?, complete: @escaping Completer,
        outbox: LinesForTheEditor = LinesForTheEditor(),
        motion: Motion = Motion(style: TerminalStyle(colorMode: .none), enabled: false)
    ) {
        self.motion = motion
        self.promptText = prompt
        self.historyPath = historyPath
        self.completer = complete
        self.outbox = outbox
        promptStorage = strdup(prompt)
        emptyPrompt = strdup("")
        // libedit keeps the terminal settings it finds now as the ones to restore at the end: it is
        // given the real ones, and keys held back while yadg started are held again at once, so
        // none typed meanwhile is echoed above Home.
        let heldKeys = EarlyKeys.isHolding
        let waitingBefore = heldKeys ? yadg_pending_input(0) : 0
        EarlyKeys.release()
        editLine = el_init("yadg", yadg_stdin(), yadg_stdout(), yadg_stderr())
        // Held from here to the end of the run (given back at exit, whatever ends it): between two
        // lines too, where libedit's own between-lines settings are as quiet (below).
        EarlyKeys.hold()
        if heldKeys {
            // Keys that came in the moment between, the terminal echoed where the prompt will be
            // drawn (after Home, at the start of its row): that row is cleared, and the keys
            // themselves wait in the line as any other.
            if yadg_pending_input(0) > waitingBefore {
                fputs("\r\u{1B}[K", yadg_stdout())
                fflush(yadg_stdout())
            }
        }
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
        // Between two lines (while one is answered) the terminal stays out of its own line mode and
        // does not echo: a key typed then waits for the next prompt as it was typed. In line mode a
        // Ctrl-D typed then became a NUL byte once the editor read again, and the conversation
        // did not end.
        yadg_el_setty_quiet_between_lines(editLine)

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
            prefillUntouched = typingReplacesPrefill
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
        // libedit has moved the cursor below the line just ended: a fade still running (Enter came
        // within its 0.7 s) rests on its own row counted from there, never one row lower.
        settleMotion(
            cursorRowsBelowPrompt: (TextWidth.columns(plainPrompt) + TextWidth.columns(line)) / max(1, columns) + 1)
        restorePrompt()
        return line
    }

    /// Prints `text` right now. Only for use between `readLine` calls (on the editor thread).
    public func write(_ text: String) {
        settleMotion()
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
        guard !line.allSatisfy(\.isWhitespace), !line.hasPrefix(" "), remembers(line) else { return }
        guard yadg_history_enter(history, line) == 1, let historyPath, savesHistory() else { return }
        PrivateHistoryFile.append(line, to: historyPath)
    }

    // MARK: Callbacks (called on the editor thread by libedit)

    fileprivate func readCharacter(_ out: UnsafeMutablePointer<wchar_t>) -> Int32 {
        if let typed = keyAfterClearing {
            keyAfterClearing = nil
            out.pointee = typed
            return 1
        }
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
            // While something moves, wake for its next frame; otherwise sleep until a key or a message.
            let ready = poll(&fds, 2, isMoving ? Int32(Motion.frameInterval * 1000) : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if ready == 0 {
                frameDue = true
                sentinelOutstanding = true
                out.pointee = Self.sentinel
                return 1
            }
            if fds[0].revents != 0 {
                switch decodeCharacter() {
                case .character(let c):
                    // A key: Home rests, and nothing printed before it is rewritten any more.
                    moving.keysTyped += 1
                    if moving.breathing != nil { settleBreathing() }
                    // Typing over the pre-filled first line replaces it (Enter keeps it, and an
                    // editing key edits it): Ctrl-U empties the line, then the key goes in.
                    if prefillUntouched {
                        prefillUntouched = false
                        if c >= 0x20 && c != 0x7F {
                            keyAfterClearing = c
                            out.pointee = 0x15
                            return 1
                        }
                    }
                    out.pointee = c
                    return 1
                case .endOfInput:
                    return 0
                case .invalid:
                    continue
                }
            }
            if fds[1].revents != 0 {
                if outbox.drain() {
                    resizePending = true
                    // Rows moved: nothing may be drawn in place any more.
                    moving.forgetPlaces()
                }
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
            moving.generation += 1
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
        if frameDue {
            frameDue = false
            return drawFrame() ? UInt8(CC_REDISPLAY) : UInt8(CC_NORM)
        }
        // An AI praise may take the offline line's place; everything else is printed above.
        takenTexts = []
        for message in outbox.takeAllMessages() {
            if case .replacing(let key, let text, let otherwise) = message {
                if !replaceInPlace(key, with: text) { takenTexts.append(otherwise) }
            } else {
                takenTexts.append(message.printed)
            }
        }
        guard !takenTexts.isEmpty || !localMessages.isEmpty || resizePending else { return UInt8(CC_NORM) }
        settleMotion()
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
        let messages = localMessages + takenTexts + outbox.takeAll()
        localMessages.removeAll()
        takenTexts.removeAll()
        for message in messages {
            fputs(message.hasSuffix("\n") ? message : message + "\n", yadg_stdout())
        }
        fflush(yadg_stdout())
    }

    fileprivate func interrupt() -> UInt8 {
        guard let info = el_wline(editLine)?.pointee else { return UInt8(CC_ERROR) }
        let text = Self.string(from: info.buffer, count: info.lastchar - info.buffer)
        localMessages.append(plainPrompt + text + "^C")
        if let kept = onInterrupt?() { localMessages.append(kept) }
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
        let (typed, matches) = completer(before)
        if matches.count == 1, let only = matches.first {
            el_insertstr(editLine, String(only.dropFirst(typed.count)) + " ")
            return UInt8(CC_REFRESH)
        }
        guard let first = matches.first else { return UInt8(CC_REFRESH_BEEP) }
        let common = matches.reduce(first) { prefix, word in
            String(zip(prefix, word).prefix { $0 == $1 }.map(\.0))
        }
        if common.count > typed.count {
            el_insertstr(editLine, String(common.dropFirst(typed.count)))
            return UInt8(CC_REFRESH)
        }
        localMessages.append(Self.layOut(matches, width: columns))
        return beginPrintAbove()
    }

    /// Completion candidates two spaces apart, in rows that fit the terminal (never split).
    static func layOut(_ words: [String], width: Int) -> String {
        TextWidth.rows(words, width: width).joined(separator: "\n")
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

    /// Where the cursor is below the prompt's row (a long line wraps), for drawing above it.
    var cursorRowsBelowPrompt: Int {
        guard let info = el_wline(editLine)?.pointee else { return 0 }
        let before = Self.string(from: info.buffer, count: info.cursor - info.buffer)
        return (TextWidth.columns(plainPrompt) + TextWidth.columns(before)) / max(1, columns)
    }

    /// The prompt without its invisible colour sequences.
    var plainPrompt: String {
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
        var fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        if fd < 0 && errno == ENOENT {
            // Made here: 0600 whatever the umask (a file that is there keeps its mode).
            fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { fchmod(fd, 0o600) }
        }
        guard fd >= 0 else { return }
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
