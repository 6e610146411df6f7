/// `/onthisday`: this calendar day a month, six months and every year ago.
struct OnThisDayCommand: ShellCommand {
    static let spec = CommandSpec("onthisday", takesArguments: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        let today = context.today
        return context.reading {
            let groups = try Self.groups(today: today, in: context)
            let lines = OnThisDay.render(groups, today: today, copy: context.copy, width: context.width)
            return ShellReply(lines: lines, events: [.onThisDay(today: today, groups)])
        }
    }

    /// The first few moments of every day looked at (each found through the day index) and the
    /// days' counts.
    static func groups(today: LocalDay, in context: CommandContext) throws -> [OnThisDay.Group] {
        let crisis = context.resources.crisis
        let (moments, counts) = try context.store.moments(
            onDays: OnThisDay.days(before: today).map(\.1), firstOfEach: OnThisDay.bulletsPerDay)
        return OnThisDay.groups(moments.map { crisis.flagged($0) }, counts: counts, today: today)
    }
}
