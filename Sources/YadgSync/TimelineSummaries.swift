import YadgCore
import YadgHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Journey summaries from the backend's `GET /timeline`: the days the server has summarised, looked
/// up by date. The timeline is read once per run (newest first, a few pages); a day the server
/// has no summary for keeps the local cache or the offline line.
public actor TimelineSummaries: DaySummaryWriter {
    let client: BackendClient
    private var byDay: [LocalDay: String]?
    private var planLimited = false

    public init(client: BackendClient) {
        self.client = client
    }

    public func summary(for request: DaySummaryRequest) async throws -> String {
        // The backend writes days only: a week keeps its offline line, and nothing is fetched for it.
        guard request.period == .day else { throw PraiseProviderError.invalidReply }
        if byDay == nil { (byDay, planLimited) = await client.timeline() }
        if planLimited { throw PraiseProviderError.quotaExhausted }
        guard let date = request.date, let text = byDay?[date] else { throw PraiseProviderError.invalidReply }
        return text
    }
}

extension BackendClient {
    /// Up to `pages` pages of `GET /timeline`: the summary text of each day that has one, and
    /// whether the server kept them for a paid plan.
    func timeline(pages: Int = 5) async -> (summaries: [LocalDay: String], planLimited: Bool) {
        var summaries: [LocalDay: String] = [:]
        var cursor: String?
        for _ in 0..<pages {
            let result = await page("timeline", after: cursor)
            if case .failure(.planLimit) = result { return (summaries, true) }
            guard case .success(let (rows, next)) = result else { break }
            for row in rows {
                guard let day = row["date"]?.string.flatMap({ LocalDay(String($0.prefix(10))) }),
                    let text = row["summaryText"]?.string, !text.isEmpty
                else { continue }
                summaries[day] = text
            }
            guard let next else { break }
            cursor = next
        }
        return (summaries, false)
    }
}
