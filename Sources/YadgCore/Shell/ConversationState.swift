#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the conversation remembers between lines. A value: commands receive it with their
/// context, change it, and the shell keeps the result.
public struct ConversationState {
    /// A change `/undo` (and `undo that`) takes back.
    enum Undoable {
        /// A moment logged: taken back, it is deleted (archived, as `/delete` does).
        case logged(UUID)
        /// A moment changed by a command (`/delete`, `/edit`, `/when`, `/fav`, `/mood`, `/note`,
        /// `/tag`, `/photo`): taken back, the fields that differ between the two are set back, and
        /// nothing else, so a change made since to another field stays.
        indirect case changed(before: Moment, after: Moment)
    }

    /// How many changes `/undo` keeps at least (and moments `last` looks back through): a long pipe
    /// keeps only its latest, not one entry per line.
    static let remembered = 100

    /// Keeps a change for `/undo`, forgetting the oldest beyond ``remembered`` (in halves, so a
    /// long pipe moves the list once every hundred lines, not at each).
    mutating func remember(_ change: Undoable) {
        if undoable.count >= 2 * Self.remembered { undoable.removeFirst(Self.remembered) }
        undoable.append(change)
    }

    /// Keeps a moment as logged here (and its logging for `/undo`).
    mutating func remember(logged id: UUID) {
        if loggedHere.count >= 2 * Self.remembered { loggedHere.removeFirst(Self.remembered) }
        loggedHere.append(id)
        remember(.logged(id))
    }

    /// The step of `/did` in progress, if any.
    var guidedLog: GuidedLog?
    /// What `/undo` can take back, newest last: every moment logged and every change made in this
    /// conversation, so `/undo` twice walks back the last two.
    var undoable: [Undoable] = []
    /// The moments this conversation logged, oldest first: `last`, `that` and `it` name the newest
    /// of them that is not deleted, never one another yadg or an import saved meanwhile.
    var loggedHere: [UUID] = []
    /// The oldest day (or week's Monday) the Journey has shown, for `/journey more`.
    var journeyCursor: LocalDay?
    /// The Journey last shown was `/journey weeks`.
    var journeyByWeek = false
    /// The recent praise lines as last saved (read from the store once).
    var recentPraise: [String]?
    /// Which Home phrase shows now.
    var homePhraseIndex = 0
    var hasShownAfterCardHint = false
    /// A question waiting for its answer on the next line.
    var awaiting: Question?
    /// The last line logged a moment: `I felt proud` is then its mood.
    var afterMoment = false
    /// This line corrected the last moment in words (`star it`), asked about moments or made small
    /// talk: the last moment is still what the conversation is about.
    var keepsTalkingAboutLast = false
    /// The small-talk answer each kind gave last, so the next is another.
    var lastSmallTalk: [SmallTalk: Int] = [:]
    /// Small talk was answered once already (the first answer adds what to type).
    var hasAnsweredSmallTalk = false
    /// The line just answered as not a win (`didn't go to the gym`), which `keep it` keeps.
    var unkept: String?

    /// Questions a command asks, answered by the next line that is not a command.
    enum Question: Equatable {
        /// Delete my data: the word `delete`, or anything else to keep it all.
        case deleteConfirmation
        /// `/settings ai`: a number or a name from the list.
        case aiChoice([AIChoice])
    }

    /// The steps of `/did`: what, when, then the optional feeling and note, then Enter to save.
    enum GuidedLog: Equatable {
        case askingText
        case askingWhen(text: String, extras: MomentExtras)
        case askingMood(GuidedDraft)
        case askingNote(GuidedDraft)
        case confirming(GuidedDraft)
    }

    /// A moment taking shape in `/did`.
    struct GuidedDraft: Equatable {
        var text: String
        var happenedAt: Date
        var said: SaidTime
        var extras: MomentExtras
    }
}
