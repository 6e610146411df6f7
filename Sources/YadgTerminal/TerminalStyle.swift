import YadgCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns styled lines into terminal text: colour on colour terminals, plain text elsewhere.
/// Every line is sanitised first, because lines carry stored and remote text.
public struct TerminalStyle: Sendable {
    public enum ColorMode: Sendable, Equatable {
        case none
        case ansi256
        case trueColor
    }

    public let colorMode: ColorMode

    public init(colorMode: ColorMode) { self.colorMode = colorMode }

    /// Colour only on a terminal, never with `NO_COLOR` set or `TERM=dumb`; 24-bit colour where
    /// `COLORTERM` says the terminal has it, else the 256-colour palette.
    public static func detect(isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
        guard isTerminal, environment["NO_COLOR"] == nil, environment["TERM"] != "dumb" else {
            return TerminalStyle(colorMode: .none)
        }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        return TerminalStyle(colorMode: colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .ansi256)
    }

    public var usesColor: Bool { colorMode != .none }

    /// The escape sequence that starts `style` (empty without colour).
    public func start(_ style: TextStyle) -> String {
        guard colorMode != .none else { return "" }
        let true24 = colorMode == .trueColor
        switch style {
        case .plain: return ""
        case .title: return true24 ? "\u{1B}[1;38;2;255;184;76m" : "\u{1B}[1;38;5;215m"  // amber #FFB84C
        case .primary: return true24 ? "\u{1B}[38;2;255;184;76m" : "\u{1B}[38;5;215m"
        case .secondary: return true24 ? "\u{1B}[38;2;168;139;250m" : "\u{1B}[38;5;141m"  // lavender #A88BFA
        case .dim: return "\u{1B}[2m"
        }
    }

    public var reset: String { colorMode == .none ? "" : "\u{1B}[0m" }

    /// One line, sanitised and coloured, without a newline.
    public func render(_ line: StyledLine) -> String {
        let text = TerminalSanitizer.clean(line.text)
        if colorMode != .none, let emphasis = line.emphasis.map(TerminalSanitizer.clean),
            let range = text.firstRange(of: emphasis)
        {
            let base = start(line.style)
            let rest = text[range.upperBound...]
            return base + text[..<range.lowerBound] + start(.title) + emphasis + reset
                + (rest.isEmpty || base.isEmpty ? String(rest) : base + rest + reset)
        }
        let start = start(line.style)
        return start.isEmpty || text.isEmpty ? text : start + text + reset
    }

    /// Lines joined with newlines, ending with one.
    public func render(_ lines: [StyledLine]) -> String {
        var out: [UInt8] = []
        render(lines, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The same, added to `out` as bytes: a pipe writes a whole batch's cards in one string, with
    /// no string made per line or per card.
    public func render(_ lines: [StyledLine], into out: inout [UInt8]) {
        for line in lines {
            out.append(contentsOf: render(line).utf8)
            out.append(UInt8(ascii: "\n"))
        }
    }
}
