/// `/undo` (and `undo that`): takes back the last thing done in this conversation — a moment
/// logged, deleted, edited, moved, starred, or given a mood, note, tag or photo — and nothing
/// else. Each `/undo` walks back one more.
struct UndoCommand: ShellCommand {
    static let spec = CommandSpec("undo", takesArguments: false, asSubcommand: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        let words = context.copy[UndoCopy.self]
        guard let last = context.state.undoable.popLast() else { return ShellReply(lines: [StyledLine(words.nothing)]) }
        // The moment as it is now. A store that cannot read it (a locked journal not yet opened,
        // damage) says so, and the step is kept for when it can be read.
        let stored: Moment?
        do {
            switch last {
            case .logged(let id): stored = try context.store.moment(id: id)
            case .changed(let before, _): stored = try context.store.moment(id: before.id)
            }
        } catch {
            context.state.undoable.append(last)
            return context.storeFailure(error, reading: true)
        }
        switch last {
        case .logged:
            guard var moment = stored, moment.archivedAt == nil else {
                return ShellReply(lines: [StyledLine(words.nothing)])
            }
            moment.archivedAt = context.clock.now()
            return context.saved(moment, Copy.fill(words.logged, dictionary: context.named(moment)))
        case .changed(let before, let after):
            guard let now = stored else {
                return ShellReply(lines: [StyledLine(words.nothing)])
            }
            let restored = Self.restoring(now, before: before, after: after)
            return context.saved(restored, message(before, after, restored, words, in: context))
        }
    }

    /// `moment` with each field the change set put back as it was before; a field changed since
    /// by anything else, and the crisis reading's flag (never lowered), stay as they are.
    static func restoring(_ moment: Moment, before: Moment, after: Moment) -> Moment {
        var restored = moment
        if before.archivedAt != after.archivedAt { restored.archivedAt = before.archivedAt }
        if before.text != after.text { restored.text = before.text }
        if before.happenedAt != after.happenedAt || before.said != after.said {
            restored.happenedAt = before.happenedAt
            restored.said = before.said
            restored.timeAgo = before.timeAgo
        }
        if before.offlinePraise != after.offlinePraise { restored.offlinePraise = before.offlinePraise }
        if before.isFavorite != after.isFavorite { restored.isFavorite = before.isFavorite }
        if before.mood != after.mood { restored.mood = before.mood }
        if before.note != after.note { restored.note = before.note }
        if before.tags != after.tags { restored.tags = before.tags }
        if before.photos != after.photos { restored.photos = before.photos }
        return restored
    }

    /// What was taken back, naming the moment.
    private func message(
        _ before: Moment, _ after: Moment, _ restored: Moment, _ words: UndoCopy, in context: CommandContext
    ) -> String {
        var values = context.named(restored)
        let template: String
        if before.archivedAt != after.archivedAt {
            template = words.done
        } else if before.text != after.text {
            template = words.editUndone
        } else if before.happenedAt != after.happenedAt || before.said != after.said {
            values["when"] = context.whenWords(
                restored.happenedAt, restored.said, context.clock.now(), saidAt: restored.submittedAt)
            template = words.moved
        } else if before.isFavorite != after.isFavorite {
            template = before.isFavorite ? words.favoriteAgain : words.unstarred
        } else if before.mood != after.mood {
            template = words.mood
        } else if before.note != after.note {
            template = words.note
        } else if before.tags != after.tags {
            template = words.tags
        } else {
            template = words.photo
        }
        return Copy.fill(template, dictionary: values)
    }
}

/// `/undo`.
public struct UndoCopy: CopySection {
    public static let key = "undo"
    public let done, editUndone, logged, moved, favoriteAgain, unstarred, mood, note, tags, photo: String
    public let nothing: String

    public init(_ words: CopyWords) throws {
        done = try words.text("done")
        editUndone = try words.text("editUndone")
        logged = try words.text("logged")
        moved = try words.text("moved")
        favoriteAgain = try words.text("favoriteAgain")
        unstarred = try words.text("unstarred")
        mood = try words.text("mood")
        note = try words.text("note")
        tags = try words.text("tags")
        photo = try words.text("photo")
        nothing = try words.text("nothing")
    }
}
