import YadgCore

/// The one place a message for standard error is made, in every mode and in the executable: the
/// `yadg: ` before it, the `line N: ` a pipe adds, untrusted text cleaned (``TerminalSanitizer``)
/// and the newline after it. Callers hand the result to ``OutputSink/err(_:)`` as it is.
public enum StderrMessages {
    /// A failure or warning in yadg's own words: `yadg: ` and the message, cleaned, on one line.
    public static func failure(_ message: String) -> String {
        "yadg: " + TerminalSanitizer.clean(message) + "\n"
    }

    /// A pipe's line that was not logged: `yadg: line 3: ` and the message, cleaned.
    public static func failure(_ message: String, line: Int) -> String {
        failure("line \(line): " + message)
    }

    /// A message the copy words whole, `yadg: ` included (the copy's `unknownOption`,
    /// `unavailable`, `resourceOverrideBroken`…): cleaned, on one line.
    public static func said(_ copyText: String) -> String {
        TerminalSanitizer.clean(copyText) + "\n"
    }

    /// `YADG_AI_DEBUG`'s line for a verdict, already cleaned where it quotes (`yadg ai: …`).
    public static func debug(_ line: String) -> String { line + "\n" }

    /// A pipe's progress on a terminal, written over the last one: `\r`, clear the line, the text.
    public static func progress(_ text: String) -> String { "\r\u{1B}[K" + TerminalSanitizer.clean(text) }

    /// Clears the progress line when the wait is over.
    public static let progressCleared = "\r\u{1B}[K"
}
