#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the Journey says about a day without a network: a mood label from the day's kinds of
/// wins, and a kind summary line built from templates in `Resources/copy.json`.
public enum DayDigest {
    /// The kind of day, from a closed list: full (five moments or more), busy (mostly work and
    /// chores), gentle (one or two moments, none of rest or people), or calm.
    public enum Mood: Sendable, Equatable {
        case full, busy, gentle, calm
    }

    public static func mood(for moments: [Moment]) -> Mood {
        let actions = moments.map(\.action)
        let busy = actions.filter { $0 == "work" || $0 == "chores" }.count
        if moments.count >= 5 { return .full }
        if moments.count >= 3 && busy * 2 >= moments.count { return .busy }
        if moments.count <= 2 && !actions.contains(where: { ["rest", "self-care", "kindness", "social"].contains($0) })
        {
            return .gentle
        }
        return .calm
    }

    /// How the person said the day felt, when they said it for any moment: its one or two most
    /// common moods (`🙏 Grateful · 😴 Tired`); otherwise the kind of day its wins make: "🙂 Calm
    /// day", "🌿 Gentle day", "⚡ Busy day" or "🌟 Full day", from the Journey's copy.
    public static func moodLabel(for moments: [Moment], copy: Copy, moods vocabulary: MoodVocabulary) -> String {
        let words = copy[JourneyCopy.self]
        // In the order they happened, so a tie goes to the feeling said first.
        let felt = moments.reversed().compactMap(\.mood)
        if !felt.isEmpty {
            var counts: [String: Int] = [:]
            for mood in felt { counts[mood, default: 0] += 1 }
            var order: [String] = []
            for mood in felt where !order.contains(mood) { order.append(mood) }
            let top = order.sorted { counts[$0]! > counts[$1]! }.prefix(2).map { mood in
                let shown = vocabulary.shown(mood)
                return Copy.fill(words.feeling, ["symbol": shown.symbol, "label": shown.label])
                    .trimmedWhitespace
            }
            return top.count == 2 ? Copy.fill(words.feelings, ["first": top[0], "second": top[1]]) : top[0]
        }
        let moods = words.moods
        switch mood(for: moments) {
        case .full: return moods.full
        case .busy: return moods.busy
        case .gentle: return moods.gentle
        case .calm: return moods.calm
        }
    }

    /// A kind line that reflects the day's two most common kinds of wins.
    public static func offlineSummary(for moments: [Moment], copy: Copy) -> String {
        var counts: [String: Int] = [:]
        for m in moments { counts[m.action, default: 0] += 1 }
        let top = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(2)
            .compactMap { copy[JourneyCopy.self].actions[$0.key] ?? copy[JourneyCopy.self].actions["other"] }
        let template = moments.count == 1 ? copy[JourneyCopy.self].summaryOne : copy[JourneyCopy.self].summarySeveral
        let things =
            top.count == 2
            ? Copy.fill(copy[JourneyCopy.self].twoThings, ["first": top[0], "second": top[1]]) : (top.first ?? "")
        return Copy.fill(template, ["things": things])
    }

    /// A fingerprint of the day's moments (ids and texts), so a cached summary is rewritten when
    /// the day changes. FNV-1a, 64-bit.
    public static func fingerprint(_ moments: [Moment]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // Each id is spelled once (uuidString formats with printf; sorting by it called it per comparison).
        for (id, m) in moments.map({ ($0.id.uuidString, $0) }).sorted(by: { $0.0 < $1.0 }) {
            for byte in (id + "\u{1F}" + m.text + "\u{1E}").utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }
}
