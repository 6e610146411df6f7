#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `yadg parse [--now <local ISO-8601>] [--tz <IANA zone>]`: reads phrases on stdin, one per line,
/// and writes what the time parser makes of each as one JSON object per line (see
/// ``ParsedPhrase``). A developer's tool; in the conversation it only says how to use it.
struct ParseCommand: ShellCommand {
    static let spec = CommandSpec(
        "parse", takesArguments: true, inConversation: false,
        completion: ArgumentCompletion(options: [.init("--now", argument: "TIME"), .init("--tz", argument: "ZONE")]))

    let now: String?
    let zone: String?
    let isValid: Bool

    init(_ arguments: CommandArguments) {
        var now: String?
        var zone: String?
        var valid = true
        var rest = arguments.words[...]
        while let word = rest.popFirst() {
            switch word {
            case "--now": now = rest.popFirst()
            case "--tz": zone = rest.popFirst()
            default: valid = false
            }
        }
        (self.now, self.zone, isValid) = (now, zone, valid)
    }

    func run(in context: inout CommandContext) -> ShellReply {
        let copy = context.copy
        guard context.mode == .oneShot else {
            return context.shown([StyledLine(copy[ParseCopy.self].usage)], by: Self.spec.name)
        }
        let zone = self.zone.map { Zone(identifier: $0) } ?? context.zone
        guard isValid, let zone, let now = self.now.map({ CivilTime.parse($0, zone: zone) }) ?? context.clock.now()
        else { return .failed(copy[ParseCopy.self].badArguments, usage: true) }
        return ShellReply(effects: [.parsePhrases(now: now, zone: zone)])
    }
}

/// One line of `yadg parse` output:
/// `{"input":…,"text":…,"happenedAt":…,"timeExpression":…|null,"future":true|false}`.
public enum ParsedPhrase {
    public static func json(_ line: String, parser: TimeExpressionParser, now: Date, zone: Zone) -> String {
        let parsed = parser.parse(line, now: now, timeZone: zone)
        return JSONText.object([
            ("input", JSONText.quote(line)), ("text", JSONText.quote(parsed.text)),
            ("happenedAt", JSONText.quote(CivilTime.iso8601(parsed.happenedAt, in: zone))),
            ("timeExpression", parsed.timeExpression.map(JSONText.quote) ?? "null"),
            ("future", parsed.kind == .future ? "true" : "false"),
        ])
    }
}

/// `yadg parse`.
public struct ParseCopy: CopySection {
    public static let key = "parse"
    public let usage: String
    public let badArguments: String

    public init(_ words: CopyWords) throws {
        usage = try words.text("usage")
        badArguments = try words.text("badArguments")
    }
}
