/// `/journey`: seven days with moments at a time, newest first, each with a summary;
/// `/journey more` continues where the last page ended.
struct JourneyCommand: ShellCommand {
    static let spec = CommandSpec("journey", takesArguments: true)
    /// Days with moments on one page.
    static let pageSize = 7

    let more: Bool

    init(_ arguments: CommandArguments) { more = arguments.text.lowercased() == "more" }

    func run(in context: inout CommandContext) -> ShellReply {
        let page = JourneyPage(before: more ? context.state.journeyCursor : nil, isFirst: !more)
        let reply = Self.render(page, in: context)
        if case .journey(let days)? = reply.events.first, let last = days.last {
            context.state.journeyCursor = last.day
        }
        return reply
    }

    /// Renders one page from the store and the summary cache. Days whose summary is missing or
    /// stale show the offline line and are asked for as an effect; the page is a value the
    /// application renders again once they are written.
    static func render(_ page: JourneyPage, in context: CommandContext) -> ShellReply {
        let copy = context.copy
        let crisis = context.resources.crisis
        return context.reading {
            let store = context.store
            let days = try store.days(before: page.before, limit: pageSize + 1)
            let shown = Array(days.prefix(pageSize))
            var byDay: [LocalDay: [Moment]] = [:]
            // Moments stored before the flag existed (or before the phrase set grew) are checked again.
            for m in try store.moments(onDays: shown) { byDay[m.localDay, default: []].append(crisis.flagged(m)) }
            var entries: [JourneyView.Day] = []
            var stale: [JourneyView.Day] = []
            for day in shown {
                let dayMoments = byDay[day] ?? []
                let fingerprint = DayDigest.fingerprint(dayMoments)
                let heavy = JourneyView.Day(day: day, moments: dayMoments, summary: copy[JourneyCopy.self].heavyDay)
                if heavy.isHeavy {
                    entries.append(heavy)
                } else if let cached = (try? store.daySummary(for: day)) ?? nil, cached.fingerprint == fingerprint {
                    entries.append(JourneyView.Day(day: day, moments: dayMoments, summary: cached.text))
                } else {
                    let entry = JourneyView.Day(
                        day: day, moments: dayMoments, summary: DayDigest.offlineSummary(for: dayMoments, copy: copy))
                    entries.append(entry)
                    if !dayMoments.isEmpty { stale.append(entry) }
                }
            }
            let lines = JourneyView.render(
                entries, copy: copy, moods: context.resources.moods, width: context.width, firstPage: page.isFirst,
                hasMore: days.count > pageSize)
            return ShellReply(
                lines: lines, events: [.journey(entries)],
                effects: stale.isEmpty ? [] : [.writeSummaries(stale, page: page)])
        }
    }
}
