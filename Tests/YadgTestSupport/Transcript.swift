import Testing

/// Compares a transcript with the expected one line by line, so a failure names the first line
/// that differs instead of printing two long strings. Reported at the caller's line.
public func expectTranscript(
    _ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, (a, b)) in zip(got, want).enumerated() where a != b {
        Issue.record("line \(index + 1): got \"\(a)\", expected \"\(b)\"", sourceLocation: sourceLocation)
        return
    }
    if got.count != want.count {
        Issue.record(
            "\(got.count) lines, expected \(want.count); first extra: \"\(got.count > want.count ? got[want.count] : want[got.count])\"",
            sourceLocation: sourceLocation)
    }
}
