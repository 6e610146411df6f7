#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The card printed right after a moment is saved:
/// ```
/// Moment logged  #12
///   took a walk
///   2 hours ago · 1:04 PM
///   Nice move, champ.
/// ```
public enum MomentCard {
    public static func render(_ moment: Moment, now: Date, zone: Zone, copy: Copy, extras: ExtrasShown)
        -> [StyledLine]
    {
        // Each section of copy is fetched once: a fetch takes a lock and a dynamic cast.
        let words = copy[CardCopy.self]
        let time = TimeWords(copy)
        // Room for the lines a caller adds after the card (a hint, the crisis message) too.
        var card: [StyledLine] = []
        card.reserveCapacity(6)
        card.append(title(of: moment, words))
        card.append(StyledLine("  " + extras.headline(moment)))
        card.append(
            StyledLine(
                "  "
                    + (time.label(for: moment, now: now, in: zone) ?? time.when(moment.happenedAt, now: now, in: zone)),
                .dim))
        // A crisis moment has no praise line: the crisis message stands in its place. The line
        // carries the moment's id: the AI praise finds it by that, to take its place.
        if !moment.offlinePraise.isEmpty {
            card.append(StyledLine("  " + moment.offlinePraise, .secondary, offlinePraiseOf: moment.id))
        }
        return card
    }
}

extension MomentCard {
    /// `Moment logged  #12`: the card's first line.
    static func title(of moment: Moment, _ words: CardCopy) -> StyledLine {
        StyledLine(
            moment.ref > 0
                ? words.logged + "  " + Copy.fill(words.reference, ["ref": String(moment.ref)]) : words.logged,
            .primary)
    }
}

extension ShellReply {
    /// The same reply with the moment it logged numbered `shift` further on: a batch whose
    /// numbers another writer took before it held the write lock was written that far on
    /// (``BatchCommit/wait()``), and its acknowledgement says the numbers as stored.
    public func renumbered(by shift: Int, copy: Copy) -> ShellReply {
        guard shift != 0 else { return self }
        var reply = self
        let words = copy[CardCopy.self]
        for (index, event) in events.enumerated() {
            guard case .logged(var moment) = event else { continue }
            let before = MomentCard.title(of: moment, words)
            moment.ref += shift
            reply.events[index] = .logged(moment)
            if let line = reply.lines.firstIndex(of: before) { reply.lines[line] = MomentCard.title(of: moment, words) }
        }
        for (index, effect) in effects.enumerated() {
            guard case .requestPraise(var moment) = effect else { continue }
            moment.ref += shift
            reply.effects[index] = .requestPraise(moment)
        }
        return reply
    }
}

/// What became of a request for AI praise.
public enum PraiseOutcome: Sendable, Equatable {
    case praise(String)
    case failed(PraiseProviderError)
    /// A reply came, and the never-shown rules refused it (``ReplyJudgement``): nothing failed
    /// that the person needs to know, so the offline praise simply stays.
    case refused(ReplyJudgement.Refusal)
}

extension MomentCard {
    /// The card's second half, printed when the AI praise arrives a few seconds later: `✨ …`, or one
    /// dim line when it could not be had (nothing when it was cancelled). `labelled` names the
    /// moment, for praise that is not for the latest one or arrives among others.
    public static func aiPraise(for moment: Moment, _ outcome: PraiseOutcome, labelled: Bool, copy: Copy)
        -> [StyledLine]
    {
        let label =
            labelled ? Copy.fill(copy[CardCopy.self].aiPraiseLabel, ["text": String(moment.text.prefix(40))]) + " " : ""
        switch outcome {
        case .praise(let text):
            return [StyledLine("  ✨ " + label + text, .secondary)]
        case .failed(.cancelled), .refused:
            return []
        case .failed:
            return [StyledLine("  " + label + copy[CardCopy.self].aiPraiseFailed, .dim)]
        }
    }
}

/// The card printed when a moment is saved, and its AI half.
public struct CardCopy: CopySection {
    public static let key = "card"
    public let logged: String
    public let reference: String
    public let afterCardHint: String
    public let aiPraiseFailed: String
    public let aiPraiseLabel: String
    public let crisisMessage: String
    /// The short check-in for a concern (<doc:CrisisSafety>), where praise would be.
    public let concernMessage: String
    /// Under a card whose time was moved back to an earlier day: `/when` names another.
    public let anotherDay: String
    /// "at 6:00 PM", in that hint's example.
    public let atClock: String

    public init(_ words: CopyWords) throws {
        logged = try words.text("logged")
        reference = try words.text("reference")
        afterCardHint = try words.text("afterCardHint")
        aiPraiseFailed = try words.text("aiPraiseFailed")
        aiPraiseLabel = try words.text("aiPraiseLabel")
        crisisMessage = try words.text("crisisMessage")
        concernMessage = try words.text("concernMessage")
        anotherDay = try words.text("anotherDay")
        atClock = try words.text("atClock")
    }
}
