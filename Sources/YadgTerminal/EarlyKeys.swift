#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's settings from before yadg held keys back, for the exit and signal paths (a
/// signal handler can reach no Swift object).
nonisolated(unsafe) private var heldOriginal = termios()
nonisolated(unsafe) private var isHeld = false
nonisolated(unsafe) private var exitHandlerSet = false

/// Keys typed while the conversation starts, before libedit reads them, are held back: the
/// terminal neither echoes them above Home nor treats Ctrl-D as its end of a line, and they wait,
/// untouched, to become the first line. Released while the line editor is made (it keeps the
/// settings it finds as the ones to restore at the end) and held again for the rest of the run (the
/// editor sets its own while it reads, and as quiet ones between lines); released at any exit or
/// fatal signal, which gives the terminal its own settings back.
public enum EarlyKeys {
    /// Every signal that may end the process while keys are held (a crash too).
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP]

    /// Holds keys back when stdin is a terminal. Call as early as possible.
    public static func hold() {
        guard !isHeld, isatty(0) == 1, tcgetattr(0, &heldOriginal) == 0 else { return }
        var quiet = heldOriginal
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(0, TCSANOW, &quiet) == 0 else { return }
        isHeld = true
        if !exitHandlerSet {
            exitHandlerSet = true
            atexit { EarlyKeys.release() }
        }
        for sig in Self.signals { signal(sig, restoreAndDie) }
    }

    /// Whether keys are held back now.
    public static var isHolding: Bool { isHeld }

    /// Gives the terminal its own settings back (keys already typed stay in its queue).
    public static func release() {
        guard isHeld else { return }
        isHeld = false
        tcsetattr(0, TCSANOW, &heldOriginal)
        for sig in Self.signals { signal(sig, SIG_DFL) }
    }
}

/// A signal while keys are held: the terminal's settings back, then the signal's own ending.
private func restoreAndDie(_ sig: Int32) {
    if isHeld { tcsetattr(0, TCSANOW, &heldOriginal) }
    signal(sig, SIG_DFL)
    raise(sig)
}
