/// Chooses an offline praise line for a category, never the same line twice in a row.
public struct PraisePicker: Sendable {
    public let pool: PraisePool

    public init(pool: PraisePool) { self.pool = pool }

    /// A random line of `category` that is not among `recent` (the lines shown last, newest first),
    /// as long as the category has lines left; otherwise any line but the newest.
    public func pick(
        _ category: PraiseCategory, avoiding recent: [String], using rng: inout some RandomNumberGenerator
    ) -> String {
        pick(from: pool.lines(for: category), avoiding: recent, using: &rng)
    }

    /// The same for a moment logged with a challenging mood: a hard-day line when the pool has
    /// them, else one of the category. `anotherDay`: the moment happened on another day than
    /// today, so a line that says "today" is not for it (while the pool has others).
    public func pick(
        _ category: PraiseCategory, mood: Mood?, avoiding recent: [String], anotherDay: Bool = false,
        using rng: inout some RandomNumberGenerator
    ) -> String {
        guard mood?.isChallenging == true, !pool.hardDay.isEmpty else {
            return pick(from: pool.lines(for: category), avoiding: recent, anotherDay: anotherDay, using: &rng)
        }
        return pick(from: pool.hardDay, avoiding: recent, anotherDay: anotherDay, using: &rng)
    }

    /// A line for a recovery milestone: one of the milestone lines when the pool has them, else
    /// one of the category (a shipped pool always has them).
    public func pickMilestone(
        _ category: PraiseCategory, avoiding recent: [String], anotherDay: Bool = false,
        using rng: inout some RandomNumberGenerator
    ) -> String {
        let lines = pool.milestone.isEmpty ? pool.lines(for: category) : pool.milestone
        return pick(from: lines, avoiding: recent, anotherDay: anotherDay, using: &rng)
    }

    /// Whether a line speaks of today (`You showed up for your body today.`): "today" or "tonight",
    /// in any case. A scan of the bytes in place: it runs over a category's lines for each moment
    /// of another day a pipe logs.
    static func saysToday(_ line: String) -> Bool {
        var line = line
        return line.withUTF8 { bytes in
            func lower(_ i: Int) -> UInt8 { bytes[i] | 0x20 }
            func word(_ word: StaticString, at i: Int) -> Bool {
                guard i + word.utf8CodeUnitCount <= bytes.count else { return false }
                return (0..<word.utf8CodeUnitCount).allSatisfy { lower(i + $0) == word.utf8Start[$0] }
            }
            for i in bytes.indices where lower(i) == UInt8(ascii: "t") {
                if word("today", at: i) || word("tonight", at: i) { return true }
            }
            return false
        }
    }

    /// A line not among the recent ones (else not the latest, else any), drawn as
    /// `randomElement(using:)` draws from the lines left: one number in `0..<count`. The lines are
    /// not copied into a filtered array, and a line is compared with a recent one only when their
    /// lengths agree (this runs for every moment a pipe logs). For a moment of another day, a line
    /// that says "today" counts as one just shown.
    private func pick(
        from lines: [String], avoiding recent: [String], anotherDay: Bool = false,
        using rng: inout some RandomNumberGenerator
    ) -> String {
        guard !lines.isEmpty else { return "" }
        func same(_ a: String, _ b: String) -> Bool { a.utf8.count == b.utf8.count && a == b }
        let isRecent = lines.map { line in
            (anotherDay && Self.saysToday(line)) || recent.contains { same($0, line) }
        }
        let freshCount = isRecent.count { !$0 }
        if freshCount > 0 { return nth(Self.draw(below: freshCount, using: &rng), of: lines) { !isRecent[$0] } }
        let latest = recent.first
        let others = lines.count { line in latest.map { !same($0, line) } ?? true }
        if others > 0 {
            return nth(Self.draw(below: others, using: &rng), of: lines) { index in
                latest.map { !same($0, lines[index]) } ?? true
            }
        }
        return lines[Self.draw(below: lines.count, using: &rng)]
    }

    /// A number in `0..<count`, drawn as `Int.random(in: 0..<count, using:)` draws it (the same
    /// numbers from the same generator: Lemire's method, as the standard library does), without
    /// its generic path, which cost a thousand instructions a draw (one for every moment logged).
    static func draw(below count: Int, using rng: inout some RandomNumberGenerator) -> Int {
        let bound = UInt64(count)
        var product = rng.next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold { product = rng.next().multipliedFullWidth(by: bound) }
        }
        return Int(product.high)
    }

    /// The `n`th line (from 0) of those whose index passes `keeps`.
    private func nth(_ n: Int, of lines: [String], where keeps: (Int) -> Bool) -> String {
        var left = n
        for index in lines.indices where keeps(index) {
            if left == 0 { return lines[index] }
            left -= 1
        }
        return lines[lines.count - 1]
    }
}
