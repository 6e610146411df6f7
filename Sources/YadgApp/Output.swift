#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the application's text goes: stdout and stderr in the program, a buffer in tests.
public protocol OutputSink: Sendable {
    func out(_ text: String)
    func err(_ text: String)
}

/// Unbuffered writes to stdout and stderr. Each write reaches the kernel before it returns, so a
/// line that acknowledges a moment is out even if the process is killed right after. A closed
/// pipe (`yadg moments | head -1`) ends the program quietly.
public struct StandardStreams: OutputSink {
    public init() {}

    public func out(_ text: String) { Self.write(1, text) }
    public func err(_ text: String) { Self.write(2, text) }

    private static func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                    let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                #else
                    let n = Darwin.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                #endif
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE { exit(0) }
                    return
                }
                offset += n
            }
        }
    }
}
