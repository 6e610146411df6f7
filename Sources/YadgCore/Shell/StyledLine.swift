#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a line should look on a colour terminal; pipes and `NO_COLOR` print the text alone.
public enum TextStyle: Sendable, Equatable {
    case plain
    /// Headings (amber, bold).
    case title
    /// The main highlight (amber).
    case primary
    /// Praise and gentle accents (lavender).
    case secondary
    /// Secondary information (dim grey).
    case dim
}

/// One line of output with its style. The text may hold stored or user text: renderers sanitise it.
public struct StyledLine: Sendable, Equatable {
    public var text: String
    public var style: TextStyle
    /// A part of `text` drawn as a title on colour terminals (today in the calendar).
    public var emphasis: String?
    /// The moment whose AI praise may take this line's place on screen: set on a card's offline
    /// praise line (``MomentCard``), so the conversation finds that row again by the moment's id,
    /// never by comparing words (two moments may well be praised alike). Not kept by `wrapped(to:)`
    /// on a line it breaks: a line over several rows is not replaced in place.
    public var offlinePraiseOf: UUID?

    public init(_ text: String, _ style: TextStyle = .plain, emphasis: String? = nil, offlinePraiseOf: UUID? = nil) {
        self.text = text
        self.style = style
        self.emphasis = emphasis
        self.offlinePraiseOf = offlinePraiseOf
    }
}

extension [StyledLine] {
    /// The lines as plain text, one per line.
    public var plainText: String { map(\.text).joined(separator: "\n") }
}

extension Array where Element == StyledLine {
    /// Every line that is wider than `width` columns, word-wrapped; continuation lines keep the
    /// line's own indentation (and a bullet's hanging indent), so a paragraph never breaks
    /// mid-word at the right edge. Lines that fit are kept exactly, so tables and grids stay aligned.
    public func wrapped(to width: Int) -> [StyledLine] {
        flatMap { line -> [StyledLine] in
            guard TextWidth.columns(line.text) > width else { return [line] }
            let body = line.text.drop(while: { $0 == " " })
            var indent = String(repeating: " ", count: line.text.count - body.count)
            var text = String(body)
            var first = indent
            if text.hasPrefix("• ") {
                first += "• "
                indent += "  "
                text.removeFirst(2)
            }
            return TextWidth.wrap(text, width: width, firstIndent: first, indent: indent).map { piece in
                StyledLine(piece, line.style, emphasis: line.emphasis.flatMap { piece.contains($0) ? $0 : nil })
            }
        }
    }
}
