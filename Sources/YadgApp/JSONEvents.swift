import YadgCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--json` output: one JSON object per line per event (quoting lives in Core's `JSONText`).
public enum JSONEvents {
    public static func lines(
        for events: [ShellEvent], now: Date, zone: Zone, copy: Copy, moods: MoodVocabulary
    ) -> [String] {
        events.map { event in
            switch event {
            case .logged(let moment):
                return object(
                    [
                        ("event", quote("logged")), ("id", quote(moment.id.lowercasedText)),
                        ("ref", String(moment.ref)), ("text", quote(moment.text)),
                        ("happenedAt", quote(CivilTime.iso8601(moment.happenedAt, in: zone))),
                        ("timeAgo", String(moment.timeAgo)), ("offlinePraise", quote(moment.offlinePraise)),
                    ] + extrasFields(moment) + sensitivityField(moment))
            case .notLogged(let input, let reason):
                return object([
                    // A rejected line may be a megabyte: the event names it, it does not echo it all.
                    ("event", quote("not_logged")), ("input", quote(Self.excerpt(input))),
                    ("reason", quote(reason.rawValue)),
                ])
            case .command(let name, let output, let kept):
                return object(
                    [("event", quote("command")), ("command", quote(name)), ("output", quote(output))]
                        + (kept.jsonKey.map { [($0, "true")] } ?? []))
            case .moments(let moments):
                let rows = moments.map { row($0, now: now, zone: zone, copy: copy) }
                return object([("event", quote("moments")), ("moments", "[" + rows.joined(separator: ",") + "]")])
            case .answer(let sentence, let moments):
                let rows = moments.map { row($0, now: now, zone: zone, copy: copy) }
                return object([
                    ("event", quote("answer")), ("text", quote(sentence)),
                    ("moments", "[" + rows.joined(separator: ",") + "]"),
                ])
            case .smallTalk(let text):
                return object([("event", quote("smalltalk")), ("text", quote(text))])
            case .modelAnswer(let text):
                return object([("event", quote("ai_answer")), ("text", quote(text))])
            case .journey(let days):
                let rows = days.map { d in
                    object(
                        [
                            ("date", quote(d.day.text)),
                            (
                                "mood",
                                quote(d.isHeavy ? "" : DayDigest.moodLabel(for: d.moments, copy: copy, moods: moods))
                            ),
                            ("count", String(d.moments.count)),
                            ("moments", "[" + d.moments.reversed().map { quote($0.text) }.joined(separator: ",") + "]"),
                            ("summary", quote(d.summary)),
                        ] + heavyField(d.moments))
                }
                return object([("event", quote("journey")), ("days", "[" + rows.joined(separator: ",") + "]")])
            case .week(let week):
                return object([("event", quote("week"))] + weekFields(week, now: now, zone: zone, copy: copy))
            case .weeks(let weeks):
                let rows = weeks.map { object(weekFields($0, now: now, zone: zone, copy: copy, moments: false)) }
                return object([("event", quote("weeks")), ("weeks", "[" + rows.joined(separator: ",") + "]")])
            case .onThisDay(let today, let groups):
                let rows = groups.map { group in
                    object([
                        ("date", quote(group.day.text)), ("distance", quote(distance(group.distance))),
                        ("count", String(group.count)),
                        (
                            "moments",
                            "[" + group.moments.map { row($0, now: now, zone: zone, copy: copy) }.joined(separator: ",")
                                + "]"
                        ),
                    ])
                }
                return object([
                    ("event", quote("onthisday")), ("date", quote(today.text)),
                    ("days", "[" + rows.joined(separator: ",") + "]"),
                ])
            case .settings(let screen):
                let sections = screen.sections.map { section in
                    let items = section.items.filter { $0.key != "disclaimer" }.map { item in
                        object([("key", quote(item.key)), ("label", quote(item.label)), ("value", quote(item.value))])
                    }
                    let disclaimer = section.items.filter { $0.key == "disclaimer" }.map(\.value).joined(
                        separator: "\n")
                    return object(
                        [
                            ("key", quote(section.key)), ("title", quote(section.title)),
                            ("items", "[" + items.joined(separator: ",") + "]"),
                        ]
                            + (disclaimer.isEmpty ? [] : [("disclaimer", quote(disclaimer))]))
                }
                return object([("event", quote("settings")), ("sections", "[" + sections.joined(separator: ",") + "]")])
            case .syncStatus(let status):
                return object([
                    ("event", quote("sync_status")), ("waiting", String(status.waiting)), ("held", String(status.held)),
                    ("lastError", status.lastError.map(quote) ?? "null"),
                ])
            case .stats(let t):
                let perDay = t.perDay.sorted { $0.key < $1.key }.map { quote($0.key) + ":" + String($0.value) }
                let kinds = t.actions.map { quote($0.0) + ":" + String($0.1) }
                var fields: [(String, String)] = [
                    ("event", quote("stats")), ("moments", String(t.moments)),
                    ("daysWithMoments", String(t.daysWithMoments)), ("favorites", String(t.favorites)),
                    ("perDay", "{" + perDay.joined(separator: ",") + "}"),
                    ("kinds", "{" + kinds.joined(separator: ",") + "}"),
                ]
                let moods: [String] = t.moods.map { quote($0.0) + ":" + String($0.1) }
                if !moods.isEmpty { fields.append(("moods", "{" + moods.joined(separator: ",") + "}")) }
                return object(fields)
            }
        }
    }

    /// A week as `/week` and `/journey weeks` report it; `moments` false leaves the rows out.
    static func weekFields(_ week: WeekView.Week, now: Date, zone: Zone, copy: Copy, moments: Bool = true)
        -> [(String, String)]
    {
        var fields: [(String, String)] = [
            ("from", quote(week.monday.text)), ("to", quote(week.sunday.text)), ("count", String(week.moments.count)),
        ]
        if moments {
            let rows = week.moments.reversed().map { row($0, now: now, zone: zone, copy: copy) }
            fields.append(("moments", "[" + rows.joined(separator: ",") + "]"))
        }
        if !week.moments.isEmpty && !week.isHeavy { fields.append(("summary", quote(week.summary))) }
        return fields + heavyField(week.moments)
    }

    /// "1 month", "6 months", "1 year", "3 years".
    static func distance(_ distance: OnThisDay.Distance) -> String {
        switch distance {
        case .months(let n): n == 1 ? "1 month" : "\(n) months"
        case .years(let n): n == 1 ? "1 year" : "\(n) years"
        }
    }

    /// `mood`, `tags`, `note` and `photos`, each only where the moment has it (so the events of
    /// a moment without them are as they were).
    /// A moment as lists and answers report it.
    static func row(_ m: Moment, now: Date, zone: Zone, copy: Copy) -> String {
        object(
            [
                ("id", quote(m.id.lowercasedText)), ("ref", String(m.ref)), ("text", quote(m.text)),
                ("happenedAt", quote(CivilTime.iso8601(m.happenedAt, in: zone))),
                ("when", quote(TimeWords(copy).relative(m.happenedAt, now: now, in: zone))),
                ("praise", quote(m.praise)), ("action", quote(m.action)),
                ("isFavorite", m.isFavorite ? "true" : "false"),
            ] + extrasFields(m) + sensitivityField(m))
    }

    static func extrasFields(_ m: Moment) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let mood = m.mood { fields.append(("mood", quote(mood))) }
        if !m.tags.isEmpty { fields.append(("tags", "[" + m.tags.map(quote).joined(separator: ",") + "]")) }
        if let note = m.note { fields.append(("note", quote(note))) }
        if !m.photos.isEmpty { fields.append(("photos", "[" + m.photos.map(quote).joined(separator: ",") + "]")) }
        return fields
    }

    /// `"crisis":true`, `"concern":true` or `"milestone":true` for what the crisis reading kept on
    /// this machine; absent otherwise.
    static func sensitivityField(_ moment: Moment) -> [(String, String)] {
        moment.sensitivity.jsonKey.map { [($0, "true")] } ?? []
    }

    /// A Journey day or a week holding a crisis (`"crisis":true`) or, short of one, a concern
    /// (`"concern":true`): the day is gentle and never summarised; absent otherwise.
    static func heavyField(_ moments: [Moment]) -> [(String, String)] {
        let heaviest = moments.map(\.sensitivity).max() ?? .ordinary
        guard heaviest >= .concern, let key = heaviest.jsonKey else { return [] }
        return [(key, "true")]
    }

    /// At most 200 characters of a rejected line, with "…" when cut.
    static func excerpt(_ input: String) -> String {
        input.count <= 200 ? input : String(input.prefix(200)) + "…"
    }

    static func object(_ fields: [(String, String)]) -> String { JSONText.object(fields) }

    static func quote(_ text: String) -> String { JSONText.quote(text) }
}
