/// `/journey`: seven days with moments at a time, newest first, each with a summary;
/// `/journey weeks`: five weeks at a time, each with its summary; `/journey more` continues
/// whichever was shown last, where its last page ended.
struct JourneyCommand: ShellCommand {
    static let spec = CommandSpec(
        "journey", takesArguments: true, completion: ArgumentCompletion(words: ["more", "weeks", "days"]))
    /// Days with moments on one page.
    static let pageSize = 7
    /// Weeks with moments on one page.
    static let weeksPageSize = 5

    let more: Bool
    let weeks: Bool?

    init(_ arguments: CommandArguments) {
        let words = arguments.words.map { $0.lowercased() }
        more = words.contains("more")
        weeks = words.contains("weeks") || words.contains("week") ? true : words.contains("days") ? false : nil
    }

    func run(in context: inout CommandContext) -> ShellReply {
        // `/journey more` goes on with the listing last shown; a bare `/journey` shows days.
        let byWeek = weeks ?? (more && context.state.journeyByWeek)
        let continuing = more && byWeek == context.state.journeyByWeek
        let page = JourneyPage(before: continuing ? context.state.journeyCursor : nil, isFirst: !continuing)
        let reply = byWeek ? Self.renderWeeks(page, in: context) : Self.render(page, in: context)
        context.state.journeyByWeek = byWeek
        switch reply.events.first {
        case .journey(let days)? where !days.isEmpty: context.state.journeyCursor = days.last?.day
        case .weeks(let weeks)? where !weeks.isEmpty: context.state.journeyCursor = weeks.last?.monday
        default: break
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
            var stale: [SummaryTarget] = []
            for day in shown {
                let dayMoments = byDay[day] ?? []
                let target = SummaryTarget(.day, start: day, moments: dayMoments)
                if target.isHeavy {
                    entries.append(
                        JourneyView.Day(day: day, moments: dayMoments, summary: copy[JourneyCopy.self].heavyDay))
                } else if let cached = target.cached(in: store) {
                    entries.append(JourneyView.Day(day: day, moments: dayMoments, summary: cached))
                } else {
                    let offline = DayDigest.offlineSummary(for: dayMoments, copy: copy)
                    entries.append(JourneyView.Day(day: day, moments: dayMoments, summary: offline))
                    if !dayMoments.isEmpty { stale.append(target) }
                }
            }
            let lines = JourneyView.render(
                entries, copy: copy, moods: context.resources.moods, width: context.width, firstPage: page.isFirst,
                hasMore: days.count > pageSize)
            return ShellReply(
                lines: lines, events: [.journey(entries)],
                effects: stale.isEmpty ? [] : [.writeSummaries(stale, then: .journey(page))])
        }
    }

    /// One page of weeks: the days with moments before `page.before` (a Monday), grouped by week.
    /// A week has at most seven days, so reading seven per week (and one more) finds whether an
    /// earlier week exists.
    static func renderWeeks(_ page: JourneyPage, in context: CommandContext) -> ShellReply {
        let copy = context.copy
        let crisis = context.resources.crisis
        return context.reading {
            let store = context.store
            let days = try store.days(before: page.before, limit: 7 * weeksPageSize + 1)
            var mondays: [LocalDay] = []
            for day in days where mondays.last != WeekView.monday(of: day) { mondays.append(WeekView.monday(of: day)) }
            let shownMondays = Array(mondays.prefix(weeksPageSize))
            let shownDays = days.filter { shownMondays.contains(WeekView.monday(of: $0)) }
            var byWeek: [LocalDay: [Moment]] = [:]
            for m in try store.moments(onDays: shownDays) {
                byWeek[WeekView.monday(of: m.localDay), default: []].append(crisis.flagged(m))
            }
            var weeks: [WeekView.Week] = []
            var stale: [SummaryTarget] = []
            for monday in shownMondays {
                let moments = byWeek[monday] ?? []
                let target = SummaryTarget(.week, start: monday, moments: moments)
                let cached = target.isHeavy ? nil : target.cached(in: store)
                weeks.append(
                    WeekView.Week(
                        monday: monday, moments: moments,
                        summary: cached ?? WeekView.offlineSummary(for: moments, copy: copy)))
                if cached == nil && !target.isHeavy && !moments.isEmpty { stale.append(target) }
            }
            let lines = WeekView.renderList(
                weeks, copy: copy, width: context.width, firstPage: page.isFirst,
                hasMore: mondays.count > weeksPageSize)
            return ShellReply(
                lines: lines, events: [.weeks(weeks)],
                effects: stale.isEmpty ? [] : [.writeSummaries(stale, then: .journeyWeeks(page))])
        }
    }
}
