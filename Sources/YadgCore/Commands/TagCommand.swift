/// `/tag #garden`: adds tags to the last moment (`/tag 3 #garden #outside` for another). Said in
/// words too: `that was for #garden`. Tags stay on this machine, like a `#word` in a logged line.
struct TagCommand: ShellCommand {
    static let spec = CommandSpec(
        "tag", takesArguments: true, asSubcommand: false, completion: ArgumentCompletion(sources: [.tags]))

    let reference: String?
    let words: [String]

    init(_ arguments: CommandArguments) {
        let (reference, rest) = CommandContext.leadingReference(arguments.text)
        self.reference = reference
        words = rest.split(separator: " ").map(String.init)
    }

    func run(in context: inout CommandContext) -> ShellReply {
        let copy = context.copy[TagCopy.self]
        let tags = words.compactMap { Hashtags.tagWord(Substring($0.hasPrefix("#") ? $0 : "#" + $0)) }
        guard !tags.isEmpty, tags.count == words.count else { return .failed(copy.needsTags, usage: true) }
        switch context.moment(reference: reference, command: Self.spec.name, noMoment: copy.noMoment) {
        case .failure(let early): return early.reply
        case .success(let before):
            var moment = before
            moment.tags += tags.filter { !moment.tags.contains($0) }
            let shown = tags.map { "#" + $0 }.joinedText(separator: " ")
            return context.changed(
                before, to: moment,
                Copy.fill(copy.done, dictionary: context.named(moment).merging(["tags": shown]) { a, _ in a }))
        }
    }
}

/// `/tag`.
public struct TagCopy: CopySection {
    public static let key = "tag"
    public let done: String
    public let needsTags: String
    public let noMoment: String

    public init(_ words: CopyWords) throws {
        done = try words.text("done")
        needsTags = try words.text("needsTags")
        noMoment = try words.text("noMoment")
    }
}
