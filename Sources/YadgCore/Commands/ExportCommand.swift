/// `/export [json|csv|md]` and `yadg export [--format json|csv|md] [--output FILE]
/// [--with-deleted]`: one parser for both. Deleted moments are left out unless asked for (then
/// marked by their `archivedAt`). The file is written by the application (the core does no I/O).
struct ExportCommand: ShellCommand {
    static let spec = CommandSpec(
        "export", takesArguments: true, crisisWords: .runsAsTyped,
        completion: ArgumentCompletion(
            words: ["json", "csv", "md"],
            options: [
                .init("--format", argument: "FORMAT", values: ["json", "csv", "md"]),
                .init("--output", argument: "FILE"), .init("--with-deleted"),
            ]))

    enum Parsed: Equatable {
        case export(ExportFormat, path: String?, withDeleted: Bool)
        case unknownFormat(String)
    }

    let parsed: Parsed

    init(_ arguments: CommandArguments) { parsed = Self.parse(arguments.words) }

    static func parse(_ words: [String]) -> Parsed {
        var format = ExportFormat.json
        var path: String?
        var withDeleted = false
        var rest = words[...]
        while let word = rest.popFirst() {
            switch word {
            case "--format", "-f":
                let value = rest.popFirst() ?? ""
                guard let chosen = Self.format(named: value) else { return .unknownFormat(value) }
                format = chosen
            case "--output", "-o":
                path = rest.popFirst() ?? ""
            case "--with-deleted":
                withDeleted = true
            default:
                guard let chosen = Self.format(named: word) else { return .unknownFormat(word) }
                format = chosen
            }
        }
        return .export(format, path: path, withDeleted: withDeleted)
    }

    private static func format(named name: String) -> ExportFormat? {
        let lowered = name.lowercased()
        return ExportFormat(rawValue: lowered == "markdown" ? "md" : lowered)
    }

    func run(in context: inout CommandContext) -> ShellReply {
        switch parsed {
        case .unknownFormat(let name):
            return .failed(Copy.fill(context.copy[ExportCopy.self].unknownFormat, ["format": name]), usage: true)
        case .export(let format, let path, let withDeleted):
            return ShellReply(effects: [.export(format, path: path, withDeleted: withDeleted)])
        }
    }
}

/// `/export` and `yadg export`.
public struct ExportCopy: CopySection {
    public static let key = "export"
    public let done: String
    public let failed: String
    public let unknownFormat: String
    public let markdownTitle: String
    public let markdownPhoto: String

    public init(_ words: CopyWords) throws {
        done = try words.text("done")
        failed = try words.text("failed")
        unknownFormat = try words.text("unknownFormat")
        markdownTitle = try words.text("markdownTitle")
        markdownPhoto = try words.text("markdownPhoto")
    }
}
