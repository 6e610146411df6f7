/// `yadg import FILE`: reads a JSON export into the store (idempotent on ids). The application
/// reads the file; the moments are checked by ``MomentExport/decode(_:crisis:)``.
struct ImportCommand: ShellCommand {
    static let spec = CommandSpec(
        "import", takesArguments: true, inConversation: false, crisisWords: .runsAsTyped,
        completion: ArgumentCompletion(sources: [.files]))

    let path: String

    init(_ arguments: CommandArguments) { path = arguments.text }

    func run(in context: inout CommandContext) -> ShellReply {
        guard !path.isEmpty else { return .failed(context.copy[ImportCopy.self].needsFile, usage: true) }
        return ShellReply(effects: [.importFile(path: path)])
    }
}

/// `yadg import`.
public struct ImportCopy: CopySection {
    public static let key = "import"
    public let done: String
    public let failed: String
    public let needsFile: String
    public let newerVersion: String
    public let tooLong: String
    public let badDate: String
    public let outOfRange: String
    public let noSuchFile, notReadable, notJSON, csvNotImported, missingField, wrongField, wrongShape: String
    public let photosMissing, photosMissingOne: String

    public init(_ words: CopyWords) throws {
        done = try words.text("done")
        failed = try words.text("failed")
        needsFile = try words.text("needsFile")
        newerVersion = try words.text("newerVersion")
        tooLong = try words.text("tooLong")
        badDate = try words.text("badDate")
        outOfRange = try words.text("outOfRange")
        noSuchFile = try words.text("noSuchFile")
        notReadable = try words.text("notReadable")
        notJSON = try words.text("notJSON")
        csvNotImported = try words.text("csvNotImported")
        missingField = try words.text("missingField")
        wrongField = try words.text("wrongField")
        wrongShape = try words.text("wrongShape")
        photosMissing = try words.text("photosMissing")
        photosMissingOne = try words.text("photosMissingOne")
    }
}
