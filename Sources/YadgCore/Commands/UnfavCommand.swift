/// `/unfav 12`: a favourite is an ordinary moment again.
struct UnfavCommand: ShellCommand {
    static let spec = CommandSpec("unfav", takesArguments: true, asSubcommand: false)

    let reference: String

    init(_ arguments: CommandArguments) { reference = arguments.text }

    func run(in context: inout CommandContext) -> ShellReply {
        switch context.moment(reference: reference, command: Self.spec.name) {
        case .failure(let early): return early.reply
        case .success(let before):
            guard before.isFavorite else {
                return ShellReply(lines: [
                    StyledLine(Copy.fill(context.copy[UnfavCopy.self].notFavorite, dictionary: context.named(before)))
                ])
            }
            var moment = before
            moment.isFavorite = false
            return context.changed(
                before, to: moment, Copy.fill(context.copy[UnfavCopy.self].done, dictionary: context.named(moment)))
        }
    }
}

/// `/unfav`.
public struct UnfavCopy: CopySection {
    public static let key = "unfav"
    public let done: String
    public let notFavorite: String

    public init(_ words: CopyWords) throws {
        done = try words.text("done")
        notFavorite = try words.text("notFavorite")
    }
}
