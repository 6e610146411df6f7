#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Moments list: sections Today, Yesterday, then dates, newest first.
/// ```
/// Moments
///
/// Today
///    1  took a walk
///       2 hours ago · "Nice move, champ."
/// ```
/// The numbers are the moments' own short references (``Moment/ref``), the same in every list.
public enum MomentsByDayView {
    /// `marksUnsynced`: with a backend configured, a moment not yet on the server gets one quiet mark.
    public static func render(
        _ moments: [Moment], now: Date, zone: Zone, copy: Copy, extras: ExtrasShown, width: Int = 80,
        marksUnsynced: Bool = false
    )
        -> [StyledLine]
    {
        let timeWords = TimeWords(copy)
        let words = copy[MomentsCopy.self]
        var lines = [StyledLine(words.title, .title)]
        guard !moments.isEmpty else {
            lines.append(StyledLine(""))
            lines.append(StyledLine(words.empty))
            lines.append(StyledLine(words.emptyAction, .dim))
            return lines
        }
        let today = TimeWords.dayNumber(now, zone)
        var currentDay: Int?
        let digits = String(moments.map(\.ref).max() ?? 0).count
        for moment in moments {
            let day = TimeWords.dayNumber(moment.happenedAt, zone)
            if day != currentDay {
                currentDay = day
                lines.append(StyledLine(""))
                lines.append(StyledLine(sectionTitle(day: day, today: today, moment.happenedAt, zone, copy), .title))
            }
            let number = String(moment.ref)
            let reference = String(repeating: " ", count: digits - number.count) + number
            let star = moment.isFavorite ? "★ " : ""
            let pad = String(repeating: " ", count: digits + 4)
            lines += TextWidth.wrap(
                star + extras.headline(moment), width: width, firstIndent: "  \(reference)  ", indent: pad
            )
            .map { StyledLine($0) }
            let when =
                timeWords.label(for: moment, now: now, in: zone)
                ?? (day == today
                    ? timeWords.relative(moment.happenedAt, now: now, in: zone)
                    : timeWords.clock(moment.happenedAt, in: zone))
            var detail = moment.praise.isEmpty ? when : "\(when) · \"\(moment.praise)\""
            if !moment.photos.isEmpty {
                detail += " · " + Copy.fill(words.photoCount, ["count": String(moment.photos.count)])
            }
            if marksUnsynced && !moment.isSynced && !moment.staysOnThisMachine { detail += " " + words.unsyncedMark }
            lines += TextWidth.wrap(detail, width: width, firstIndent: pad, indent: pad).map { StyledLine($0, .dim) }
            if let note = moment.note {
                lines += TextWidth.wrap(
                    Copy.fill(words.noteLine, ["note": note]), width: width, firstIndent: pad, indent: pad + "  "
                )
                .map { StyledLine($0, .dim) }
            }
            for photo in moment.photos {
                // A path is never broken: a person copies it whole. A sealed photo opens only with
                // the passphrase, so its line says how.
                let line =
                    ExtrasShown.isSealed(photo)
                    ? Copy.fill(words.photoSealedLine, ["reference": number])
                    : Copy.fill(words.photoLine, ["path": extras.photoPath(photo)])
                lines.append(StyledLine(pad + line, .dim))
            }
        }
        return lines
    }

    static func sectionTitle(day: Int, today: Int, _ date: Date, _ zone: Zone, _ copy: Copy) -> String {
        if day == today { return copy[MomentsCopy.self].today }
        if day == today - 1 { return copy[MomentsCopy.self].yesterday }
        return TimeWords(copy).weekdayMonthDayYear(LocalDay(number: day))
    }
}

/// `/moments` and the lists of moments other commands show.
public struct MomentsCopy: CopySection {
    public static let key = "moments"
    /// After a moment not yet on the server (with a backend configured).
    public let unsyncedMark: String
    public let title: String
    public let today: String
    public let yesterday: String
    public let empty: String
    public let emptyAction: String
    public let nothingInRange: String
    public let unknownRange: String
    public let favouritesTitle, noFavourites: String
    public let showingNewest: String
    /// After the praise of a moment with photos: `📷 1`.
    public let photoCount: String
    public let noteLine: String
    public let photoLine: String
    /// A sealed photo (a locked journal's): where to open it.
    public let photoSealedLine: String

    public init(_ words: CopyWords) throws {
        unsyncedMark = try words.text("unsyncedMark")
        title = try words.text("title")
        today = try words.text("today")
        yesterday = try words.text("yesterday")
        empty = try words.text("empty")
        emptyAction = try words.text("emptyAction")
        nothingInRange = try words.text("nothingInRange")
        favouritesTitle = try words.text("favouritesTitle")
        noFavourites = try words.text("noFavourites")
        unknownRange = try words.text("unknownRange")
        showingNewest = try words.text("showingNewest")
        photoCount = try words.text("photoCount")
        noteLine = try words.text("noteLine")
        photoLine = try words.text("photoLine")
        photoSealedLine = try words.text("photoSealedLine")
    }
}
