import YadgSealing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's settings while a passphrase is typed, for the signal path (a handler can reach
/// no Swift object).
nonisolated(unsafe) private var typingOriginal = termios()
nonisolated(unsafe) private var typingFD: Int32 = -1

/// What a passphrase prompt got.
public enum PassphraseAnswer {
    case typed(Passphrase)
    /// Ctrl-C, Ctrl-D on an empty line, Escape, or the end of input.
    case cancelled
    /// More than ``SecretBytes/maximumBytes``: refused, never cut.
    case tooLong
}

/// Reads a passphrase on the terminal without echo (<doc:Terminal>): byte by byte, straight into
/// memory that is zeroed after use, never into a `String`, the line editor or its history.
/// Backspace takes off a character, Ctrl-U the whole line; Ctrl-C, Escape or Ctrl-D on an empty
/// line give up. The terminal's own settings are back before it returns, and on any signal that
/// ends the process meanwhile.
public enum PassphrasePrompt {
    static let signals = [SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS]

    /// Asks with `prompt` (on standard error when it is a terminal, else standard output) and
    /// reads standard input, which must be a terminal; nil when it is not.
    public static func ask(_ prompt: String) -> PassphraseAnswer? {
        guard isatty(0) == 1, tcgetattr(0, &typingOriginal) == 0 else { return nil }
        let promptFD: Int32 = isatty(2) == 1 ? 2 : 1
        var quiet = typingOriginal
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(0, TCSANOW, &quiet) == 0 else { return nil }
        typingFD = 0
        for sig in signals { signal(sig, restoreAndDie) }
        defer {
            tcsetattr(0, TCSANOW, &typingOriginal)
            typingFD = -1
            for sig in signals { signal(sig, SIG_DFL) }
            write(promptFD, "\n", 1)
        }
        write(promptFD, prompt, prompt.utf8.count)
        let typed = SecretBytes.passphrase()
        var overflowed = false
        var byte: UInt8 = 0
        while true {
            guard read(0, &byte, 1) == 1 else { return .cancelled }
            switch byte {
            case 0x0D, 0x0A: return overflowed ? .tooLong : .typed(typed)
            case 0x03, 0x1B: return .cancelled
            case 0x04 where typed.isEmpty && !overflowed: return .cancelled
            case 0x7F, 0x08: typed.removeLastCharacter()
            case 0x15:
                typed.clear()
                overflowed = false
            case ..<0x20: continue
            default: if !typed.append(byte) { overflowed = true }
            }
        }
    }
}

/// A signal while echo is off: the terminal's settings back, then the signal's own ending.
private func restoreAndDie(_ sig: Int32) {
    if typingFD >= 0 { tcsetattr(typingFD, TCSANOW, &typingOriginal) }
    signal(sig, SIG_DFL)
    raise(sig)
}
