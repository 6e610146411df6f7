import Synchronization
import YadgCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the application's text goes: stdout and stderr in the program, a buffer in tests.
public protocol OutputSink: Sendable {
    func out(_ text: String)
    /// Standard error: the text ``StderrMessages`` made, as it is.
    func err(_ text: String)
}

/// Unbuffered writes to stdout and stderr. Each write reaches the kernel before it returns, so a
/// line that acknowledges a moment is out even if the process is killed right after.
///
/// Every write to standard output is checked, and so is its close (``finish()``): output that
/// cannot be written (a full disk, `/dev/full`, a closed stdout) ends the run at once with a
/// message and exit 3 (a local write that failed), after the handler set with
/// ``whenOutputFails(_:)`` has run — an export, a pipe's acknowledgements or a view cut short is
/// never passed off as whole with exit 0. A closed pipe (`yadg moments | head -1`) ends the run
/// quietly, with 0: the reader has what it wanted.
public struct StandardStreams: OutputSink {
    public init() {}

    public func out(_ text: String) { Self.write(1, text) }
    public func err(_ text: String) { Self.write(2, text) }

    /// What happens before the run ends because standard output failed (`errno` given: EPIPE when
    /// the reader left): the executable folds the store's log and, unless the reader left, says
    /// why on standard error.
    public static func whenOutputFails(_ handler: @escaping @Sendable (Int32) -> Void) {
        state.withLock { $0.handler = handler }
    }

    /// Ends standard output: the last buffered bytes are flushed and it is closed, and a close
    /// that fails (a file system that reports a write error only then) returns its `errno`.
    /// Anything written to standard output afterwards (a praise no one waits for any more) is
    /// dropped.
    public static func finish() -> Int32? {
        state.withLock { $0.finished = true }
        fflush(nil)
        guard close(1) != 0 else { return nil }
        // A stdout closed from the start, with nothing written to it, is not a failure.
        return errno == EBADF ? nil : errno
    }

    private static let state = Mutex<(handler: (@Sendable (Int32) -> Void)?, finished: Bool, failing: Bool)>(
        (nil, false, false))

    private static func write(_ fd: Int32, _ text: String) {
        if fd == 1, state.withLock({ $0.finished }) { return }
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                    let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                #else
                    let n = Darwin.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                #endif
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
        // Standard error failing leaves nowhere to say anything.
        if let failure, fd == 1 { outputFailed(failure) }
    }

    /// Standard output could not be written: the handler runs once, then the process ends.
    private static func outputFailed(_ code: Int32) -> Never {
        let (handler, first) = state.withLock { state -> ((@Sendable (Int32) -> Void)?, Bool) in
            defer { state.failing = true }
            return (state.handler, !state.failing)
        }
        // Another thread is already ending the run.
        guard first else { while true { pause() } }
        handler?(code)
        fflush(nil)
        _exit(code == EPIPE ? ExitStatus.ok.rawValue : ExitStatus.data.rawValue)
    }
}
