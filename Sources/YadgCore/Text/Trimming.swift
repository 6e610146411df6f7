extension String {
    /// The text without Unicode white space (newlines included) at either end: what
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives, without bridging to NSString, which
    /// every piped line would otherwise pay for.
    public var trimmedWhitespace: String {
        // Most lines start and end with a printable ASCII character: nothing to look up.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}

extension Substring {
    /// The same for a part of a text (a line of a config file, the words after a command).
    public var trimmedWhitespace: String { String(self).trimmedWhitespace }
}
