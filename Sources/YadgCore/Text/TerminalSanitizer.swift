/// Makes untrusted text (stored moments, server and model replies) safe to print on a terminal.
///
/// Removes whole escape sequences (CSI, OSC, DCS, SOS, PM, APC and two-byte ESC sequences), C0
/// controls except newline and tab, DEL, C1 controls (U+0080–U+009F, including 8-bit CSI/OSC) and
/// bidi embedding/override/isolate controls (Trojan Source). Stateful, so a sequence split across
/// streamed chunks is still removed: feed every chunk of one stream to the same instance.
/// (<doc:UntrustedText>)
public struct TerminalSanitizer: Sendable {
    private enum State { case text, esc, csi, string, stringEsc }
    private var state = State.text

    public init() {}

    /// Sanitises one piece of text on its own.
    public static func clean(_ text: String) -> String {
        var sanitizer = TerminalSanitizer()
        return sanitizer.feed(text)
    }

    /// True when the text holds no control (C0, DEL, C1, ESC) and no bidi control, read in its
    /// UTF-8 bytes: printable ASCII, newlines, tabs and any other character. A card's `·` or a
    /// name's `é` no longer sends the line scalar by scalar through the state machine.
    static func hasNothingToRemove(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(hasNothingToRemove)
    }

    private static func hasNothingToRemove(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in bytes {
            if byte < 0x80 {
                guard (byte >= 0x20 && byte < 0x7F) || byte == 0x0A || byte == 0x09 else { return false }
            } else if previous == 0xC2 && byte <= 0x9F {
                return false  // U+0080–U+009F (C1), 0xC2 0x80–0x9F
            } else if beforePrevious == 0xE2
                && ((previous == 0x80 && (0xAA...0xAE).contains(byte))
                    || (previous == 0x81 && (0xA6...0xA9).contains(byte)))
            {
                return false  // U+202A–U+202E, U+2066–U+2069 (bidi controls)
            }
            beforePrevious = previous
            previous = byte
        }
        return true
    }

    public mutating func feed(_ chunk: String) -> String {
        // Text with nothing to remove is handed back as it is: every card line passes through here.
        if state == .text, Self.hasNothingToRemove(chunk) { return chunk }
        return run(chunk)
    }

    /// The text through the state machine alone, without the shortcut (for the tests that hold
    /// the shortcut to it).
    static func slowClean(_ text: String) -> String {
        var sanitizer = TerminalSanitizer()
        return sanitizer.run(text)
    }

    private mutating func run(_ chunk: String) -> String {
        var out = String.UnicodeScalarView()
        for u in chunk.unicodeScalars {
            let v = u.value
            switch state {
            case .text:
                if v == 0x1B {
                    state = .esc
                } else if v == 0x9B {
                    state = .csi  // 8-bit CSI
                } else if v == 0x9D || v == 0x90 || v == 0x98 || v == 0x9E || v == 0x9F {
                    state = .string  // 8-bit OSC, DCS, SOS, PM, APC
                } else if v == 0x0A || v == 0x09 {
                    out.append(u)
                } else if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) {
                    // C0, DEL, C1: dropped
                } else if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
                    // bidi controls: dropped
                } else {
                    out.append(u)
                }
            case .esc:
                switch v {
                case 0x5B: state = .csi
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .string
                default: state = .text  // two-byte ESC sequence
                }
            case .csi:
                if (0x40...0x7E).contains(v) || !(0x20...0x3F).contains(v) { state = .text }
            case .string:
                if v == 0x07 || v == 0x9C {
                    state = .text
                } else if v == 0x1B {
                    state = .stringEsc
                }
            case .stringEsc:
                state = v == 0x5C ? .text : .string  // ESC \ is ST
            }
        }
        return String(out)
    }
}
