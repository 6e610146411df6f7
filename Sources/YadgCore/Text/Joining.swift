extension Collection where Element == String {
    /// The texts with `separator` between them, like `joined(separator:)`.
    ///
    /// The standard library's `joined(separator:)` is not specialised for the caller: its first
    /// use in a run looks up protocol witnesses at run time, which cost more than the rest of
    /// parsing a one-shot command's words. This one is compiled for each caller (inlinable, so
    /// callers in other modules get their own copy too), and writes straight into a string of the
    /// whole length: appending piece by piece cost a few hundred instructions a piece (the recent
    /// praise lines are joined for every moment logged).
    @inlinable public func joinedText(separator: String) -> String {
        guard !isEmpty else { return "" }
        var separator = separator
        let length = reduce(0) { $0 + $1.utf8.count } + separator.utf8.count * (count - 1)
        return separator.withUTF8 { separator in
            String(unsafeUninitializedCapacity: length) { out in
                var written = 0
                var first = true
                for var text in self {
                    if !first {
                        written += UnsafeMutableBufferPointer(rebasing: out[written...]).initialize(
                            fromContentsOf: separator)
                    }
                    first = false
                    written += text.withUTF8 {
                        UnsafeMutableBufferPointer(rebasing: out[written...]).initialize(fromContentsOf: $0)
                    }
                }
                return written
            }
        }
    }
}
