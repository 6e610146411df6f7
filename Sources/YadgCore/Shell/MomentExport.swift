#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The formats of `yadg export`.
public enum ExportFormat: String, Sendable, CaseIterable {
    case json, csv, md
}

/// Moments to and from files. JSON is yadg's own format and round-trips every field; CSV and
/// Markdown are for spreadsheets and reading. Export is never behind the paywall.
public enum MomentExport {
    public static func render(
        _ moments: [Moment], as format: ExportFormat, zone: Zone, copy: Copy, extras: ExtrasShown
    ) -> String {
        switch format {
        case .json: return json(moments)
        case .csv: return csv(moments)
        case .md: return markdown(moments, zone: zone, copy: copy, extras: extras)
        }
    }

    /// The version of the JSON export this yadg writes and reads.
    public static let exportVersion = 1

    /// `{"version":1,"moments":[{…}, …]}`, one moment per line, keys in a fixed order.
    public static func json(_ moments: [Moment]) -> String {
        let rows = moments.map { m in
            var fields: [(String, String)] = [
                ("id", quote(m.id.lowercasedText)), ("text", quote(m.text)),
                ("submittedAt", quote(CivilTime.utcTimestamp(m.submittedAt))),
                ("happenedAt", quote(CivilTime.utcTimestamp(m.happenedAt))), ("tz", quote(m.tz)),
                ("timeAgo", String(m.timeAgo)), ("timePrecision", quote(m.timePrecision.rawValue)),
                ("timeSaid", m.timeSaid.map(quote) ?? "null"), ("offlinePraise", quote(m.offlinePraise)),
                ("aiPraise", m.aiPraise.map(quote) ?? "null"), ("action", quote(m.action)),
                ("tags", "[" + m.tags.map(quote).joined(separator: ",") + "]"),
                ("isFavorite", m.isFavorite ? "true" : "false"), ("isSynced", m.isSynced ? "true" : "false"),
                ("serverId", m.serverId.map(quote) ?? "null"), ("syncError", m.syncError.map(quote) ?? "null"),
                ("mood", m.mood.map(quote) ?? "null"), ("note", m.note.map(quote) ?? "null"),
                ("photos", "[" + m.photos.map(quote).joined(separator: ",") + "]"),
            ]
            fields.append(("archivedAt", m.archivedAt.map { quote(CivilTime.utcTimestamp($0)) } ?? "null"))
            // Only where set, so exports of other moments stay as they were.
            if let key = m.sensitivityKey { fields.append((key, "true")) }
            return "  {" + fields.map { quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        }
        return "{\"version\":1,\"moments\":[\n" + rows.joined(separator: ",\n") + "\n]}\n"
    }

    /// Reads yadg's JSON export. Throws when it is not one.
    /// The crisis check runs on every imported text too: a moment it catches is flagged and keeps
    /// no praise, whatever the file said.
    public static func decode(_ text: String, crisis: CrisisCheck) throws -> [Moment] {
        try decode(text).map(crisis.flagged)
    }

    public static func decode(_ text: String) throws -> [Moment] {
        struct File: Decodable {
            struct Row: Decodable {
                let id: UUID
                let text: String
                let submittedAt, happenedAt, tz: String
                /// Read as a number of any size, so one out of range is named (`1e30`), not
                /// taken for a file that is not JSON.
                let timeAgo: Double?
                let timePrecision: String?
                let timeSaid: String?
                let offlinePraise: String?
                let aiPraise: String?
                let action: String?
                let tags: [String]?
                let isFavorite, isSynced: Bool?
                let serverId, syncError, mood, note: String?
                let photos: [String]?
                let archivedAt: String?
                let crisis, concern, milestone: Bool?

                var sensitivity: Moment.Sensitivity {
                    crisis == true ? .crisis : concern == true ? .concern : milestone == true ? .milestone : .ordinary
                }
            }
            let version: Int?
            let moments: [Row]
        }
        let file = try JSONDecoder().decode(File.self, from: Data(text.utf8))
        // A file from a newer yadg may mean something this one would get wrong: refuse it whole.
        if let version = file.version, version > exportVersion {
            throw ImportError.newerVersion(found: version, known: exportVersion)
        }
        // The same rule as typed input, so one imported text cannot be a megabyte.
        if let long = file.moments.first(where: { $0.text.count > CommandContext.maxTextLength }) {
            throw ImportError.tooLong(id: long.id, limit: CommandContext.maxTextLength)
        }
        return try file.moments.map { row in
            guard let submitted = CivilTime.parse(row.submittedAt), let happened = CivilTime.parse(row.happenedAt)
            else {
                throw ImportError.badDate(id: row.id)
            }
            var m = Moment(
                id: row.id, serverId: row.serverId, text: row.text, submittedAt: submitted, happenedAt: happened,
                tz: row.tz, offlinePraise: row.offlinePraise ?? "", aiPraise: row.aiPraise,
                action: row.action ?? "other",
                tags: row.tags ?? [], isFavorite: row.isFavorite ?? false, isSynced: row.isSynced ?? false,
                syncError: row.syncError, mood: row.mood, note: row.note, photos: row.photos ?? [],
                archivedAt: row.archivedAt.flatMap { CivilTime.parse($0) }, sensitivity: row.sensitivity)
            if let timeAgo = row.timeAgo {
                // Seconds before it was logged: whole, not negative, within the years a date holds.
                guard timeAgo.isFinite, timeAgo >= 0, timeAgo <= 400_000_000_000, timeAgo == timeAgo.rounded() else {
                    throw ImportError.outOfRange(id: row.id, field: "timeAgo")
                }
                m.timeAgo = Int(timeAgo)
            }
            // An export from before precision was kept: a clock time, as it was shown then.
            m.said = SaidTime(row.timePrecision.flatMap(TimePrecision.init(rawValue:)) ?? .clock, row.timeSaid)
            return m
        }
    }

    /// RFC 4180 CSV with a header row, safe to open in a spreadsheet and to print (<doc:UntrustedText>):
    /// imports and sync pulls bring text nobody here wrote.
    public static func csv(_ moments: [Moment]) -> String {
        // Tags and photos are one cell each, a line per item (a spreadsheet shows them stacked).
        var out = "id,happenedAt,submittedAt,tz,text,praise,action,favorite,archivedAt,mood,tags,note,photos\r\n"
        for m in moments {
            out +=
                [
                    m.id.lowercasedText, CivilTime.utcTimestamp(m.happenedAt),
                    CivilTime.utcTimestamp(m.submittedAt),
                    m.tz, m.text, m.praise, m.action, m.isFavorite ? "1" : "0",
                    m.archivedAt.map(CivilTime.utcTimestamp) ?? "", m.mood ?? "", m.tags.joined(separator: "\n"),
                    m.note ?? "", m.photos.joined(separator: "\n"),
                ].map(csvCell).joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// One CSV cell. Control characters — C0 but the tab and the newline that stacks tags and
    /// photos, DEL, C1: an escape sequence that clears the screen, sets the title or the clipboard,
    /// a NUL — become their visible pictures (`␛`, `␀`) or U+FFFD, so the file is plain text
    /// wherever it is printed. A cell that begins with `=`, `+`, `-`, `@` or a tab (a carriage
    /// return is a picture by then) would run as a formula in a spreadsheet (`=cmd|' /C calc'!A0`,
    /// `+HYPERLINK(…)`): it is written as text, with a `'` before it, as OWASP's guidance on CSV
    /// injection says. Then it is quoted as RFC 4180 asks.
    static func csvCell(_ text: String) -> String {
        var cell = String.UnicodeScalarView()
        for u in text.unicodeScalars {
            switch u.value {
            case 0x0A, 0x09: cell.append(u)
            case 0x00..<0x20: cell.append(Unicode.Scalar(0x2400 + u.value)!)
            case 0x7F: cell.append("\u{2421}")
            case 0x80...0x9F: cell.append("\u{FFFD}")
            default: cell.append(u)
            }
        }
        var escaped = String(cell)
        if let first = cell.first, "=+-@\t".unicodeScalars.contains(first) {
            escaped = "'" + escaped
        }
        return escaped.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
            ? "\"" + escaped.replacing("\"", with: "\"\"") + "\"" : escaped
    }

    /// A readable Markdown file: a heading per day, a bullet per moment, its note and photos
    /// (linked by their full path) under it.
    public static func markdown(_ moments: [Moment], zone: Zone, copy: Copy, extras: ExtrasShown) -> String {
        func clean(_ text: String) -> String {
            TerminalSanitizer.clean(MomentTextRule.normalizeWhitespace(text.unicodeScalars))
        }
        let words = TimeWords(copy)
        var out = copy[ExportCopy.self].markdownTitle + "\n"
        var currentDay = ""
        for m in moments.filter({ $0.archivedAt == nil }).sorted(by: { $0.happenedAt < $1.happenedAt }) {
            let day = LocalDay(number: TimeWords.dayNumber(m.happenedAt, zone))
            if day.text != currentDay {
                currentDay = day.text
                out += "\n## \(words.monthDayYear(day))\n\n"
            }
            // One line per moment: a newline inside a text would end the list item. Markdown is
            // read by people, often in a terminal: no escape sequences or bidi overrides.
            let text = clean(extras.headline(m))
            let praise = clean(m.praise)
            // One list item; each further line after a Markdown hard break (two spaces).
            // A clock time only when one is known: a day ("yday") or a period has none to show.
            let known = m.said.precision == .exact || m.said.precision == .clock
            let time = known ? words.clock(m.happenedAt, in: zone) + " — " : ""
            var item = ["- \(time)\(text)\(m.isFavorite ? " ★" : "")"]
            if !praise.isEmpty { item.append("_\(praise)_") }
            if let note = m.note { item.append(Copy.fill(copy[MomentsCopy.self].noteLine, ["note": clean(note)])) }
            for photo in m.photos {
                // <…> keeps a path with spaces one link.
                let path = clean(extras.photoPath(photo)).replacing(">", with: "%3E")
                item.append(Copy.fill(copy[ExportCopy.self].markdownPhoto, ["path": path]))
            }
            out += item.joined(separator: "  \n  ") + "\n"
        }
        return out
    }

    static func quote(_ s: String) -> String { JSONText.quote(s) }
}

/// Why an export file cannot be imported, for a message a person can act on.
public enum ImportError: Error, Equatable {
    /// Written by a newer yadg: this one might get its meaning wrong.
    case newerVersion(found: Int, known: Int)
    /// A text longer than typed input may be.
    case tooLong(id: UUID, limit: Int)
    case badDate(id: UUID)
    /// A number no moment can hold (`"timeAgo": 1e30`, or below zero).
    case outOfRange(id: UUID, field: String)

    public func message(_ copy: Copy) -> String {
        let words = copy[ImportCopy.self]
        switch self {
        case .newerVersion(let found, let known):
            return Copy.fill(words.newerVersion, ["found": String(found), "known": String(known)])
        case .tooLong(let id, let limit):
            return Copy.fill(words.tooLong, ["id": id.lowercasedText, "limit": String(limit)])
        case .badDate(let id):
            return Copy.fill(words.badDate, ["id": id.lowercasedText])
        case .outOfRange(let id, let field):
            return Copy.fill(words.outOfRange, ["id": id.lowercasedText, "field": field])
        }
    }
}
