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
        var saidFormat = false
        var rest = words[...]
        func ext(_ name: String) -> String {
            name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last!) : ""
        }
        while let word = rest.popFirst() {
            switch word {
            case "--format", "-f":
                let value = rest.popFirst() ?? ""
                guard let chosen = Self.format(named: value) else { return .unknownFormat(value) }
                format = chosen
                saidFormat = true
            case "--output", "-o":
                path = rest.popFirst() ?? ""
            case "--with-deleted":
                withDeleted = true
            default:
                if let chosen = Self.format(named: word) {
                    format = chosen
                    saidFormat = true
                } else if word.contains("/") || word.hasPrefix("~") || Self.format(named: ext(word)) != nil {
                    // `/export ~/moments.md`: a file, its format from its name unless one was said.
                    path = word
                    if !saidFormat, let named = Self.format(named: ext(word)) { format = named }
                } else {
                    return .unknownFormat(word)
                }
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
    public let done, doneOne, replaced: String
    public let failed: String
    public let unknownFormat: String
    public let markdownTitle: String
    public let markdownPhoto: String

    public init(_ words: CopyWords) throws {
        done = try words.text("done")
        doneOne = try words.text("doneOne")
        replaced = try words.text("replaced")
        failed = try words.text("failed")
        unknownFormat = try words.text("unknownFormat")
        markdownTitle = try words.text("markdownTitle")
        markdownPhoto = try words.text("markdownPhoto")
    }
}
