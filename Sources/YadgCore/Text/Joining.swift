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

extension Collection where Element == String {
    /// The same, with room for the whole text made once: appending grew the string a few times
    /// for each text (the recent praise lines are joined for every moment logged).
    @inlinable public func joinedText(separator: String) -> String {
        guard let head = first else { return "" }
        var out = head
        out.reserveCapacity(reduce(0) { $0 + $1.utf8.count } + separator.utf8.count * (count - 1))
        for text in dropFirst() {
            out += separator
            out += text
        }
        return out
    }
}
