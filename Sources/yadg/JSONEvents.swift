import Foundation
import YadgCore

/// `--json` output: one JSON object per line per event.
enum JSONEvents {
    static func lines(for events: [ShellEvent], now: Date, zone: TimeZone) -> [String] {
        events.map { event in
            switch event {
            case .logged(let moment):
                return object([
                    ("event", quote("logged")), ("id", quote(moment.id.uuidString.lowercased())),
                    ("text", quote(moment.text)),
                    ("happenedAt", quote(CivilTime.iso8601(moment.happenedAt, in: zone))),
                    ("timeAgo", String(moment.timeAgo)), ("offlinePraise", quote(moment.offlinePraise)),
                ])
            case .notLogged(let input, let reason):
                return object([
                    ("event", quote("not_logged")), ("input", quote(input)), ("reason", quote(reason.rawValue)),
                ])
            case .command(let name, let output):
                return object([("event", quote("command")), ("command", quote(name)), ("output", quote(output))])
            case .moments(let moments):
                let rows = moments.map { m in
                    object([
                        ("id", quote(m.id.uuidString.lowercased())), ("text", quote(m.text)),
                        ("happenedAt", quote(CivilTime.iso8601(m.happenedAt, in: zone))),
                        ("when", quote(TimeWords.relative(m.happenedAt, now: now, in: zone))),
                        ("praise", quote(m.praise)), ("action", quote(m.action)),
                        ("isFavorite", m.isFavorite ? "true" : "false"),
                    ])
                }
                return object([("event", quote("moments")), ("moments", "[" + rows.joined(separator: ",") + "]")])
            case .journey(let days):
                let rows = days.map { d in
                    object([
                        ("date", quote(d.day.text)), ("mood", quote(DayDigest.moodLabel(for: d.moments))),
                        ("count", String(d.moments.count)),
                        ("moments", "[" + d.moments.reversed().map { quote($0.text) }.joined(separator: ",") + "]"),
                        ("summary", quote(d.summary)),
                    ])
                }
                return object([("event", quote("journey")), ("days", "[" + rows.joined(separator: ",") + "]")])
            case .stats(let t):
                let perDay = t.perDay.sorted { $0.key < $1.key }.map { quote($0.key) + ":" + String($0.value) }
                let kinds = t.actions.map { quote($0.0) + ":" + String($0.1) }
                return object([
                    ("event", quote("stats")), ("moments", String(t.moments)),
                    ("daysWithMoments", String(t.daysWithMoments)), ("favorites", String(t.favorites)),
                    ("perDay", "{" + perDay.joined(separator: ",") + "}"),
                    ("kinds", "{" + kinds.joined(separator: ",") + "}"),
                ])
            }
        }
    }

    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A JSON string literal. Control characters (C0, DEL, C1) and line/paragraph separators are
    /// escaped, so the output is one line and carries no raw terminal controls.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                    let hex = String(v, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
