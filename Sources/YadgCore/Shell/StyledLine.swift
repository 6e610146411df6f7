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

    public init(_ text: String, _ style: TextStyle = .plain, emphasis: String? = nil) {
        self.text = text
        self.style = style
        self.emphasis = emphasis
    }
}

extension [StyledLine] {
    /// The lines as plain text, one per line.
    public var plainText: String { map(\.text).joined(separator: "\n") }
}
