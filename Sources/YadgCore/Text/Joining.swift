extension Sequence where Element == String {
    /// The texts with `separator` between them, like `joined(separator:)`.
    ///
    /// The standard library's `joined(separator:)` is not specialised for the caller: its first
    /// use in a run looks up protocol witnesses at run time, which cost more than the rest of
    /// parsing a one-shot command's words. This one is compiled for each caller (inlinable, so
    /// callers in other modules get their own copy too).
    @inlinable public func joinedText(separator: String) -> String {
        var out = ""
        var first = true
        for text in self {
            if !first { out += separator }
            out += text
            first = false
        }
        return out
    }
}
