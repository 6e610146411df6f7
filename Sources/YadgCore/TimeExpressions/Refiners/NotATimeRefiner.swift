import Foundation

/// Drops matches that name the time of something else: a plan or a deadline ("for tomorrow",
/// "due on the 1st"), or a span ("since last week").
struct NotATimeRefiner: TimeMatchRefiner {
    static let otherEventWords: Set<String> = ["for", "due", "since", "expires", "starts", "until", "till"]

    func refine(_ matches: [TimeMatch], tokens: [TimeToken], context: TimeContext) -> [TimeMatch] {
        matches.filter { match in
            var before = match.tokens.lowerBound - 1
            while let w = tokens.word(before), ["on", "the", "at", "around", "about"].contains(w) { before -= 1 }
            return !(tokens.word(before).map(Self.otherEventWords.contains) ?? false)
        }
    }
}
