#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `/moments [today|yesterday|week|all]`: moments newest first, by day, with their numbers.
struct MomentsCommand: ShellCommand {
    static let spec = CommandSpec(
        "moments", takesArguments: true, completion: ArgumentCompletion(words: ["today", "yesterday", "week", "all"]))

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
            case "": break
            default: return .failed(copy[MomentsCopy.self].unknownRange, usage: true)
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
}
