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
