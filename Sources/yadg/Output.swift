#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes to stdout and stderr. Each write reaches the kernel before it returns, so a
/// line that acknowledges a moment is out even if the process is killed right after. A closed
/// pipe (`yadg moments | head -1`) ends the program quietly.
enum Output {
    static func out(_ text: String) { write(1, text) }
    static func err(_ text: String) { write(2, text) }

    private static func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(0) }
                return
            }
            offset += n
        }
    }
}
