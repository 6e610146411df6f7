/// `/fav 12`: marks a moment as a favourite.
struct FavCommand: ShellCommand {
    static let spec = CommandSpec(
        "fav", aliases: ["favorite", "favourite"], takesArguments: true, asSubcommand: false)

    let reference: String

    init(_ arguments: CommandArguments) { reference = arguments.text }

    func run(in context: inout CommandContext) -> ShellReply {
        switch context.moment(reference: reference, command: Self.spec.name) {
        case .failure(let early): return early.reply
        case .success(let before):
            var moment = before
            moment.isFavorite = true
            return context.changed(
                before, to: moment, Copy.fill(context.copy[FavCopy.self].done, dictionary: context.named(moment)))
        }
    }
}

/// `/fav`.
public struct FavCopy: CopySection {
    public static let key = "fav"
    public let done: String

    public init(_ words: CopyWords) throws {
        done = try words.text("done")
    }
}
