#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `/moments [today|yesterday|week|all|favs|DATE]`: moments newest first, by day, with their
/// numbers. A date is any day the time parser reads (`nov 3`, `2026-11-03`, `last friday`), or a
/// longer period it reads (`last week`, `last month`, `in october`).
struct MomentsCommand: ShellCommand {
    static let spec = CommandSpec(
        "moments", takesArguments: true,
        completion: ArgumentCompletion(words: ["today", "yesterday", "week", "all", "favs"]))

    let range: String

    init(_ arguments: CommandArguments) { range = arguments.text.lowercased() }

    func run(in context: inout CommandContext) -> ShellReply { Self.show(range, in: context) }

    /// Shared with `/today`.
    static func show(_ range: String, in context: CommandContext) -> ShellReply {
        let copy = context.copy
        return context.reading {
            let today = context.today
            var start: Date?
            var end: Date?
            var limit = 50
            switch range {
            case "today": start = context.startOfDay(today)
            case "yesterday":
                start = context.startOfDay(LocalDay(number: today.number - 1))
                end = context.startOfDay(today)
            case "week": start = context.startOfDay(LocalDay(number: today.number - today.weekday))
            case "all": limit = 200
            case "favs", "favorites", "favourites", "fav":
                return try favourites(in: context)
            case "": break
            default:
                guard let period = period(named: range, in: context) else {
                    return .failed(copy[MomentsCopy.self].unknownRange, usage: true)
                }
                (start, end) = (period.start, period.end)
                limit = 200
            }
            let moments = try context.store.moments(happenedFrom: start, before: end, limit: limit)
            var lines = MomentsByDayView.render(
                moments, now: context.clock.now(), zone: context.zone, copy: copy, extras: context.extrasShown,
                width: context.width,
                marksUnsynced: context.syncs)
            if moments.isEmpty && !range.isEmpty, lines.count > 2 {
                lines = [lines[0], StyledLine(""), StyledLine(copy[MomentsCopy.self].nothingInRange)]
            }
            if range == "all", moments.count == limit, let total = try? context.store.totals(recentFrom: nil).moments,
                total > limit
            {
                lines.append(StyledLine(""))
                lines.append(
                    StyledLine(
                        Copy.fill(
                            copy[MomentsCopy.self].showingNewest, ["shown": String(limit), "total": String(total)]),
                        .dim))
            }
            return ShellReply(lines: lines, events: [.moments(moments)])
        }
    }

    /// The days the time parser reads in the words, and nothing else with them: one day (`nov 3`,
    /// `2026-11-03`, `last friday`), or each day of a longer period (`last week`, `last month`,
    /// `in october`, `last weekend`), whole days from the first to the last.
    static func period(named words: String, in context: CommandContext) -> (start: Date, end: Date)? {
        let parsed = context.parser.parse(words, now: context.clock.now(), timeZone: context.zone)
        guard parsed.timeExpression != nil, parsed.text.isEmpty, parsed.kind != .future else { return nil }
        let zone = context.zone
        // A part of a day (`last night`) shows its day; a week or a month, each of its days.
        let window = parsed.window.flatMap { $0.duration > 36 * 3600 ? $0 : nil }
        let first = TimeWords.dayNumber(window?.start ?? parsed.happenedAt, zone)
        let last = window.map { TimeWords.dayNumber($0.end.addingTimeInterval(-1), zone) } ?? first
        return (
            context.startOfDay(LocalDay(number: first)), context.startOfDay(LocalDay(number: max(first, last) + 1))
        )
    }

    /// `/moments favs`: every favourite, newest first, by day; kindly empty.
    static func favourites(in context: CommandContext) throws -> ShellReply {
        let copy = context.copy
        let favourites = try context.store.favoriteMoments(limit: 200)
        guard !favourites.isEmpty else {
            return ShellReply(
                lines: [StyledLine(copy[MomentsCopy.self].noFavourites, .secondary)], events: [.moments([])])
        }
        var lines = MomentsByDayView.render(
            favourites, now: context.clock.now(), zone: context.zone, copy: copy, extras: context.extrasShown,
            width: context.width, marksUnsynced: context.syncs)
        if !lines.isEmpty { lines[0] = StyledLine(copy[MomentsCopy.self].favouritesTitle, .title) }
        return ShellReply(lines: lines, events: [.moments(favourites)])
    }
}
