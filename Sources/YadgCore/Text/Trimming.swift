extension StringProtocol {
    /// The text without Unicode white space (newlines included) at either end: what
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives, without bridging to NSString, which
    /// every piped line would otherwise pay for.
    public var trimmedWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
