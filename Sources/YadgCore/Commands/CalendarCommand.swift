/// `/calendar [month]`: a month's grid with the days that have moments marked.
struct CalendarCommand: ShellCommand {
    static let spec = CommandSpec(
        "calendar", takesArguments: true,
        completion: ArgumentCompletion(
            words: ["last", "next"], sources: [.months], after: ["last": ["month"], "next": ["month"]]))

    let month: String

    init(_ arguments: CommandArguments) { month = arguments.text }

    func run(in context: inout CommandContext) -> ShellReply {
        let copy = context.copy
        return context.reading {
            let today = context.today
            guard let (year, month) = CalendarView.month(self.month, today: today) else {
                return .failed(Copy.fill(copy[CalendarCopy.self].unknownMonth, ["month": self.month]))
            }
            let first = LocalDay(number: CivilTime.daysFromCivil(year: year, month: month, day: 1))
            let last = LocalDay(number: first.number + AmountOfTime.daysIn(month: month, year: year) - 1)
            let marked = Set(try context.store.days(from: first, to: last).map(\.number))
            let lines = CalendarView.render(year: year, month: month, marked: marked, today: today, copy: copy)
            return context.shown(lines, by: Self.spec.name)
        }
    }
}
