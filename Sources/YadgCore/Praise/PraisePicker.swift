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
    /// them, else one of the category.
    public func pick(
        _ category: PraiseCategory, mood: Mood?, avoiding recent: [String], using rng: inout some RandomNumberGenerator
    ) -> String {
        guard mood?.isChallenging == true, !pool.hardDay.isEmpty else {
            return pick(category, avoiding: recent, using: &rng)
        }
        return pick(from: pool.hardDay, avoiding: recent, using: &rng)
    }

    private func pick(from lines: [String], avoiding recent: [String], using rng: inout some RandomNumberGenerator)
        -> String
    {
        guard !lines.isEmpty else { return "" }
        let fresh = lines.filter { !recent.contains($0) }
        let choices = fresh.isEmpty ? lines.filter { $0 != recent.first } : fresh
        return (choices.isEmpty ? lines : choices).randomElement(using: &rng)!
    }
}
