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

/// Where the conversation's lines come from.
///
/// `readLine` returns nil at end of input (Ctrl-D on an empty line, or the end of a pipe). Ctrl-C
/// is handled inside the reader: it abandons the line being typed and keeps reading.
public protocol LineReader: AnyObject {
    /// Reads one line; `prefill` is put in the line as editable text (terminal readers only).
    func readLine(prefill: String?) -> String?
}

/// A reader the conversation can also print through (between reads).
public protocol ConversationReader: LineReader {
    func write(_ text: String)
}

/// The conversation on a terminal that cannot be drawn on (`TERM=dumb`, Emacs shells, some
/// serial consoles): a plain prompt, the terminal's own line editing, no escape sequences. Praise
/// that arrived while the person was typing is printed before the next prompt.
public final class DumbTerminalReader: ConversationReader {
    let prompt: String
    let outbox: LinesForTheEditor

    public init(prompt: String, outbox: LinesForTheEditor) {
        self.prompt = prompt
        self.outbox = outbox
    }

    public func readLine(prefill: String?) -> String? {
        write(outbox.takeAll().joined() + prompt)
        guard let line = Swift.readLine(strippingNewline: true) else {
            write("\n")
            return nil
        }
        return line
    }

    public func write(_ text: String) {
        fputs(text, yadg_stdout())
        fflush(yadg_stdout())
    }
}

/// Lines in batches: those already waiting, so a pipe can handle them together (one commit).
public protocol LineBatches: AnyObject {
    /// At least one line (blocking until it arrives), at most `limit`; nil at the end of input.
    func nextLines(limit: Int) -> [String]?
    /// Whether ``nextLines(limit:)`` would return without waiting for input: a whole line is
    /// read already (or can be read at once), or the input has ended.
    var hasWaitingLine: Bool { get }
}

/// Reads lines from standard input in large reads, and says which lines are already waiting, so a
/// pipe can handle those together (one commit) while a slow producer still gets each line at once.
public final class WaitingLinesReader: LineBatches {
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    private var start = 0
    private var ended = false
    private let fd: Int32

    public init(fd: Int32 = 0) { self.fd = fd }

    /// The lines already read, at least one (blocking until it arrives), at most `limit`; nil at the
    /// end of input. Lines end at "\n" (a "\r" before it is dropped, as `readLine` does); a line
    /// that is not UTF-8 text is marked so (``PipedLine``).
    public func nextLines(limit: Int) -> [String]? {
        while !ended && buffer[start...].firstIndex(of: 10) == nil { fill() }
        var lines: [String] = []
        while lines.count < limit, let newline = buffer[start...].firstIndex(of: 10) {
            var end = newline
            if end > start && buffer[end - 1] == 13 { end -= 1 }
            lines.append(PipedLine.decode(buffer[start..<end]))
            start = newline + 1
        }
        if lines.isEmpty && ended && start < buffer.count {
            lines.append(PipedLine.decode(buffer[start...]))
            start = buffer.count
        }
        if start > 65_536 {
            buffer.removeFirst(start)
            start = 0
        }
        return lines.isEmpty ? nil : lines
    }

    public var hasWaitingLine: Bool {
        if ended || buffer[start...].contains(10) { return true }
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 0) > 0 else { return false }
        fill()
        return ended || buffer[start...].contains(10)
    }

    private func fill() {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n > 0 {
            buffer.append(contentsOf: chunk[0..<n])
        } else if n == 0 || errno != EINTR {
            ended = true
        }
    }
}
