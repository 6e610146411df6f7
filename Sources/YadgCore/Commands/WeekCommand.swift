/// `/week`: this week, Monday to Sunday; `/week last`, `/week 3` (weeks back), `/week of Nov 3`.
struct WeekCommand: ShellCommand {
    static let spec = CommandSpec(
        "week", takesArguments: true, completion: ArgumentCompletion(words: ["last", "of"]))

    let which: String

    init(_ arguments: CommandArguments) { which = arguments.text.trimmedWhitespace }

    func run(in context: inout CommandContext) -> ShellReply {
        guard let monday = Self.monday(named: which, in: context) else {
            return .failed(Copy.fill(context.copy[WeekCopy.self].unknownWeek, ["week": which]), usage: true)
        }
        return Self.render(monday: monday, in: context)
    }

    /// The Monday of the week the words name, or nil when they name none.
    static func monday(named words: String, in context: CommandContext) -> LocalDay? {
        let thisWeek = WeekView.monday(of: context.today)
        let lowered = words.lowercased()
        switch lowered {
        case "", "this", "this week": return thisWeek
        case "last", "last week": return LocalDay(number: thisWeek.number - 7)
        default: break
        }
        if let back = Int(lowered), (0...5200).contains(back) { return LocalDay(number: thisWeek.number - 7 * back) }
        // Any day the time parser reads (`of Nov 3`, `of 2026-11-03`, `of last friday`).
        let phrase = lowered.hasPrefix("of ") ? String(words.dropFirst(3)) : words
        let parsed = context.parser.parse(phrase, now: context.clock.now(), timeZone: context.zone)
        guard parsed.timeExpression != nil, parsed.text.isEmpty else { return nil }
        return WeekView.monday(of: LocalDay(number: TimeWords.dayNumber(parsed.happenedAt, context.zone)))
    }

    /// The week from the store and the summary cache; a summary missing or stale shows the
    /// offline line and is asked for as an effect.
    static func render(monday: LocalDay, in context: CommandContext) -> ShellReply {
        let crisis = context.resources.crisis
        return context.reading {
            let days = (0..<7).map { LocalDay(number: monday.number + $0) }
            let moments = try context.store.moments(onDays: days).map { crisis.flagged($0) }
            let target = SummaryTarget(.week, start: monday, moments: moments)
            let cached = target.isHeavy ? nil : target.cached(in: context.store)
            let summary = cached ?? WeekView.offlineSummary(for: moments, copy: context.copy)
            let week = WeekView.Week(monday: monday, moments: moments, summary: summary)
            let weeksBack = (WeekView.monday(of: context.today).number - monday.number) / 7
            let lines = WeekView.render(
                week, weeksBack: weeksBack, copy: context.copy, moods: context.resources.moods, width: context.width)
            let stale = cached == nil && !target.isHeavy && !moments.isEmpty
            return ShellReply(
                lines: lines, events: [.week(week)],
                effects: stale ? [.writeSummaries([target], then: .week(monday: monday))] : [])
        }
    }
}
