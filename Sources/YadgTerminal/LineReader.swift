import CLibEdit
import Foundation

/// Where the conversation's lines come from.
///
/// `readLine` returns nil at end of input (Ctrl-D on an empty line, or the end of a pipe). Ctrl-C
/// is handled inside the reader: it abandons the line being typed and keeps reading.
public protocol LineReader: AnyObject {
    /// Reads one line; `prefill` is put in the line as editable text (terminal readers only).
    func readLine(prefill: String?) -> String?
}

/// Reads plain lines from standard input, for pipes, files and tests. No prompt, no editing.
public final class PlainLineReader: LineReader {
    public init() {}

    public func readLine(prefill: String?) -> String? {
        Swift.readLine(strippingNewline: true)
    }
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
    let outbox: Outbox

    public init(prompt: String, outbox: Outbox) {
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
