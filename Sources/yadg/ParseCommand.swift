import Foundation
import YadgCore

/// `yadg parse --now <local ISO-8601> --tz <IANA zone>`: reads phrases on stdin, one per line, and
/// writes one JSON object per line in the same order (the time-eval protocol):
/// `{"input":…,"text":…,"happenedAt":…,"timeExpression":…|null,"future":true|false}`.
enum ParseCommand {
    static func run(arguments: [String], environment: [String: String], copy: Copy) -> Int32 {
        var nowText: String?
        var zoneName = environment["TZ"]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch argument {
            case "--now": nowText = value
            case "--tz": zoneName = value
            default:
                Output.err(copy.parseBadArguments + "\n")
                return 2
            }
            index += 2
        }
        guard let zoneName, let zone = TimeZone(identifier: zoneName),
            let now = (nowText ?? environment["YADG_NOW"]).flatMap({ CivilTime.parse($0, zone: zone) })
        else {
            Output.err(copy.parseBadArguments + "\n")
            return 2
        }
        let parser = TimeExpressionParser()
        var buffer = ""
        while let line = readLine(strippingNewline: true) {
            let parsed = parser.parse(line, now: now, timeZone: zone)
            buffer +=
                JSONEvents.object([
                    ("input", JSONEvents.quote(line)), ("text", JSONEvents.quote(parsed.text)),
                    ("happenedAt", JSONEvents.quote(CivilTime.iso8601(parsed.happenedAt, in: zone))),
                    ("timeExpression", parsed.timeExpression.map(JSONEvents.quote) ?? "null"),
                    ("future", parsed.kind == .future ? "true" : "false"),
                ]) + "\n"
            if buffer.utf8.count > 64 * 1024 {
                Output.out(buffer)
                buffer = ""
            }
        }
        Output.out(buffer)
        return 0
    }
}
