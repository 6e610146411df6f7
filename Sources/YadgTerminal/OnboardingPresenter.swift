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

/// Shows the first-run walkthrough on a terminal: the intro lines revealed one after another with
/// a short fade from dim to normal (any key skips the animation), then the action, which waits for
/// Enter, and the footer. Returns false if input ended before the person pressed Enter.
///
/// Someone who starts typing their first moment during the walkthrough keeps what they typed: it
/// comes back as the editable first line (``typedAhead``). A single key only skips the animation.
public struct OnboardingPresenter {
    let style: TerminalStyle
    let copy: Copy
    /// Pause between intro lines.
    var lineDelayMs: Int32 = 900
    /// How long a line stays dim before it settles.
    var fadeDelayMs: Int32 = 180

    public init(style: TerminalStyle, copy: Copy) {
        self.style = style
        self.copy = copy
    }

    /// Text typed during the walkthrough (two or more printable characters), for the first line.
    public var typedAhead: String {
        let text = String(decoding: typed.bytes, as: UTF8.self).trimmedWhitespace
        return text.count >= 2 ? text : ""
    }
    private let typed = TypedBytes()

    public func present() -> Bool {
        let terminal = RawInput(keeping: typed)
        defer { terminal.restore() }
        var skipping = false
        if style.usesColor { emit(style.start(.dim) + "   ·     ✦        ˚      ·    ✦      ˚" + style.reset + "\n\n") }
        let width = Int(yadg_terminal_columns(1))
        for line in copy[OnboardingCopy.self].lines.flatMap({ TextWidth.wrap($0, width: width) }) {
            if !skipping && style.usesColor {
                emit(style.start(.dim) + line + style.reset)
                skipping = terminal.keyPressed(within: fadeDelayMs)
                emit("\r\u{1B}[K")
            }
            emit(style.render(StyledLine(line, .plain)) + "\n")
            if !skipping { skipping = terminal.keyPressed(within: lineDelayMs) }
        }
        emit(
            "\n" + style.render(StyledLine(copy[OnboardingCopy.self].action, .primary)) + " "
                + style.render(StyledLine(copy[OnboardingCopy.self].actionHint, .dim)))
        // The footer shows with the action, not after it: the legal links are read before agreeing.
        let footer = [StyledLine(copy[OnboardingCopy.self].footer, .dim)].wrapped(to: Int(yadg_terminal_columns(1)))
        emit("\n\n" + style.render(footer))
        let pressedEnter = terminal.waitForEnter()
        emit("\n\n")
        return pressedEnter
    }

    /// Asks a yes/no question; one key answers (y or n; Enter means no).
    public func askYesNo(_ question: String) -> Bool {
        let terminal = RawInput()
        defer { terminal.restore() }
        let lines = TextWidth.wrap(question, width: Int(yadg_terminal_columns(1)))
        emit(lines.map { style.render(StyledLine($0, .primary)) }.joined(separator: "\n") + " ")
        let answer = terminal.readKey()
        emit("\n")
        return answer == UInt8(ascii: "y") || answer == UInt8(ascii: "Y")
    }

    private func emit(_ text: String) {
        fputs(text, yadg_stdout())
        fflush(yadg_stdout())
    }
}

/// The printable bytes typed while yadg was not reading a line (Backspace removes the last).
final class TypedBytes {
    var bytes: [UInt8] = []

    func record(_ byte: UInt8) {
        switch byte {
        case 0x7F, 0x08:
            // Drop a whole UTF-8 character: continuation bytes, then its first byte.
            while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
        case 0x20..<0x7F, 0x80...: bytes.append(byte)
        default: break
        }
    }
}

/// Standard input without line buffering or echo, for "any key" and "press Enter".
final class RawInput {
    private var original = termios()
    private let active: Bool
    private let typed: TypedBytes?

    init(keeping typed: TypedBytes? = nil) {
        self.typed = typed
        active = tcgetattr(0, &original) == 0
        guard active else { return }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(0, TCSANOW, &raw)
    }

    func restore() {
        if active { tcsetattr(0, TCSANOW, &original) }
    }

    /// True when a key arrived within `milliseconds`. Only that key is consumed, so an Enter typed
    /// right after it still reaches the next question.
    func keyPressed(within milliseconds: Int32) -> Bool {
        var fd = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&fd, 1, milliseconds) > 0 else { return false }
        var byte: UInt8 = 0
        if read(0, &byte, 1) == 1 { typed?.record(byte) }
        return true
    }

    /// The next key pressed, or nil when input ends.
    func readKey() -> UInt8? {
        var byte: UInt8 = 0
        return read(0, &byte, 1) == 1 ? byte : nil
    }

    /// Waits for Enter; false when input ends (Ctrl-D on a terminal, or a closed stream).
    func waitForEnter() -> Bool {
        var byte: UInt8 = 0
        while read(0, &byte, 1) == 1 {
            if byte == 10 || byte == 13 { return true }
            if byte == 4 { return false }
            typed?.record(byte)
        }
        return false
    }

}

/// The first-run walkthrough and the one-time question about a detected AI provider.
public struct OnboardingCopy: CopySection {
    public static let key = "onboarding"
    public let lines: [String]
    public let action: String
    public let actionHint: String
    public let footer: String
    public let consentQuestion: String
    public let consentYes: String
    public let consentNo: String
    /// The first run's offer of a model server found on this machine.
    public let localModelQuestion: String
    public let localModelYes: String

    public init(_ words: CopyWords) throws {
        lines = try words.list("lines")
        action = try words.text("action")
        actionHint = try words.text("actionHint")
        footer = try words.text("footer")
        consentQuestion = try words.text("consentQuestion")
        consentYes = try words.text("consentYes")
        consentNo = try words.text("consentNo")
        localModelQuestion = try words.text("localModelQuestion")
        localModelYes = try words.text("localModelYes")
    }
}
