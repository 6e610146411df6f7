#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where matches overlap, keeps the one covering more tokens ("yesterday evening" over
/// "yesterday"); on a tie, the earlier one.
struct OverlapRemovalRefiner: TimeMatchRefiner {
    func refine(_ matches: [TimeMatch], tokens: [TimeToken], context: TimeContext) -> [TimeMatch] {
        guard matches.count > 1 else { return matches }
        let ranked = matches.sorted {
            ($0.tokens.count, -$0.tokens.lowerBound) > ($1.tokens.count, -$1.tokens.lowerBound)
        }
        var kept: [TimeMatch] = []
        for match in ranked where !kept.contains(where: { $0.tokens.overlaps(match.tokens) }) {
            kept.append(match)
        }
        return kept.sorted { $0.tokens.lowerBound < $1.tokens.lowerBound }
    }
}
