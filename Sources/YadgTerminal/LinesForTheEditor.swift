import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Messages for the terminal from other threads and tasks (AI praise, signals).
///
/// Only the editor thread writes to the terminal while a line is being edited. Producers post
/// text here; one byte on a self-pipe wakes the editor, which prints the text above the prompt
/// and redraws the half-typed line (<doc:Terminal>). Posting is safe from any thread.
public final class LinesForTheEditor: Sendable {
    /// What waits for the editor: lines to print above the prompt, or a line that may replace one
    /// already printed (``postReplacing(_:text:otherwise:)``).
    public enum Message: Sendable, Equatable {
        case text(String)
        /// `text` (unstyled) in place of the line placed under `key`, if it is still where it was
        /// and nothing was typed since; `otherwise` printed above the prompt as usual.
        case replacing(key: String, text: String, otherwise: String)

        /// What a reader that cannot replace lines prints.
        var printed: String {
            switch self {
            case .text(let text): text
            case .replacing(_, _, let otherwise): otherwise
            }
        }
    }

    private let queue = Mutex<[Message]>([])
    /// How many answers (AI praise) are on their way: the editor shows a quiet sign while any is.
    private let waiting = Mutex(0)
    /// Read end (polled by the editor) and write end of the wake pipe, both non-blocking.
    let readFD: Int32
    let writeFD: Int32

    /// The byte a resize writes into the pipe; any other byte means "messages waiting".
    static let resizeByte: UInt8 = 2

    public init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Queues `text` (one or more lines, already styled) and wakes the editor.
    public func post(_ text: String) {
        queue.withLock { $0.append(.text(text)) }
        wake(1)
    }

    /// Queues a line that may replace the one placed under `key` (the AI praise where the offline
    /// line was), or else is printed above as `otherwise`.
    public func postReplacing(_ key: String, text: String, otherwise: String) {
        queue.withLock { $0.append(.replacing(key: key, text: text, otherwise: otherwise)) }
        wake(1)
    }

    /// Takes every queued message as text to print.
    public func takeAll() -> [String] { takeAllMessages().map(\.printed) }

    /// Takes every queued message.
    public func takeAllMessages() -> [Message] {
        queue.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }

    /// An answer is on its way (the editor shows its sign until ``endWaiting()``).
    public func beginWaiting() {
        waiting.withLock { $0 += 1 }
        wake(Self.waitingByte)
    }

    public func endWaiting() {
        waiting.withLock { $0 = max(0, $0 - 1) }
        wake(Self.waitingByte)
    }

    public var isWaiting: Bool { waiting.withLock { $0 > 0 } }

    /// The byte that says only the waiting count changed.
    static let waitingByte: UInt8 = 3

    public var hasMessages: Bool { queue.withLock { !$0.isEmpty } }

    func wake(_ byte: UInt8) {
        var b = byte
        _ = write(writeFD, &b, 1)
    }

    /// Empties the pipe; returns true if a resize byte was among its contents.
    func drain() -> Bool {
        var resized = false
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(readFD, &buffer, buffer.count)
            if n <= 0 { break }
            if buffer[0..<n].contains(Self.resizeByte) { resized = true }
        }
        return resized
    }
}
