/// `/find words`: moments containing every word, newest first. A `#word` finds the moments
/// with that tag or mood (`/find #proud`, `/find walk #outside`).
struct FindCommand: ShellCommand {
    static let spec = CommandSpec(
        "find", aliases: ["search"], takesArguments: true, crisisWords: .runsAsTyped,
        completion: ArgumentCompletion(sources: [.tags, .moods(hashed: true)]))

    let arguments: CommandArguments

    init(_ arguments: CommandArguments) { self.arguments = arguments }

    func run(in context: inout CommandContext) -> ShellReply {
        let copy = context.copy
        let words = arguments.text
        return context.reading {
            guard !arguments.words.isEmpty else {
                return ShellReply(lines: [StyledLine(copy[FindCopy.self].needsWords)])
            }
            let tags = arguments.words.compactMap { Hashtags.tagWord(Substring($0)) }
            let plain = arguments.words.filter { Hashtags.tagWord(Substring($0)) == nil }
            let moments = try context.store.moments(containing: plain, tagged: tags, limit: 50)
            guard !moments.isEmpty else {
                return ShellReply(
                    lines: [StyledLine(Copy.fill(copy[FindCopy.self].nothing, ["words": words]))],
                    events: [.moments([])])
            }
            var lines = MomentsByDayView.render(
                moments, now: context.clock.now(), zone: context.zone, copy: copy, extras: context.extrasShown,
                width: context.width,
                marksUnsynced: context.syncs)
            lines[0] = StyledLine(Copy.fill(copy[FindCopy.self].title, ["words": words]), .title)
            return ShellReply(lines: lines, events: [.moments(moments)])
        }
    }
}

/// `/find`.
public struct FindCopy: CopySection {
    public static let key = "find"
    public let needsWords: String
    public let nothing: String
    public let title: String

    public init(_ words: CopyWords) throws {
        needsWords = try words.text("needsWords")
        nothing = try words.text("nothing")
        title = try words.text("title")
    }
}
