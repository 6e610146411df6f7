import YadgLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How the conversation's reading did on a corpus (`Tests/Corpora/talk.jsonl`): every win must be
/// a moment, every talk line anything but one, and each read as its kind calls for.
///
/// A record's `label` is a reading's name (`when`, `question.last`: yadg's own lines, read exactly),
/// `moment`, or `talk` with the kind other hands gave it in `context.kind` (`greeting`,
/// `history-question`…). `context.after` = `moment` reads the line right after a moment was logged.
package struct TalkScore: Sendable, CustomStringConvertible {
    /// Lines not logged of the talk lines, logged of the wins, and read as their kind of the talk lines.
    package var talk = (met: 0, total: 0)
    package var wins = (met: 0, total: 0)
    package var kinds = (met: 0, total: 0)
    /// Lines the crisis reader, before the stage, read as distress: kept as a flagged moment, so a
    /// talk line among them counts as logged. They are the crisis reader's to mend, not the stage's.
    package var distress: [CorpusRecord] = []
    package var misses: [(record: CorpusRecord, reading: String)] = []

    /// The readings a kind of talk from other hands may get.
    static let kindReadings: [String: [String]] = [
        "greeting": ["smalltalk."],
        "thanks": ["smalltalk."],
        // A typo put right in chat (`*yesterday`) is chatter to some writers: read as the correction it is.
        "chatter": ["smalltalk.", "howto.", "question.open", "notawin.", "help", "leave", "keep", "when", "replace"],
        "leave": ["leave", "howto.leave", "smalltalk.greeting", "command"],
        "help": ["help", "howto.", "notawin.help", "command"],
        "app-question": ["howto.", "help", "question.open"],
        "history-question": ["question.", "show", "find", "howto.scores", "howto.moments"],
        "correction": [
            "when", "delete", "favorite", "unfavorite", "tag", "note", "mood", "edit", "replace", "undo", "keep",
            "howto.typo", "howto.merge", "howto.untag", "howto.edit",
        ],
        // A question about the world (`how tall is mount everest`) gets the open question's answer:
        // yadg cannot say, and `/help` says what it can.
        // An error pasted from another window is not a win either: `howto.pasted` says so.
        "not-a-win": ["notawin.", "plan", "question.open", "howto.pasted"],
    ]

    /// Whether a reading is what the record's label asks for.
    package static func isRight(_ record: CorpusRecord, _ meaning: LineMeaning) -> Bool {
        switch record.label {
        case "moment", "win": return meaning.name == "moment"
        case "talk":
            guard meaning.name != "moment" else { return false }
            guard let kind = record.context?["kind"], let allowed = kindReadings[kind] else { return true }
            return allowed.contains { meaning.name == $0 || ($0.hasSuffix(".") && meaning.name.hasPrefix($0)) }
        default: return meaning.name == record.label
        }
    }

    /// The stage's inputs for a record: Thu 2026-11-19 15:04 in New York, after a moment or not.
    package static func context(
        _ record: CorpusRecord, crisis: CrisisCheck, moods: MoodVocabulary, talk: TalkWords
    ) -> LineContext {
        let now = Date(timeIntervalSince1970: 1_795_118_640)  // 2026-11-19T15:04:00-05:00
        let zone = Zone(identifier: "America/New_York")!
        let parser = TimeExpressionParser()
        return LineContext(
            crisis: crisis, moods: moods, talk: talk, parse: { parser.parse($0, now: now, timeZone: zone) },
            afterMoment: record.context?["after"] == "moment")
    }

    package init(_ records: [CorpusRecord], crisis: CrisisCheck, moods: MoodVocabulary, talk: TalkWords) {
        for record in records {
            let meaning = LineMeaning.read(record.text, in: Self.context(record, crisis: crisis, moods: moods, talk: talk))
            let right = Self.isRight(record, meaning)
            let isWin = record.label == "moment" || record.label == "win"
            if isWin {
                wins.total += 1
                if right { wins.met += 1 }
            } else {
                self.talk.total += 1
                if meaning.name != "moment", meaning.name != "crisis" { self.talk.met += 1 }
                kinds.total += 1
                if right { kinds.met += 1 }
            }
            if meaning.name == "crisis" { distress.append(record) }
            if !right { misses.append((record, meaning.name)) }
        }
    }

    static func percent(_ part: (met: Int, total: Int)) -> String {
        let tenths = part.total == 0 ? 0 : part.met * 1000 / part.total
        return "\(part.met)/\(part.total) (\(tenths / 10).\(tenths % 10) %)"
    }

    package var description: String {
        "talk not logged: \(Self.percent(talk))  as its kind: \(Self.percent(kinds))  wins logged: \(Self.percent(wins))"
            + (distress.isEmpty ? "" : "  (read as distress by the crisis reader first: \(distress.count))")
    }
}
