/// `/stats`: totals, days, favourites, the last four weeks, the most common kinds (no streaks).
struct StatsCommand: ShellCommand {
    static let spec = CommandSpec("stats", takesArguments: false)
    static let weeks = 4

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        context.reading {
            let today = context.today
            let from = LocalDay(number: today.number - today.weekday - 7 * (Self.weeks - 1))
            let totals = try context.store.totals(recentFrom: from)
            let lines = StatsView.render(
                totals, today: today, weeks: Self.weeks, copy: context.copy, moods: context.resources.moods,
                width: context.width)
            return ShellReply(lines: lines, events: [.stats(totals)])
        }
    }
}
