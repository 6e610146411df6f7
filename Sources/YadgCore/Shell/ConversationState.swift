#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the conversation remembers between lines. A value: commands receive it with their
/// context, change it, and the shell keeps the result.
public struct ConversationState {
    /// A change `/undo` takes back.
    enum Undoable {
        case deleted(Moment)
        case edited(before: Moment)
    }

    /// The step of `/did` in progress, if any.
    var guidedLog: GuidedLog?
    /// What `/undo` can take back, newest last: a moment deleted, or one as it was before an edit.
    var undoable: [Undoable] = []
    /// The oldest day (or week's Monday) the Journey has shown, for `/journey more`.
    var journeyCursor: LocalDay?
    /// The Journey last shown was `/journey weeks`.
    var journeyByWeek = false
    /// The recent praise lines as last saved (read from the store once).
    var recentPraise: [String]?
    /// Which Home phrase shows now.
    var homePhraseIndex = 0
    var hasShownAfterCardHint = false
    /// A moment was logged in this run: `/when` may then say "Set to…"; before, it names the
    /// moment it moves (one from an earlier conversation).
    var loggedThisRun = false
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
